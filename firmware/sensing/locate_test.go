package sensing

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

func TestLocatorAgreement(t *testing.T) {
	hand, pond := SeatZone(0, Hand), SeatZone(0, Discards)
	a, b := rfid.UID("A"), rfid.UID("B")
	tags := map[rfid.UID]tile.Tile{a: {Kind: tile.East}, b: {Kind: tile.South}}
	l := NewLocator(LocateConfig{}, tags, func(rfid.UID) Zone { return hand })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 30 * time.Millisecond) }
	read := func(i int, z Zone, uids ...rfid.UID) []Movement {
		m, _, _, _ := l.Observe(Read{Zone: z, At: at(i), UIDs: uids})
		return m
	}
	// A ghost of A in the pond while the hand still sees it: no movement.
	read(0, hand, a, b)
	read(1, pond, a)
	read(2, hand, a, b)
	read(3, pond, a)
	if got := l.Where(a); got != hand {
		t.Fatalf("A committed to %s on ghost reads", got)
	}
	// Absence alone is not movement.
	for i := 4; i < 10; i++ {
		read(i, hand, b)
	}
	if got := l.Where(a); got != hand {
		t.Fatalf("A moved to %s on absence alone", got)
	}
	// B seen twice in the pond and no longer in the hand: it moved.
	read(10, pond, b)
	if m := read(11, hand); len(m) != 0 {
		t.Fatalf("moved on one sighting: %v", m)
	}
	m := read(12, pond, b)
	if len(m) != 1 || m[0].UID != b || m[0].From != hand || m[0].To != pond || !m[0].At.Equal(at(12)) {
		t.Fatalf("movements %+v, want B hand→pond at the decisive read", m)
	}
}

// A move the referee expects commits on two sightings without a read of
// home that misses the tile, but not into a pond where another expected
// tile is arriving: one tile goes to a pond at a time. The hand's tile A
// heard twice running by the pond's antenna, as the real discard B lands
// (test+flowers 101659 at the human pace, where A was taken for the
// discard and B became an unexplained move).
func TestLocatorPondGhostBesideTheDiscard(t *testing.T) {
	hand, pond := SeatZone(0, Hand), SeatZone(0, Discards)
	a, b, c := rfid.UID("A"), rfid.UID("B"), rfid.UID("C")
	tags := map[rfid.UID]tile.Tile{a: {Kind: tile.East}, b: {Kind: tile.South}, c: {Kind: tile.West}}
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 30 * time.Millisecond) }
	for _, order := range []string{"AB", "BA"} {
		where := func(rfid.UID) Zone { return hand }
		l := NewLocator(LocateConfig{}, tags, where)
		l.Expect(map[rfid.UID][]Zone{a: {pond}, b: {pond}, c: {pond}})
		var moves []Movement
		read := func(i int, z Zone, uids ...rfid.UID) {
			m, _, _, _ := l.Observe(Read{Zone: z, At: at(i), UIDs: uids})
			moves = append(moves, m...)
		}
		read(0, hand, a, b, c)
		read(1, hand, a, c) // B lifted
		if order == "AB" {
			read(2, pond, a)
			read(3, pond, a, b)
		} else {
			read(2, pond, b, a)
			read(3, pond, a)
		}
		read(4, pond, b)
		if l.Where(a) != hand {
			t.Fatalf("%s: A taken to %s on two sightings while B arrived there", order, l.Where(a))
		}
		if l.Where(b) != pond || len(moves) != 1 || moves[0].UID != b {
			t.Fatalf("%s: B at %s, moves %+v: want B hand→pond alone", order, l.Where(b), moves)
		}
		read(5, hand, a, c) // the hand still has A: its pond sightings were a neighbour's
		read(6, pond, b)
		if l.Where(a) != hand || len(moves) != 1 {
			t.Errorf("%s: A at %s after the hand saw it, moves %+v", order, l.Where(a), moves)
		}
	}
	// Alone, an expected tile seen twice still goes at once, without
	// waiting for a read of home (the fast pace needs it).
	l := NewLocator(LocateConfig{}, tags, func(rfid.UID) Zone { return hand })
	l.Expect(map[rfid.UID][]Zone{a: {pond}})
	l.Observe(Read{Zone: hand, At: at(0), UIDs: []rfid.UID{a, b, c}})
	l.Observe(Read{Zone: pond, At: at(1), UIDs: []rfid.UID{a}})
	if m, _, _, _ := l.Observe(Read{Zone: pond, At: at(2), UIDs: []rfid.UID{a}}); len(m) != 1 || m[0].UID != a {
		t.Errorf("an expected tile seen twice, no rival: moves %+v, want A at once", m)
	}
	// A tile drawn and discarded in one motion goes from its wall at once
	// even beside a ghost: the wall is seldom read (mcr 101741 stalled
	// when it waited).
	wall := SeatZone(3, Wall)
	l = NewLocator(LocateConfig{}, tags, func(u rfid.UID) Zone {
		if u == a {
			return wall
		}
		return hand
	})
	l.Expect(map[rfid.UID][]Zone{a: {pond}, b: {pond}})
	l.Observe(Read{Zone: wall, At: at(0), UIDs: []rfid.UID{a}})
	l.Observe(Read{Zone: hand, At: at(1), UIDs: []rfid.UID{b, c}})
	l.Observe(Read{Zone: pond, At: at(2), UIDs: []rfid.UID{a, b}})
	if m, _, _, _ := l.Observe(Read{Zone: pond, At: at(3), UIDs: []rfid.UID{a}}); len(m) != 1 || m[0].UID != a {
		t.Errorf("a tile from the wall beside a ghost in the pond: moves %+v, want A at once", m)
	}
}

