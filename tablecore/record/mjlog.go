package record

import (
	"errors"
	"io"
)

// ReadMjlog reads a game in Tenhou's mjlog XML. (Being written.)
func ReadMjlog(r io.Reader) (*Game, error) { return nil, errors.New("mjlog: not yet implemented") }
