package sensing

import "time"

// Priorities of zones in a Schedule: how many times more often a zone is
// read than an Idle one when the reader is busy. Hot is high because a
// zone inventory is slow: a tile a fast player leaves in a zone for 0.4 s
// must be seen there twice.
const (
	Idle = 1  // walls: a drawn tile is expected in a hand, and a wall takes 300 ms
	Cold = 3  // nothing expected: melds of seats that cannot call, the drop hole
	Warm = 9  // a seat's own tiles, where a mistake would show
	Soon = 24 // movement expected after the next action, or seen ahead of the referee
	Hot  = 72 // movement expected now, or a tile seen leaving or arriving
	// Confirm is a zone where an expected tile was seen once: its next
	// read completes the agreement, so it goes before every other zone.
	Confirm = 720
)

// Schedule chooses which zone antenna the surface reader reads next. The
// reader reads one zone at a time (an ISO 15693 inventory takes 8 ms
// empty and about 8 ms more per tag: 60 ms for a pond of eight, 110 ms
// for a hand, 300 ms for a full wall, docs/wiring.md), so reads are a
// budget of roughly 10–20 a second shared by every zone. Next picks the
// zone that has waited longest relative to its priority: a zone of
// priority w is read about w times as often as an Idle one, and no zone
// waits for ever. In a turn at a fast table five to eight zones are Hot
// (the acting seat's hand, pond and melds, the claimers' melds) and are
// read every 5–8 reads; a wall every 100 or so.
//
// Schedule is owned by one goroutine.
type Schedule struct {
	zones  []Zone
	weight []int
	last   []time.Time
}

// NewSchedule returns a schedule over zones, all Cold until Focus.
func NewSchedule(zones []Zone) *Schedule {
	s := &Schedule{zones: append([]Zone(nil), zones...), weight: make([]int, len(zones)), last: make([]time.Time, len(zones))}
	for i := range s.weight {
		s.weight[i] = Cold
	}
	return s
}

// Zones returns the zones scheduled.
func (s *Schedule) Zones() []Zone { return append([]Zone(nil), s.zones...) }

// Focus sets each zone's priority; zones not in w are Cold.
func (s *Schedule) Focus(w map[Zone]int) {
	for i, z := range s.zones {
		p, ok := w[z]
		if !ok {
			p = Cold
		}
		p = max(p, Idle)
		s.weight[i] = p
	}
}

// Next returns the zone to read at now: the largest wait times priority
// (a zone never read first, in order).
func (s *Schedule) Next(now time.Time) Zone {
	best, score := -1, time.Duration(-1)
	for i := range s.zones {
		if s.last[i].IsZero() {
			return s.zones[i]
		}
		w := now.Sub(s.last[i])*time.Duration(s.weight[i]) + time.Duration(s.weight[i])
		if w > score {
			best, score = i, w
		}
	}
	if best < 0 {
		return Zone{}
	}
	return s.zones[best]
}

// Done records that z was read at t.
func (s *Schedule) Done(z Zone, t time.Time) {
	for i := range s.zones {
		if s.zones[i] == z {
			s.last[i] = t
		}
	}
}
