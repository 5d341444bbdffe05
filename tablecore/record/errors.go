package record

import (
	"errors"
	"fmt"
)

// ErrFormat is matched (errors.Is) by every error about a malformed record.
var ErrFormat = errors.New("malformed game record")

// FormatError says what is wrong in a record and where.
type FormatError struct {
	Format string // "tenhou6" or "mjlog"
	Hand   int    // index of the hand in the game (from 0); -1 outside hands
	Where  string // the place inside: `seat 2 takes[5] "c1214"`, `offset 312 <N>`
	Msg    string
	Err    error // an underlying error (JSON, XML, tile), if any
}

func (e *FormatError) Error() string {
	s := e.Format
	if e.Hand >= 0 {
		s += fmt.Sprintf(": hand %d", e.Hand)
	}
	if e.Where != "" {
		s += ": " + e.Where
	}
	s += ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is makes every FormatError match ErrFormat.
func (e *FormatError) Is(target error) bool { return target == ErrFormat }

func (e *FormatError) Unwrap() error { return e.Err }