func TestZoneNames(t *testing.T) {
	for _, z := range TableZones(4) {
		got, err := ParseZone(z.String())
		if err != nil || got != z {
			t.Errorf("ParseZone(%q) = %v, %v", z.String(), got, err)
		}
	}
	if _, err := ParseZone("seat5.hand"); err == nil {
		t.Error("seat5.hand parsed")
	}
}

// The locator's per-zone arrays are indexed by Zone.index; zoneOf must
// give every zone of a table back from its index.
func TestZoneIndexRoundTrips(t *testing.T) {
	seen := map[int]bool{}
	for _, z := range TableZones(4) {
		i := z.index()
		if i < 0 || i >= maxZones || seen[i] {
			t.Fatalf("%v: index %d out of range or shared", z, i)
		}
		seen[i] = true
		if got := zoneOf(i); got != z {
			t.Errorf("zoneOf(%d) = %v, want %v", i, got, z)
		}
	}
	if got := zoneOf(maxZones); got.Known() {
		t.Errorf("zoneOf(%d) = %v, want no zone", maxZones, got)
	}
}

func TestScheduleFavoursHotZones(t *testing.T) {
	zs := TableZones(4)
	s := NewSchedule(zs)
	s.Focus(map[Zone]int{zs[1]: Hot})
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	n := map[Zone]int{}
	for range 2000 {
		z := s.Next(now)
		n[z]++
		now = now.Add(30 * time.Millisecond)
		s.Done(z, now)
	}
	if n[zs[1]] < 4*n[zs[0]] || n[zs[0]] == 0 {
		t.Errorf("hot zone read %d times, a cold one %d", n[zs[1]], n[zs[0]])
	}
}

