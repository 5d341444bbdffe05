package tile

import (
	"errors"
	"fmt"
)

// Errors matched with errors.Is.
var (
	// ErrSyntax: the text is not tile notation.
	ErrSyntax = errors.New("bad tile notation")
	// ErrTooMany: more copies of a kind (or red fives of a suit) than a set holds.
	ErrTooMany = errors.New("too many copies")
	// ErrUnknown: a tile that is not part of the set or not a tile at all.
	ErrUnknown = errors.New("unknown tile")
	// ErrNotWind: the text names no wind.
	ErrNotWind = errors.New("not a wind (E, S, W, N)")
)

// ParseError reports where notation went wrong. Pos counts characters from 1.
type ParseError struct {
	Input string
	Pos   int    // 1-based character position of the offending character; 0 = whole input
	Char  string // the offending character or token, if any
	Msg   string
	Err   error // ErrSyntax or ErrTooMany
}

func (e *ParseError) Error() string {
	if e.Pos > 0 {
		return fmt.Sprintf("tile: %q: position %d (%q): %s", e.Input, e.Pos, e.Char, e.Msg)
	}
	return fmt.Sprintf("tile: %q: %s", e.Input, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Err }
