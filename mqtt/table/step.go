package table

import (
	"context"
	"encoding/json"
	"time"

	"jantaku/mqtt/topic"
)

// Step is one accepted action of the referee, already serialised for each
// audience. Every JSON field is an object the referee adapter produced; nil
// fields are not published.
type Step struct {
	Seq  uint64    // the journal's sequence number: 1, 2, 3... strictly increasing
	Time time.Time // when the action happened (from the journal), zero to omit
	Type string    // the event type, e.g. "discard"

	Event json.RawMessage // public event: <base>/events
	State json.RawMessage // public state after it: <base>/state (retained)

	// Seats are the hidden views, by seat: <base>/seat/<n>/...
	Seats [topic.Seats]SeatView

	// Spectator is everything (all hands): <base>/spectator/..., delayed by
	// Config.SpectatorDelay.
	Spectator View
}

// SeatView is what one seat alone may see.
type SeatView = View

// View is an event and the state after it, as one audience sees them.
type View struct {
	Event json.RawMessage // e.g. the tile the seat drew
	State json.RawMessage // e.g. hand and legal options (retained)
}

// Feed is where the Publisher's Run takes steps from: the referee adapter.
// Next blocks until a step is accepted or ctx ends.
type Feed interface {
	Next(ctx context.Context) (Step, error)
}

// The payloads, all with schema version "v" (docs/mqtt.md, docs/asyncapi.yaml).
type (
	statusMsg struct {
		V      int    `json:"v"`
		Table  string `json:"table"`
		Status string `json:"status"` // online, offline
	}
	stateMsg struct {
		V     int             `json:"v"`
		Table string          `json:"table"`
		Seat  *int            `json:"seat,omitempty"`
		Seq   uint64          `json:"seq"`
		Time  *time.Time      `json:"time,omitempty"`
		State json.RawMessage `json:"state"`
	}
	eventMsg struct {
		V     int             `json:"v"`
		Table string          `json:"table"`
		Seat  *int            `json:"seat,omitempty"`
		Seq   uint64          `json:"seq"`
		Time  *time.Time      `json:"time,omitempty"`
		Type  string          `json:"type,omitempty"`
		Event json.RawMessage `json:"event"`
	}
	machineMsg struct {
		V       int             `json:"v"`
		Table   string          `json:"table"`
		Time    *time.Time      `json:"time,omitempty"`
		Machine json.RawMessage `json:"machine"`
	}
)

// Version is the schema version of every payload.
const Version = 1

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}