func TestLocatorMissedReadAndArriving(t *testing.T) {
	hand, melds := SeatZone(1, Hand), SeatZone(1, Melds)
	a := rfid.UID("A")
	l := NewLocator(LocateConfig{}, map[rfid.UID]tile.Tile{a: {Kind: tile.East}}, func(rfid.UID) Zone { return hand })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 30 * time.Millisecond) }
	read := func(i int, z Zone, uids ...rfid.UID) []Movement {
		m, _, _, _ := l.Observe(Read{Zone: z, At: at(i), UIDs: uids})
		return m
	}
	read(0, hand, a)
	if len(l.Unseen()) != 0 {
		t.Fatal("a tile its zone just saw is unseen")
	}
	read(1, hand) // lifted: absence is not movement, only unseen
	if l.Where(a) != hand || len(l.Unseen()) != 1 {
		t.Fatalf("after one read without it: at %s, unseen %v", l.Where(a), l.Unseen())
	}
	read(2, melds, a)
	if got := l.Arriving(t0); len(got) != 1 || got[0].To != melds {
		t.Fatalf("arriving %v, want A in melds", got)
	}
	// One missed read of the new zone does not start agreement again.
	read(3, melds)
	if m := read(4, melds, a); len(m) != 1 || m[0].To != melds {
		t.Fatalf("movements %v, want A hand→melds despite one missed read", m)
	}
	if len(l.Arriving(t0)) != 0 {
		t.Fatal("a committed tile is still arriving")
	}
	// Two misses in a row do start it again.
	pond := SeatZone(1, Discards)
	read(5, pond, a)
	read(6, pond)
	read(7, pond)
	read(8, melds)
	if m := read(9, pond, a); len(m) != 0 {
		t.Fatalf("committed on sightings two misses apart: %v", m)
	}
}

// TestLocatorExpectedMove: a move the referee expects (the drawn tile to
// the drawer's hand) commits on two sightings without a read of the old
// zone that misses it; any other move waits for that read, and a sighting
// at home between the two still starts the count again.
func TestLocatorExpectedMove(t *testing.T) {
	wall, hand := SeatZone(2, Wall), SeatZone(0, Hand)
	a, b := rfid.UID("A"), rfid.UID("B")
	tags := map[rfid.UID]tile.Tile{a: {Kind: tile.East}, b: {Kind: tile.South}}
	l := NewLocator(LocateConfig{}, tags, func(rfid.UID) Zone { return wall })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 30 * time.Millisecond) }
	read := func(i int, z Zone, uids ...rfid.UID) []Movement {
		m, _, _, _ := l.Observe(Read{Zone: z, At: at(i), UIDs: uids})
		return m
	}
	l.Expect(map[rfid.UID][]Zone{a: {hand}})
	read(0, wall, a, b)
	// A ghost in the hand, then the wall sees A again: the count restarts.
	read(1, hand, a)
	read(2, wall, a, b)
	if m := read(3, hand, a); len(m) != 0 {
		t.Fatalf("committed across a sighting at home: %v", m)
	}
	// Both leave the wall for the hand; the wall is not read again.
	m := read(4, hand, a, b)
	if len(m) != 1 || m[0].UID != a || m[0].From != wall || m[0].To != hand || !m[0].Seen.Equal(at(3)) {
		t.Fatalf("movements %+v, want only A wall→hand, first seen at the read of %v", m, at(3))
	}
	if m := read(5, hand, a, b); len(m) != 0 || l.Where(b) != wall {
		t.Fatalf("B, not expected in the hand, committed without a read of the wall: %v", m)
	}
	if got := l.SeenIn(b, hand); !got.Equal(at(5)) {
		t.Fatalf("SeenIn(B, hand) = %v, want %v", got, at(5))
	}
	if m := read(6, wall); len(m) != 1 || m[0].UID != b || m[0].To != hand {
		t.Fatalf("movements %+v, want B wall→hand once the wall is read without it", m)
	}
}

// TestLocatorSeenBeforeTwoMisses: a tile seen in a zone, then missed by
// two reads of it in a row (1 in 400), then seen twice more, commits with
// Seen at its first sighting there: when it came, which orders it before
// a tile that came later but committed with it. Arriving says so too.
func TestLocatorSeenBeforeTwoMisses(t *testing.T) {
	hand, melds := SeatZone(3, Hand), SeatZone(3, Melds)
	a := rfid.UID("A")
	l := NewLocator(LocateConfig{}, map[rfid.UID]tile.Tile{a: {Kind: tile.Spring}}, func(rfid.UID) Zone { return hand })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 100 * time.Millisecond) }
	read := func(i int, z Zone, uids ...rfid.UID) []Movement {
		m, _, _, _ := l.Observe(Read{Zone: z, At: at(i), UIDs: uids})
		return m
	}
	read(0, hand, a)
	read(1, hand)
	read(2, melds, a)
	read(3, melds)
	read(4, melds)
	read(5, melds, a)
	arr := l.Arriving(at(0))
	if len(arr) != 1 || !arr[0].Seen.Equal(at(2)) {
		t.Fatalf("arriving %+v, want A in the melds seen first at %v", arr, at(2))
	}
	m := read(6, melds, a)
	if len(m) != 1 || m[0].To != melds || !m[0].At.Equal(at(6)) || !m[0].Seen.Equal(at(2)) {
		t.Fatalf("movements %+v, want A hand→melds at %v, seen there first at %v", m, at(6), at(2))
	}
}

