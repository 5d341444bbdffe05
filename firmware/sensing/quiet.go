package sensing

import (
	"context"
	"fmt"
	"slices"
	"time"

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
// A QuietZone is owned by the goroutine that owns the Sensor: Read and
// Heard take the sensor's state.
type QuietZone struct {
	Zone  Zone
	Field HeldField
	// FullEvery is how often the zone is read in full while no tile is
	// due there (DefaultFullEvery unless set).
	FullEvery time.Duration

	believed map[rfid.UID]bool      // told Stay Quiet and not heard since
	asked    map[rfid.UID]time.Time // when a doubted tile was last asked for
	lastFull time.Time
	full     bool // the latest read woke every tag
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

// Full reports whether the latest read woke every tag of the zone first.
func (q *QuietZone) Full() bool { return q.full }

// Read makes the zone's next read, begun at now, for s. At is left for
// the caller to set to when the read ended.
func (q *QuietZone) Read(ctx context.Context, s *Sensor, now time.Time) (Read, error) {
	q.full = false
	for _, d := range s.Doubted() {
		if d.From != q.Zone || now.Sub(q.asked[d.UID]) < askAgain {
			continue
		}
		q.asked[d.UID] = now
		present, err := q.Field.ResetToReady(ctx, d.UID)
		if err != nil {
			return Read{}, fmt.Errorf("sensing: zone %s: asking for %s: %w", q.Zone, d.UID, err)
		}
		delete(q.believed, d.UID) // awake now, if it is there
		r := Read{Zone: q.Zone, Asked: []rfid.UID{d.UID}}
		if present {
			r.UIDs = []rfid.UID{d.UID}
		}
		return r, nil
	}
	every := q.FullEvery
	if every <= 0 {
		every = DefaultFullEvery
	}
	if now.Sub(q.lastFull) >= every && s.Focus()[q.Zone] < Soon {
		if err := q.Field.WakeAll(ctx); err != nil {
			return Read{}, fmt.Errorf("sensing: zone %s: waking its tags: %w", q.Zone, err)
		}
		clear(q.believed)
		q.lastFull, q.full = now, true
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
	return r, nil
}

// Heard takes r, once s has observed it: the tiles it heard that s now
// places in the zone are told to stay quiet.
func (q *QuietZone) Heard(ctx context.Context, s *Sensor, r Read) error {
	for _, u := range r.UIDs {
		if q.believed[u] || s.Where(u) != q.Zone {
			continue
		}
		if err := q.Field.StayQuiet(ctx, u); err != nil {
			return fmt.Errorf("sensing: zone %s: quieting %s: %w", q.Zone, u, err)
		}
		q.believed[u] = true
	}
	return nil
}
