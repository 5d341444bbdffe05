package sensing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
)

// HeldField is a zone's own reader holding its field on, so that a tag
// told Stay Quiet keeps out of its inventories for as long as it stays
// powered in the field (pn5180.Dev after HoldField).
type HeldField interface {
	// Poll inventories the field: a one-slot request first, sixteen
	// slots only when answers collide.
	Poll(ctx context.Context) ([]rfid.UID, error)
	// StayQuiet tells uid to keep out of inventories; nothing answers.
	StayQuiet(ctx context.Context, uid rfid.UID) error
	// ResetToReady asks uid, quiet or not, and wakes it: present says
	// whether it answered.
	ResetToReady(ctx context.Context, uid rfid.UID) (present bool, err error)
	// WakeAll makes every tag of the field answer inventories again.
	WakeAll(ctx context.Context) error
}

// DefaultFullEvery is QuietZone.FullEvery's default.
const DefaultFullEvery = 10 * time.Second

// QuietZone reads one zone through its held field for a Sensor: the
// tiles the sensor has placed in the zone are told to stay quiet once
// heard there, so that the zone's polls hear only newcomers (2 ms of air
// when nothing came, 6 ms for one tile, against 16–150 ms for a full
// inventory of the zone); each read tells the sensor which tiles it
// believes quiet (Read.Quiet), since their silence says nothing. A tile
// of the zone the sensor doubts is still there (Sensor.Doubted) is asked
// for by an addressed Reset to Ready (Read.Asked). Every FullEvery, while
// no tile is due in the zone, every tag is woken and the whole zone read:
// only such a read sees a quiet tile leave without arriving anywhere (a
// tile taken off the table).
//
// Each step is decided by Next, which takes the sensor's state and so
// belongs to the goroutine that owns the Sensor, and run by Do, which
// touches only the zone and its field, so that a goroutine per zone can
// run it while the owner goes on. A zone has one step at a time: Next,
// Do, the read observed, then Next again.
type QuietZone struct {
	Zone  Zone
	Field HeldField
	// FullEvery is how often the zone is read in full while no tile is
	// due there (DefaultFullEvery unless set).
	FullEvery time.Duration
	// Gap, if set, is how long the zone waits before a poll while no
	// tile is expected there (its focus below Soon) and it has nothing
	// to quiet or ask, so that zone readers sharing one SPI bus leave it
	// to the zones where tiles are due. Zero: none, as the table runs:
	// the read schedule's focus is not yet right enough for it (a gap of
	// 20 ms made false actions in a Sichuan hand; docs/benchmarks.md, "A
	// reader per zone on one bus").
	Gap time.Duration

	believed map[rfid.UID]bool      // told Stay Quiet and not heard since
	asked    map[rfid.UID]time.Time // when a doubted tile was last asked for
	heard    []rfid.UID             // the latest read's tiles
	lastFull time.Time
}

// QuietStep is one step of a QuietZone: the tiles to tell to stay quiet
// first, then one read: a request addressed to Ask when it is set, else a
// poll, after every tag is woken when Full.
type QuietStep struct {
	Quiet []rfid.UID
	Ask   rfid.UID
	Full  bool
	// After is how long to wait before the step (QuietZone.Gap): the
	// step's exchanges begin then.
	After time.Duration
}

// askAgain is how long a QuietZone waits before it asks again for a
// doubted tile: the answer to the last request has to reach the sensor
// first.
const askAgain = 100 * time.Millisecond

// NewQuietZone returns zone z read through f, its tags all taken to be
// awake (as after HoldField) and its last full read at now.
func NewQuietZone(z Zone, f HeldField, now time.Time) *QuietZone {
	return &QuietZone{Zone: z, Field: f, believed: map[rfid.UID]bool{}, asked: map[rfid.UID]time.Time{}, lastFull: now}
}