// TestMissesIfFirst: two flowers X and Y leave a hand for the melds.
// Counted by hand from the reads: X first needs one missed read (the
// melds' read that saw Y without X); Y first needs two (the hand's reads
// that saw Y without X). When the hand saw Y after the melds saw X, Y
// first is ruled out.
func TestMissesIfFirst(t *testing.T) {
	hand, melds := SeatZone(2, Hand), SeatZone(2, Melds)
	x, y, z := rfid.UID("X"), rfid.UID("Y"), rfid.UID("Z")
	tags := map[rfid.UID]tile.Tile{x: {Kind: tile.Bamboo}, y: {Kind: tile.Winter}, z: {Kind: tile.East}}
	l := NewLocator(LocateConfig{}, tags, func(rfid.UID) Zone { return hand })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * 100 * time.Millisecond) }
	read := func(i int, zn Zone, uids ...rfid.UID) {
		l.Observe(Read{Zone: zn, At: at(i), UIDs: uids})
	}
	read(0, hand, x, y, z)
	read(1, hand, y, z) // X lifted
	read(2, melds)
	read(3, hand, y, z)
	read(4, melds) // X down: missed
	read(5, hand, z)
	read(6, melds, y)    // X missed again
	read(7, melds, y, x) // first sighting of X there
	trip := func(u rfid.UID) Trip { return Trip{UID: u, From: hand, To: melds, Reached: l.Reached(u, melds)} }
	if got := l.Reached(x, melds); !got.Equal(at(7)) {
		t.Fatalf("X reached the melds at %v, want %v", got, at(7))
	}
	if n, ok := l.MissesIfFirst(trip(x), trip(y)); !ok || n != 1 {
		t.Errorf("X first: %d misses, possible %v; want 1, true", n, ok)
	}
	if n, ok := l.MissesIfFirst(trip(y), trip(x)); !ok || n != 2 {
		t.Errorf("Y first: %d misses, possible %v; want 2, true", n, ok)
	}
	// As mcr hand 41589: the melds saw X before the hand last saw Y.
	l = NewLocator(LocateConfig{}, tags, func(rfid.UID) Zone { return hand })
	read(0, hand, x, y, z)
	read(1, hand, y, z)
	read(2, melds, x)
	read(3, hand, y, z)
	read(4, melds, x)
	read(5, hand, z)
	read(6, melds, x, y)
	if _, ok := l.MissesIfFirst(trip(y), trip(x)); ok {
		t.Error("Y first possible though the hand saw Y after the melds saw X")
	}
	if n, ok := l.MissesIfFirst(trip(x), trip(y)); !ok || n != 0 {
		t.Errorf("X first: %d misses, possible %v; want 0, true", n, ok)
	}
}

