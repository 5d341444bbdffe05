// Package journal is the durable record of a table: every accepted action
// is an Event with a sequence number, a time and a seat, appended to a file
// and forced to disk before Append returns. State after a restart is a
// replay of the journal (Replay, Events).
//
// The file is a versioned header followed by length-prefixed records, each
// with a CRC-32C over its header and payload (format.go). A crash during
// Append can leave a torn last record; Open drops it (truncating the file)
// and Replay skips it. Damage followed by valid records is never skipped:
// it is a *CorruptError naming the offset.
package journal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Event is one accepted action. Payload is opaque to the journal; the
// referee stores its action encoding there (JSON, say).
type Event struct {
	// Seq numbers the events of a journal 1, 2, 3, … without gaps. Append
	// assigns it; a caller that sets it gets ErrSequence on a mismatch.
	Seq uint64
	// Time is when the action was accepted, from the caller's clock so
	// that a replay sees the same times. Stored in nanoseconds, UTC.
	Time time.Time
	// Seat is the acting seat; negative values are free for the caller
	// (the table itself, say). Stored as int16.
	Seat    int
	Payload []byte
}

// Option configures Open.
type Option func(*config)

type config struct {
	log    *slog.Logger
	noSync bool
}

// WithLogger sets the logger that reports recovery (a dropped torn record).
// The default is slog.Default().
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// WithoutSync makes Append return without forcing the record to disk.
// The journal then survives a crash of the process but not of the machine;
// for tests, benchmarks and tools, never the table.
func WithoutSync() Option { return func(c *config) { c.noSync = true } }

// Journal is a journal file open for appending. Its methods are safe for
// concurrent use.
type Journal struct {
	path   string
	noSync bool
	log    *slog.Logger

	mu     sync.Mutex
	f      *os.File
	size   int64  // end of the last good record
	last   uint64 // sequence number of the last record
	buf    []byte
	err    error // set for good after a failed write or sync
	closed bool
}

// Open opens the journal at path for appending, creating it if absent. An
// existing file is checked record by record; a torn last record is cut off
// (and logged), any other damage is an error and the file is left alone.
func Open(path string, opts ...Option) (*Journal, error) {
	cfg := config{log: slog.Default()}
	for _, o := range opts {
		o(&cfg)
	}
	j := &Journal{path: path, noSync: cfg.noSync, log: cfg.log}
	// 0600: a journal holds the wall order, which no one at the table may
	// read while the hand is played.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case err == nil:
		j.f = f
		if err := lockFile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal %s: %w", path, err)
		}
		if err := j.writeHeader(); err != nil {
			f.Close()
			return nil, err
		}
		// The new directory entry must survive a power loss too.
		if err := syncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal %s: %w", path, err)
		}
		return j, nil
	case errors.Is(err, os.ErrExist):
	default:
		return nil, err
	}
	if f, err = os.OpenFile(path, os.O_RDWR, 0); err != nil {
		return nil, err
	}
	// Journals written before they were made 0600 become so.
	if st, err := f.Stat(); err == nil && st.Mode().Perm()&0o077 != 0 {
		_ = f.Chmod(st.Mode().Perm() &^ 0o077)
	}
	j.f = f
	if err := j.recover(); err != nil {
		f.Close()
		return nil, err
	}
	return j, nil
}

func (j *Journal) recover() error {
	if err := lockFile(j.f); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	st, err := j.f.Stat()
	if err != nil {
		return err
	}
	res, err := scan(j.path, j.f, st.Size(), nil)
	if err != nil {
		return err
	}
	j.size, j.last = res.end, res.last
	if !res.torn {
		return nil
	}
	j.log.Warn("journal: dropping torn last record",
		"path", j.path, "offset", res.end, "bytes", res.tornSize, "reason", res.tornWhy, "last_seq", res.last)
	if err := j.f.Truncate(res.end); err != nil {
		return fmt.Errorf("journal %s: truncating torn tail: %w", j.path, err)
	}
	if res.end == 0 {
		return j.writeHeader()
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return nil
}

func (j *Journal) writeHeader() error {
	if _, err := j.f.WriteAt(fileHeader(), 0); err != nil {
		return fmt.Errorf("journal %s: writing header: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.size = fileHdrLen
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Append writes e as the next event and, unless the journal was opened
// WithoutSync, forces it to disk before returning its sequence number. If
// e.Seq is not zero it must be the next number (ErrSequence otherwise).
// After a failed write or sync the journal refuses further appends: the
// state of the file is unknown until it is opened again.
func (j *Journal) Append(ctx context.Context, e Event) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.closed:
		return 0, ErrClosed
	case j.err != nil:
		return 0, fmt.Errorf("journal %s: unusable after an earlier failure: %w", j.path, j.err)
	}
	next := j.last + 1
	if e.Seq != 0 && e.Seq != next {
		return 0, fmt.Errorf("journal %s: event numbered %d, next is %d: %w", j.path, e.Seq, next, ErrSequence)
	}
	e.Seq = next
	var err error
	if j.buf, err = appendRecord(j.buf[:0], e); err != nil {
		return 0, fmt.Errorf("journal %s: event %d: %w", j.path, next, err)
	}
	// One write per record, so a crash tears at most this record.
	if _, err := j.f.WriteAt(j.buf, j.size); err != nil {
		j.err = err
		return 0, fmt.Errorf("journal %s: writing event %d: %w", j.path, next, err)
	}
	if !j.noSync {
		if err := j.f.Sync(); err != nil {
			j.err = err
			return 0, fmt.Errorf("journal %s: syncing event %d: %w", j.path, next, err)
		}
	}
	j.size += int64(len(j.buf))
	j.last = next
	return next, nil
}

// Last returns the sequence number of the last event (0 for none).
func (j *Journal) Last() uint64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.last
}

// Path returns the file's path.
func (j *Journal) Path() string { return j.path }

// Sync forces appended events to disk; only needed WithoutSync.
func (j *Journal) Sync() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return ErrClosed
	}
	if err := j.f.Sync(); err != nil {
		j.err = err
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return nil
}

// Replay calls fn for every event in the journal, in order, as the
// package-level Replay does, reading through the open file.
func (j *Journal) Replay(fn func(Event) error) error {
	j.mu.Lock()
	if j.closed {
		j.mu.Unlock()
		return ErrClosed
	}
	size := j.size
	j.mu.Unlock()
	// Records up to size never change, so the file is read without the
	// lock and Append may go on meanwhile.
	_, err := scan(j.path, io.NewSectionReader(j.f, 0, size), size, fn)
	return err
}

// Close syncs and closes the file. Closing twice returns ErrClosed.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return ErrClosed
	}
	j.closed = true
	var err error
	if j.err == nil {
		err = j.f.Sync()
	}
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return nil
}
