package players

import (
	"fmt"
	"time"

	"jantaku/drivers/rfid"
)

// Readers is several surface readers on one Surface, each inventorying
// one zone at a time on its own timeline, for a table with a reader per
// seat. Time is simulated: Start begins a reader's inventory (the zone's
// tags as they lie then), Next runs the radio until the next inventory
// ends and returns it.
//
// Readers within range of each other must not transmit while another
// listens: a reader's 100 % ASK pulses blank the tag answers another is
// receiving. With Lockstep they run in lockstep frames, as synchronised
// readers do: every reader's request or EOF goes out at the same frame
// boundary, and a frame lasts as long as the longest slot among them (a
// slot with an answer, 4.4 ms, wherever one reader has one; 0.42 ms when
// every one is silent) plus the host's SPI frames for every reader in it,
// one after another (one host, one SPI controller). A reader whose field
// is still settling, or that has no inventory, sits the frame out. Without
// Lockstep each reader runs free on its own clock: what readers whose
// antennas are out of each other's range would do, and a bound no table
// with neighbouring zones reaches.
type Readers struct {
	s        *Surface
	lockstep bool
	now      time.Time // the latest frame boundary (Lockstep)
	rd       []*simReader
	done     []int // readers whose inventory has ended, in no order
}

// simReader is one reader's inventory in progress.
type simReader struct {
	busy  bool
	zone  string
	uids  []rfid.UID
	slots []Slot
	next  int       // the next slot to run (Lockstep)
	ready time.Time // its field has settled (Lockstep)
	tail  int       // SPI frames after the last slot
	start time.Time
	end   time.Time // when the inventory ends
}

// NewReaders returns n idle readers on s at start; lockstep says whether
// they run in lockstep frames.
func NewReaders(s *Surface, n int, lockstep bool, start time.Time) *Readers {
	r := &Readers{s: s, lockstep: lockstep, now: start}
	for range n {
		r.rd = append(r.rd, &simReader{end: start})
	}
	return r
}

// Start begins reader i's inventory of zone at at (at or after its last
// inventory ended): the zone's tags are sampled then.
func (r *Readers) Start(i int, zone string, at time.Time) error {
	if i < 0 || i >= len(r.rd) {
		return fmt.Errorf("players: reader %d of %d", i, len(r.rd))
	}
	rd := r.rd[i]
	if rd.busy {
		return fmt.Errorf("players: reader %d is still reading %s", i, rd.zone)
	}
	if at.Before(rd.end) {
		at = rd.end
	}
	uids, slots, tail := r.s.InventorySlots(zone)
	*rd = simReader{busy: true, zone: zone, uids: uids, slots: slots, tail: tail, start: at, ready: at.Add(FieldSettle)}
	if !r.lockstep || len(slots) == 0 {
		cost := FieldSettle + time.Duration(tail)*r.s.PerFrame
		for _, sl := range slots {
			cost += sl.Air + time.Duration(sl.SPI)*r.s.PerFrame
		}
		rd.end = at.Add(cost)
		rd.next = len(slots)
		r.done = append(r.done, i)
	}
	return nil
}

// Read is one inventory a reader finished.
type Read struct {
	Reader     int
	Zone       string
	UIDs       []rfid.UID
	Start, End time.Time
}

// Next runs the readers until the next inventory ends and returns it,
// and false when no reader is reading.
func (r *Readers) Next() (Read, bool) {
	for {
		// The earliest inventory ended goes first (ties: the lower
		// reader); in Lockstep only once no frame can end before it.
		best := -1
		for k, i := range r.done {
			if best < 0 || r.rd[i].end.Before(r.rd[r.done[best]].end) || r.rd[i].end.Equal(r.rd[r.done[best]].end) && i < r.done[best] {
				best = k
			}
		}
		if best >= 0 && (!r.lockstep || !r.rd[r.done[best]].end.After(r.now) || !r.frame()) {
			i := r.done[best]
			r.done = append(r.done[:best], r.done[best+1:]...)
			rd := r.rd[i]
			rd.busy = false
			return Read{Reader: i, Zone: rd.zone, UIDs: rd.uids, Start: rd.start, End: rd.end}, true
		}
		if best < 0 && (!r.lockstep || !r.frame()) {
			return Read{}, false
		}
	}
}

// frame runs one lockstep frame from the latest boundary, or moves the
// boundary to the first field to settle when no reader can transmit; it
// reports whether any reader had a slot still to run.
func (r *Readers) frame() bool {
	var air, host time.Duration
	var in []*simReader
	var settle time.Time
	for _, rd := range r.rd {
		if !rd.busy || rd.next >= len(rd.slots) {
			continue
		}
		if rd.ready.After(r.now) {
			if settle.IsZero() || rd.ready.Before(settle) {
				settle = rd.ready
			}
			continue
		}
		sl := rd.slots[rd.next]
		air = max(air, sl.Air)
		host += time.Duration(sl.SPI) * r.s.PerFrame
		in = append(in, rd)
	}
	if len(in) == 0 {
		if settle.IsZero() {
			return false
		}
		r.now = settle
		return true
	}
	r.now = r.now.Add(air + host)
	for _, rd := range in {
		rd.next++
		if rd.next == len(rd.slots) {
			rd.end = r.now.Add(time.Duration(rd.tail) * r.s.PerFrame)
		}
	}
	for i, rd := range r.rd {
		if rd.busy && rd.next == len(rd.slots) && !rd.end.IsZero() && !contains(r.done, i) {
			r.done = append(r.done, i)
		}
	}
	return true
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
