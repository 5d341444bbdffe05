package command

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/topic"
)

// Handler executes authorised commands; the table daemon implements it. An
// error is sent back to the sender as a rejected reply with its message, so it
// should say what is wrong ("riichi: hand is not tenpai"). Handle must return
// promptly: commands are handled one at a time.
type Handler interface {
	Handle(ctx context.Context, c Command) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, c Command) error

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, c Command) error { return f(ctx, c) }

// Policy lists the command types each role may send.
type Policy map[access.Role][]string

// DefaultPolicy returns the default policy: the operator controls the game,
// each seat sends its own declarations, other roles send nothing.
func DefaultPolicy() Policy {
	p := Policy{access.Operator: {"start", "next_hand", "pause", "resume", "abort", "ruleset", "options", "correct", "seat_player"}}
	for n := range topic.Seats {
		p[access.Seat(n)] = []string{"win", "riichi", "chi", "pon", "kan", "pass", "ok", "cancel", "choose"}
	}
	return p
}

// Reply answers one command.
type Reply struct {
	V     int         `json:"v"`
	ID    string      `json:"id,omitempty"` // the command's id; empty if it could not be read
	Type  string      `json:"type,omitempty"`
	OK    bool        `json:"ok"`
	Error *ReplyError `json:"error,omitempty"`
}

// ReplyError says why a command was not executed.
type ReplyError struct {
	Code    string `json:"code"` // malformed, unauthorised, rejected, busy
	Message string `json:"message"`
}

// Err returns the reply's error wrapping its sentinel, or nil if OK.
func (r Reply) Err() error {
	if r.OK {
		return nil
	}
	if r.Error == nil {
		return fmt.Errorf("%w: reply without error", ErrRejected)
	}
	for _, s := range []error{ErrMalformed, ErrUnauthorised, ErrRejected, ErrBusy} {
		if codeOf(s) == r.Error.Code {
			return fmt.Errorf("%w: %s", s, r.Error.Message)
		}
	}
	return fmt.Errorf("%w: %s: %s", ErrRejected, r.Error.Code, r.Error.Message)
}

func codeOf(err error) string {
	switch {
	case errors.Is(err, ErrMalformed):
		return "malformed"
	case errors.Is(err, ErrUnauthorised):
		return "unauthorised"
	case errors.Is(err, ErrBusy):
		return "busy"
	default:
		return "rejected"
	}
}

// ErrorReply returns the reply reporting err for the command id.
func ErrorReply(id, typ string, err error) Reply {
	return Reply{V: Version, ID: id, Type: typ, Error: &ReplyError{Code: codeOf(err), Message: err.Error()}}
}

// Marshal encodes the reply.
func (r Reply) Marshal() []byte {
	b, err := json.Marshal(r)
	if err != nil { // cannot happen: only strings and bools
		return []byte(`{"v":1,"ok":false}`)
	}
	return b
}

// Memory remembers the replies to executed commands by sender and id, so
// that a command delivered again (a QoS 1 redelivery, a resend, a replay
// after a restart) is answered again and not executed again. The table
// keeps it in a journal, so it outlives restarts.
type Memory interface {
	Recall(role access.Role, id string) (Reply, bool)
	// Remember records an executed command's reply; an error means it may
	// be executed again if delivered again.
	Remember(role access.Role, id string, r Reply) error
}

// Dispatcher checks commands and passes the good ones to a Handler.
// Refused commands (malformed, unauthorised, rejected) are logged once a
// minute per sender, not once per command.
type Dispatcher struct {
	Handler Handler
	Policy  Policy           // nil: DefaultPolicy
	Log     *slog.Logger     // nil: discard
	Now     func() time.Time // for the log's pacing; nil: time.Now

	notes noter
}

func (d *Dispatcher) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

// Authorise checks that role may send c, and fills c.Role and, for a seat
// role, c.Seat. A seat may name only its own seat.
func (p Policy) Authorise(role access.Role, c Command) (Command, error) {
	if !slices.Contains(p[role], c.Type) {
		if len(p[role]) == 0 {
			return c, fmt.Errorf("%w: role %s sends no commands", ErrUnauthorised, role)
		}
		return c, fmt.Errorf("%w: role %s may not send %q (it may send %v)", ErrUnauthorised, role, c.Type, p[role])
	}
	if n, ok := role.Seat(); ok {
		if c.Seat >= 0 && c.Seat != n {
			return c, fmt.Errorf("%w: %s may declare for seat %d only, not seat %d", ErrUnauthorised, role, n, c.Seat)
		}
		c.Seat = n
	}
	c.Role = role
	return c, nil
}

// Dispatch parses payload received from role, authorises it, runs it and
// returns the reply to publish. It never panics on bad input.
func (d *Dispatcher) Dispatch(ctx context.Context, role access.Role, payload []byte) Reply {
	log := d.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c, err := Parse(payload)
	if err != nil {
		d.notes.note(log, slog.LevelWarn, d.now(), role, "mqtt command refused", "err", err)
		return ErrorReply(bestEffortID(payload), "", err)
	}
	policy := d.Policy
	if policy == nil {
		policy = DefaultPolicy()
	}
	c, err = policy.Authorise(role, c)
	if err != nil {
		d.notes.note(log, slog.LevelWarn, d.now(), role, "mqtt command refused", "id", c.ID, "type", c.Type, "err", err)
		return ErrorReply(c.ID, c.Type, err)
	}
	if d.Handler == nil {
		return ErrorReply(c.ID, c.Type, fmt.Errorf("%w: this table executes no commands", ErrRejected))
	}
	if err := d.Handler.Handle(ctx, c); err != nil {
		d.notes.note(log, slog.LevelInfo, d.now(), role, "mqtt command rejected", "id", c.ID, "type", c.Type, "seat", c.Seat, "err", err)
		if !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBusy) {
			err = fmt.Errorf("%w: %w", ErrRejected, err)
		}
		return ErrorReply(c.ID, c.Type, err)
	}
	log.Info("mqtt command", "role", role, "id", c.ID, "type", c.Type, "seat", c.Seat)
	return Reply{V: Version, ID: c.ID, Type: c.Type, OK: true}
}

// bestEffortID returns the "id" of a payload that failed to parse, when it
// has a usable one, so the sender can match the error to its command.
func bestEffortID(payload []byte) string {
	if len(payload) > MaxSize {
		return ""
	}
	var e struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(payload, &e) != nil || len(e.ID) > 64 || !printable(e.ID) {
		return ""
	}
	return e.ID
}
