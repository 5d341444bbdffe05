package command

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"jantaku/mqtt/access"
	"jantaku/mqtt/topic"
)

// Version is the envelope schema version this package reads and writes.
const Version = 1

// MaxSize is the largest command payload accepted, in bytes.
const MaxSize = 16 << 10

// Errors that a Reply's code names. Handler errors are reported as rejected.
var (
	ErrMalformed    = errors.New("malformed command")
	ErrUnauthorised = errors.New("unauthorised command")
	ErrRejected     = errors.New("command rejected")
	ErrBusy         = errors.New("table busy")
)

// Command is one parsed, authorised command.
type Command struct {
	ID   string          // the sender's id, echoed in the reply
	Type string          // e.g. "start", "riichi"
	Seat int             // the seat concerned; a seat's own for seat roles, -1 if none
	Args json.RawMessage // the type's arguments, a JSON object, nil if absent
	Role access.Role     // who sent it, from the topic it came on
}

type envelope struct {
	V    *int            `json:"v"`
	ID   *string         `json:"id"`
	Type *string         `json:"type"`
	Seat *int            `json:"seat"`
	Args json.RawMessage `json:"args"`
}

// Parse reads a command envelope. The error wraps ErrMalformed and names the
// field that is wrong. Role is left empty; Seat is -1 when absent.
func Parse(data []byte) (Command, error) {
	if len(data) > MaxSize {
		return Command{}, fmt.Errorf("%w: %d bytes, more than %d", ErrMalformed, len(data), MaxSize)
	}
	var e envelope
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return Command{}, fmt.Errorf("%w: not a JSON command envelope {\"v\",\"id\",\"type\",\"seat\",\"args\"}: %w", ErrMalformed, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Command{}, fmt.Errorf("%w: data after the JSON object", ErrMalformed)
	}
	switch {
	case e.V == nil:
		return Command{}, fmt.Errorf("%w: field \"v\" is missing (want %d)", ErrMalformed, Version)
	case *e.V != Version:
		return Command{}, fmt.Errorf("%w: field \"v\" is %d, this table reads version %d", ErrMalformed, *e.V, Version)
	case e.ID == nil || *e.ID == "":
		return Command{}, fmt.Errorf("%w: field \"id\" is missing or empty", ErrMalformed)
	case len(*e.ID) > 64 || !printable(*e.ID):
		return Command{}, fmt.Errorf("%w: field \"id\" must be 1 to 64 printable ASCII characters", ErrMalformed)
	case e.Type == nil || *e.Type == "":
		return Command{}, fmt.Errorf("%w: field \"type\" is missing or empty", ErrMalformed)
	case len(*e.Type) > 32 || !word(*e.Type):
		return Command{}, fmt.Errorf("%w: field \"type\" %q: want 1 to 32 of a-z, 0-9, '_'", ErrMalformed, clip(*e.Type))
	case e.Seat != nil && (*e.Seat < 0 || *e.Seat >= topic.Seats):
		return Command{}, fmt.Errorf("%w: field \"seat\" is %d, want 0..%d", ErrMalformed, *e.Seat, topic.Seats-1)
	}
	args := bytes.TrimSpace(e.Args)
	if len(args) > 0 && !bytes.Equal(args, []byte("null")) && args[0] != '{' {
		return Command{}, fmt.Errorf("%w: field \"args\" must be a JSON object", ErrMalformed)
	}
	if bytes.Equal(args, []byte("null")) {
		args = nil
	}
	c := Command{ID: *e.ID, Type: *e.Type, Seat: -1, Args: args}
	if e.Seat != nil {
		c.Seat = *e.Seat
	}
	return c, nil
}

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func word(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return strings.ToValidUTF8(s, "?")
}

// Marshal returns c's envelope (without the role), for clients and tests.
func (c Command) Marshal() ([]byte, error) {
	e := struct {
		V    int             `json:"v"`
		ID   string          `json:"id"`
		Type string          `json:"type"`
		Seat *int            `json:"seat,omitempty"`
		Args json.RawMessage `json:"args,omitempty"`
	}{V: Version, ID: c.ID, Type: c.Type, Args: c.Args}
	if c.Seat >= 0 {
		e.Seat = &c.Seat
	}
	return json.Marshal(e)
}
