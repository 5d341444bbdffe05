package players_test

import (
	"testing"
	"time"

	"jantaku/drivers/rfid/iso15693"
	"jantaku/hardware/sim/players"
)

// Hand-derived from ISO/IEC 15693's timings (docs/wiring.md, "Inventory
// time per zone"): an unmasked request (1623.68 µs) and 16 slots, silent
// (t3 379.94 µs, and the EOF of each later one, 37.76 µs) or with one
// answer (t1 + response + t2 = 4368.3 µs).
const (
	emptyZone = 8269100 * time.Nanosecond  // 1623.68 + 379.94 + 15 × 417.70
	oneTag    = 12257460 * time.Nanosecond // emptyZone − 379.94 + 4368.30
)

func near(got, want time.Duration) bool {
	d := got - want
	return d > -5*time.Microsecond && d < 5*time.Microsecond
}

// TestReadersLockstep: a reader of an empty zone and one of a zone with one
// tag, started together. Free, each takes its own time (1 ms of field
// settling, then its inventory); in lockstep frames the empty zone's slots
// last as long as the other reader's, so both end together, at the time of
// the one with the tag.
func TestReadersLockstep(t *testing.T) {
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	for _, lockstep := range []bool{false, true} {
		s := players.NewSurface(4, 1)
		s.PerFrame = 0 // the radio alone
		s.Put(iso15693.UID(0xE004015A00120300), players.Zone(1, players.Hand))
		rs := players.NewReaders(s, 2, lockstep, start)
		if err := rs.Start(0, players.Zone(0, players.Hand), start); err != nil {
			t.Fatal(err)
		}
		if err := rs.Start(1, players.Zone(1, players.Hand), start); err != nil {
			t.Fatal(err)
		}
		if err := rs.Start(1, players.Zone(1, players.Hand), start); err == nil {
			t.Error("a busy reader started another inventory")
		}
		want := map[int]time.Duration{0: time.Millisecond + emptyZone, 1: time.Millisecond + oneTag}
		if lockstep {
			want[0] = want[1]
		}
		var order []int
		for range 2 {
			r, ok := rs.Next()
			if !ok {
				t.Fatalf("lockstep %v: a reader's inventory never ended", lockstep)
			}
			order = append(order, r.Reader)
			if got := r.End.Sub(start); !near(got, want[r.Reader]) {
				t.Errorf("lockstep %v: reader %d took %v, want %v", lockstep, r.Reader, got, want[r.Reader])
			}
			if r.Reader == 1 && len(r.UIDs) != 1 {
				t.Errorf("lockstep %v: reader 1 read %v, want its one tag", lockstep, r.UIDs)
			}
		}
		if order[0] != 0 || order[1] != 1 {
			t.Errorf("lockstep %v: inventories ended in the order %v, want the empty zone's first", lockstep, order)
		}
		if _, ok := rs.Next(); ok {
			t.Errorf("lockstep %v: an inventory ended with no reader reading", lockstep)
		}
	}
}