// Whether the latest read of a zone that could hear a tile missed it
// (Locator.Missed) follows from the reads alone: a read hears a tile it
// saw; one that did not see it could hear it unless the tile was quiet
// there (Read.Quiet) or the read was a request addressed to other tiles
// (Read.Asked). Random reads of a few zones, some tiles heard, some quiet,
// some asked for, with an operator's corrections among them, against that
// rule kept here read by read: tiles that settle out of a zone and are
// left alone by its reads must still answer as if every read had looked.
func TestLocatorMissedFollowsTheReads(t *testing.T) {
	zones := []Zone{SeatZone(0, Hand), SeatZone(0, Discards), SeatZone(1, Melds), SeatZone(1, Hand)}
	var uids []rfid.UID
	tags := map[rfid.UID]tile.Tile{}
	for i := range 8 {
		u := rfid.UID(fmt.Sprintf("T%d", i))
		uids = append(uids, u)
		tags[u] = tile.Tile{Kind: tile.Kind(i % 9)}
	}
	type key struct {
		u rfid.UID
		z Zone
	}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		l := NewLocator(LocateConfig{}, tags, func(u rfid.UID) Zone { return zones[int(u[1]-'0')%len(zones)] })
		looked, seen := map[key]int{}, map[key]int{} // read numbers, 0: none
		lastRead := map[Zone]int{}                   // the latest read not addressed to tiles
		t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		for n := 1; n <= 400; n++ {
			z := zones[rng.IntN(len(zones))]
			r := Read{Zone: z, At: t0.Add(time.Duration(n) * 3 * time.Millisecond)}
			asked := rng.IntN(10) == 0
			if asked {
				r.Asked = []rfid.UID{uids[rng.IntN(len(uids))]}
			}
			for _, u := range uids {
				// Long runs of misses: most tiles are seldom heard in most zones.
				heard := rng.IntN(12) == 0
				if asked && u != r.Asked[0] {
					heard = false
				}
				quiet := !asked && !heard && rng.IntN(4) == 0
				switch {
				case heard:
					r.UIDs = append(r.UIDs, u)
					looked[key{u, z}], seen[key{u, z}] = n, n
				case quiet:
					r.Quiet = append(r.Quiet, u)
				case !asked || u == r.Asked[0]:
					looked[key{u, z}] = n
				}
			}
			l.Observe(r)
			if rng.IntN(40) == 0 {
				l.Place(uids[rng.IntN(len(uids))], zones[rng.IntN(len(zones))])
			}
			if !asked {
				lastRead[z] = n
			}
			for _, u := range uids {
				// Kept quiet at home: the latest read of home that could
				// hear it saw it, and reads of home have come since.
				home := l.Where(u)
				want := lastRead[home] > looked[key{u, home}] && looked[key{u, home}] <= seen[key{u, home}]
				if got := l.quietHome(l.tracks[u]); got != want {
					t.Fatalf("seed %d, after read %d (%+v): %s quiet at home in %s = %v, want %v", seed, n, r, u, home, got, want)
				}
				for _, z := range zones {
					want := looked[key{u, z}] > seen[key{u, z}]
					if got := l.Missed(u, z); got != want {
						t.Fatalf("seed %d, after read %d (%+v): Missed(%s, %s) = %v, want %v (last read that could hear it %d, last that saw it %d)",
							seed, n, r, u, z, got, want, looked[key{u, z}], seen[key{u, z}])
					}
				}
			}
		}
	}
}

// A tile heard in two zones before the read of home that lets it move
// goes to the zone that heard it most, not the one that heard it last: a
// neighbouring antenna hears a tile now and then (the melds beside a
// hand, twice), its own zone at nearly every read. Sichuan 98004 at the
// human pace, with held zones waiting 20 ms between polls: a dealt tile
// heard four times in the hand and twice by the melds' antenna went to
// the melds, and was taken for the seat's missing-suit tile.
func TestLocatorMostHeardZoneWins(t *testing.T) {
	wall, hand, melds := SeatZone(1, Wall), SeatZone(0, Hand), SeatZone(0, Melds)
	a, b := rfid.UID("A"), rfid.UID("B")
	l, read := locatorAt(LocateConfig{}, wall)
	read(0, wall, a, b)
	for i, ms := range []int{10, 16, 22, 28} {
		if m := read(ms, hand, a); len(m) != 0 {
			t.Fatalf("hand read %d moved %v before a read of the wall without the tile", i, m)
		}
	}
	read(24, melds, a)
	read(33, melds, a)
	m := read(40, wall, b)
	if len(m) != 1 || m[0].UID != a || m[0].To != hand {
		t.Fatalf("movements %+v, want A wall→hand (heard there four times, twice in the melds)", m)
	}
	// A tile that left a zone for another loses the first zone's count
	// after two reads without it: the latest zone then wins.
	read(50, hand, a)
	read(56, hand, a)
	read(60, melds, a)
	read(62, hand)
	read(68, hand)
	read(70, melds, a)
	if got := l.Where(a); got != melds {
		t.Fatalf("A moved on from the hand to the melds: at %s, want %s", got, melds)
	}
}

