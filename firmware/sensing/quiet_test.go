package sensing_test

import (
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
)

// TestQuietZoneOnEmulatedReaders drives a wall's zone through the PN5180
// driver on an emulated chip holding its field on: the first read hears
// the whole wall, which is then told to stay quiet; later polls are
// silent and list the wall as quiet, a tile put down is the only one
// heard, a tile seen where no one expects it is asked for at home, and
// after FullEvery (nothing is due in a wall) the zone is read in full.
func TestQuietZoneOnEmulatedReaders(t *testing.T) {
	g, sn, tb := dealFastWith(t, 3, nil)
	h := g.Hand()
	seat := h.Turn.Next(h.Players).Next(h.Players)
	zone := sensing.SeatZone(seat, sensing.Wall)
	surf := tb.Surface()
	wall := slices.Sorted(slices.Values(surf.Tags(zone.String())))
	if len(wall) < 20 {
		t.Fatalf("seat %d's wall holds %d tiles on the surface: the test needs a built wall", seat, len(wall))
	}
	f := surf.Held(zone.String())
	t0 := time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)
	q := sensing.NewQuietZone(zone, f, t0)
	q.FullEvery = 5 * time.Second
	now := t0
	var st sensing.QuietStep
	// read runs the zone's next step and has the sensor observe its read.
	read := func() sensing.Read {
		t.Helper()
		st = q.Next(sn, now)
		f.Spent = 0
		r, err := q.Do(t.Context(), st)
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(f.Spent)
		r.At = now
		sn.Observe(t.Context(), r)
		return r
	}

	r := read()
	if got := slices.Sorted(slices.Values(r.UIDs)); !slices.Equal(got, wall) || len(r.Quiet) != 0 {
		t.Fatalf("first read: heard %v, quiet %v; want the wall %v, none quiet", got, r.Quiet, wall)
	}
	// The next step quiets every tile of the wall, a Stay Quiet frame of
	// 4.1 ms each, then polls: nothing answers.
	r = read()
	if !slices.Equal(slices.Sorted(slices.Values(st.Quiet)), wall) {
		t.Fatalf("quieted %v; want the wall", st.Quiet)
	}
	if n := time.Duration(len(wall)); f.Spent < n*4*time.Millisecond || f.Spent > n*5*time.Millisecond {
		t.Errorf("quieting %d tiles and a poll took %v; want about 4.1 ms a tile", n, f.Spent)
	}
	if len(r.UIDs) != 0 || !slices.Equal(r.Quiet, wall) {
		t.Fatalf("a poll of the quiet wall: heard %v, quiet %v; want nothing heard, the wall quiet", r.UIDs, r.Quiet)
	}
	r = read()
	if len(st.Quiet) != 0 || len(r.UIDs) != 0 || f.Spent > 3*time.Millisecond {
		t.Errorf("a step with nothing to quiet: quieted %v, heard %v in %v; want a silent poll of about 2 ms", st.Quiet, r.UIDs, f.Spent)
	}

	// A tile put down in the wall's field is the only one heard.
	var newcomer rfid.UID
	for _, tl := range h.Seats[h.Turn].Hand {
		if u := tb.UID(tl); !slices.Contains(wall, u) {
			newcomer = u
			break
		}
	}
	home := surf.Where(newcomer)
	surf.Put(newcomer, zone.String())
	r = read()
	if !slices.Equal(r.UIDs, []rfid.UID{newcomer}) || len(r.Quiet) != len(wall) {
		t.Fatalf("a tile put down: heard %v with %d quiet; want only %s", r.UIDs, len(r.Quiet), newcomer)
	}
	surf.Put(newcomer, home)
	// Two polls without it and the sensor forgets that sighting.
	read()
	read()

	// A wall tile heard twice in another seat's melds, where no one
	// expects it: the next read of the wall asks for it, and it answers.
	stray := wall[len(wall)/2]
	melds := sensing.SeatZone(seat.Next(h.Players), sensing.Melds)
	for range 2 {
		sn.Observe(t.Context(), sensing.Read{Zone: melds, At: now, UIDs: []rfid.UID{stray}})
		now = now.Add(10 * time.Millisecond)
	}
	if d := sn.Doubted(); !slices.ContainsFunc(d, func(m sensing.Movement) bool { return m.UID == stray && m.From == zone }) {
		t.Fatalf("doubted %+v: %s, seen in %s, is not", d, stray, melds)
	}
	r = read()
	if !slices.Equal(r.Asked, []rfid.UID{stray}) || !slices.Equal(r.UIDs, []rfid.UID{stray}) {
		t.Fatalf("after a stray sighting: asked %v, heard %v; want %s asked for and answering", r.Asked, r.UIDs, stray)
	}
	if sn.Where(stray) != zone {
		t.Errorf("the stray tile is placed in %s", sn.Where(stray))
	}
	read() // its answer woke it: it is heard, and quieted with the next step
	read()

	// Past FullEvery the whole zone is read again, every tag woken.
	now = t0.Add(6 * time.Second)
	r = read()
	if !st.Full || !slices.Equal(slices.Sorted(slices.Values(r.UIDs)), wall) || len(r.Quiet) != 0 {
		t.Fatalf("a read past FullEvery: full %v, heard %v, quiet %v; want the whole wall heard", st.Full, r.UIDs, r.Quiet)
	}
	r = read()
	if st.Full || len(st.Quiet) != len(wall) || len(r.UIDs) != 0 || len(r.Quiet) != len(wall) {
		t.Errorf("after the full read: full %v, quieted %d, heard %v, %d quiet; want the wall quietened again", st.Full, len(st.Quiet), r.UIDs, len(r.Quiet))
	}
}

// The PN5180 driver is what a table's zone reader holds its field with;
// the simulator's surface drives it the same way.
var (
	_ sensing.HeldField = (*pn5180.Dev)(nil)
	_ sensing.HeldField = (*players.HeldZone)(nil)
)