// Next decides the zone's next step, begun at now, for s: the tiles the
// latest read heard that s now places in the zone are quieted, then a
// doubted tile of the zone is asked for, or the zone is polled (in full
// when FullEvery has passed and no tile is due there).
func (q *QuietZone) Next(s *Sensor, now time.Time) QuietStep {
	var st QuietStep
	for _, u := range q.heard {
		if !q.believed[u] && s.Where(u) == q.Zone && !slices.Contains(st.Quiet, u) {
			st.Quiet = append(st.Quiet, u)
		}
	}
	for _, d := range s.Doubted() {
		if d.From == q.Zone && now.Sub(q.asked[d.UID]) >= askAgain {
			q.asked[d.UID] = now
			st.Ask = d.UID
			return st
		}
	}
	every := q.FullEvery
	if every <= 0 {
		every = DefaultFullEvery
	}
	full := now.Sub(q.lastFull) >= every
	gap := q.Gap > 0 && len(st.Quiet) == 0
	if !full && !gap {
		// A plain poll whatever the focus: the sensor's focus (all its
		// zones' priorities, from every tile's sightings) is by far the
		// costliest part of a step, and a zone polls hundreds of times a
		// second.
		return st
	}
	focus := 0
	if i := q.Zone.index(); i >= 0 {
		focus = s.focus()[i]
	}
	switch {
	case focus >= Soon:
	case full:
		q.lastFull, st.Full = now, true
	default:
		st.After = q.Gap
	}
	return st
}

// Do runs st on the zone's field and returns the read it made, its At
// left for the caller to set to when the read ended.
func (q *QuietZone) Do(ctx context.Context, st QuietStep) (Read, error) {
	q.heard = nil
	for _, u := range st.Quiet {
		if err := q.Field.StayQuiet(ctx, u); err != nil {
			return Read{}, fmt.Errorf("sensing: zone %s: quieting %s: %w", q.Zone, u, err)
		}
		q.believed[u] = true
	}
	if st.Ask != "" {
		present, err := q.Field.ResetToReady(ctx, st.Ask)
		if err != nil {
			return Read{}, fmt.Errorf("sensing: zone %s: asking for %s: %w", q.Zone, st.Ask, err)
		}
		delete(q.believed, st.Ask) // awake now, if it is there
		r := Read{Zone: q.Zone, Asked: []rfid.UID{st.Ask}}
		if present {
			r.UIDs = []rfid.UID{st.Ask}
		}
		q.heard = r.UIDs
		return r, nil
	}
	if st.Full {
		if err := q.Field.WakeAll(ctx); err != nil {
			return Read{}, fmt.Errorf("sensing: zone %s: waking its tags: %w", q.Zone, err)
		}
		clear(q.believed)
	}
	uids, err := q.Field.Poll(ctx)
	if err != nil {
		return Read{}, fmt.Errorf("sensing: zone %s: %w", q.Zone, err)
	}
	r := Read{Zone: q.Zone, UIDs: uids}
	for u := range q.believed {
		if slices.Contains(uids, u) {
			delete(q.believed, u) // it answered: it lost power since
			continue
		}
		r.Quiet = append(r.Quiet, u)
	}
	slices.Sort(r.Quiet)
	q.heard = uids
	return r, nil
}

// RunQuiet is RunReaders for zones each read through a held field of its
// own (QuietZone): the calling goroutine, which owns s and the zones'
// decisions, gives each zone its next step as soon as its last read is
// in; a goroutine per zone runs it on the field; the reads go to s in the
// order they end. Inputs are taken between reads. A failed step is logged
// with its zone and the zone goes on 10 ms later; a zone failing
// ReaderFailures steps in a row ends RunQuiet with an error naming it,
// since a tile landing there would never be seen. RunQuiet returns when
// ctx is done or a zone has failed, after every zone's goroutine has
// ended.
func RunQuiet(ctx context.Context, clk clock.Clock, s *Sensor, zones []*QuietZone, in <-chan Input, emit func(Output)) error {
	if len(zones) == 0 {
		return errors.New("sensing: no quiet zone to run")
	}
	ws := make([]worker[QuietStep], len(zones))
	for i, q := range zones {
		ws[i] = worker[QuietStep]{
			name: "quiet zone " + q.Zone.String(),
			next: func(now time.Time, _ func() map[Zone]int) QuietStep { return q.Next(s, now) },
			do: func(ctx context.Context, st QuietStep) (Read, error) {
				if err := clock.Sleep(ctx, clk, st.After); err != nil {
					return Read{Zone: q.Zone}, err
				}
				r, err := q.Do(ctx, st)
				r.Zone = q.Zone
				return r, err
			},
		}
	}
	return runWorkers(ctx, clk, s, ws, in, emit)
}