// With every zone polled (LocateConfig.Held) a tile moves only once a
// read of its zone that could hear it did not, even where the referee
// expects it, and on three sightings when it leaves a wall: a
// neighbour's antenna hears a tile until its own
// zone quiets it, twice now and then, and the next read of its own zone
// is a few milliseconds away. (Sichuan 30207 and 30293 at
// the fast pace: a face-down tile and a discard taken from the melds' and
// the pond's antennas hearing the hand.)
func TestLocatorHeldWaitsForHome(t *testing.T) {
	hand, pond := SeatZone(0, Hand), SeatZone(0, Discards)
	a, b := rfid.UID("A"), rfid.UID("B")
	l, read := locatorAt(LocateConfig{Held: true}, hand)
	l.Expect(map[rfid.UID][]Zone{a: {pond}})
	read(0, hand, a, b)
	for i, ms := range []int{4, 8, 12} {
		if m := read(ms, pond, a); len(m) != 0 {
			t.Fatalf("pond read %d moved %v while the hand's latest read still heard A", i, m)
		}
	}
	if m := read(16, hand, b); len(m) != 1 || m[0].UID != a || m[0].To != pond {
		t.Fatalf("movements %+v, want A hand→pond once the hand's read missed it", m)
	}
	// Leaving a wall, B needs a third sighting.
	wall := SeatZone(1, Wall)
	_, read2 := locatorAt(LocateConfig{Held: true}, wall)
	read2(0, wall, a, b)
	read2(4, wall, a)
	read2(8, pond, b)
	read2(9, hand, b)
	if m := read2(12, pond, b); len(m) != 0 {
		t.Fatalf("B moved on two sightings in the pond, the hand's antenna hearing it too: %v", m)
	}
	if m := read2(16, pond, b); len(m) != 1 || m[0].UID != b || m[0].To != pond {
		t.Fatalf("movements %+v, want B wall→pond on the third", m)
	}
}

// Two zones that have heard a tile as often, twice each, are not enough
// to move it: the next reads tell (Sichuan 30445 at the fast pace: a
// dealt tile heard twice in the hand and twice by the melds' antenna went
// to the melds, the latest).
func TestLocatorTiedZonesWait(t *testing.T) {
	wall, hand, melds := SeatZone(1, Wall), SeatZone(0, Hand), SeatZone(0, Melds)
	a, b := rfid.UID("A"), rfid.UID("B")
	_, read := locatorAt(LocateConfig{}, wall)
	read(0, wall, a, b)
	read(10, hand, a)
	read(12, melds, a)
	read(16, hand, a)
	read(18, melds, a)
	if m := read(20, wall, b); len(m) != 0 {
		t.Fatalf("moved %v on two sightings in each of two zones", m)
	}
	if m := read(22, hand, a); len(m) != 1 || m[0].To != hand {
		t.Fatalf("movements %+v, want A wall→hand on the hand's third sighting", m)
	}
}

// locatorAt returns a locator of tiles A and B, both at home, and a read
// of it at a millisecond of the hand's first second.
func locatorAt(cfg LocateConfig, home Zone) (*Locator, func(ms int, z Zone, uids ...rfid.UID) []Movement) {
	tags := map[rfid.UID]tile.Tile{"A": {Kind: tile.East}, "B": {Kind: tile.South}}
	l := NewLocator(cfg, tags, func(rfid.UID) Zone { return home })
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	return l, func(ms int, z Zone, uids ...rfid.UID) []Movement {
		m, _, _, _ := l.Observe(Read{Zone: z, At: t0.Add(time.Duration(ms) * time.Millisecond), UIDs: uids})
		return m
	}
}
