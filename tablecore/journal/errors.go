package journal

import (
	"errors"
	"fmt"
)

// Errors matched with errors.Is.
var (
	// ErrCorrupt: the file is damaged somewhere other than its last record,
	// or is not a journal at all. Nothing is dropped silently.
	ErrCorrupt = errors.New("journal corrupt")
	// ErrVersion: the file was written in a format version this build
	// does not read.
	ErrVersion = errors.New("unknown journal format version")
	// ErrSequence: sequence numbers are not contiguous from 1, in the
	// file or in an Append that names its own.
	ErrSequence = errors.New("journal sequence broken")
	// ErrClosed: the journal was closed.
	ErrClosed = errors.New("journal closed")
	// ErrLocked: another Journal (in this or another process) has the
	// file open for appending.
	ErrLocked = errors.New("journal in use")
)

// CorruptError names the damaged place in a journal file. Err is
// ErrCorrupt or ErrSequence.
type CorruptError struct {
	Path   string
	Offset int64 // byte offset of the damaged record (0 = the file header)
	Reason string
	Err    error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("journal %s: offset %d: %s: %v", e.Path, e.Offset, e.Reason, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }
