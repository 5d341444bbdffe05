package sensing

import (
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
