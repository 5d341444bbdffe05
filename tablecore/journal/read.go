package journal

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
)

// scanResult is what a scan of a journal file found.
type scanResult struct {
	end      int64  // offset after the last good record (0: no complete file header)
	last     uint64 // sequence number of the last good record
	torn     bool   // a damaged tail follows end
	tornWhy  string // what was wrong with the tail
	tornSize int64  // bytes after end
}

// scan reads a journal file of the given size from r, calling fn (if not
// nil) for every good record in order. A damaged last record is reported
// as torn, not as an error: it is what a crash during Append leaves.
// Damage followed by a valid record is a *CorruptError at the damage.
func scan(path string, r io.ReaderAt, size int64, fn func(Event) error) (scanResult, error) {
	var res scanResult
	if size < fileHdrLen {
		// Created but the header never fully reached the disk.
		b := make([]byte, size)
		if _, err := r.ReadAt(b, 0); err != nil && err != io.EOF {
			return res, fmt.Errorf("journal %s: %w", path, err)
		}
		if !bytes.HasPrefix(fileHeader(), b) {
			return res, &CorruptError{Path: path, Offset: 0, Reason: fmt.Sprintf("file of %d bytes is not a journal header", size), Err: ErrCorrupt}
		}
		res.torn, res.tornWhy, res.tornSize = true, "incomplete file header", size
		return res, nil
	}
	br := bufio.NewReaderSize(io.NewSectionReader(r, 0, size), 64<<10)
	hdr := make([]byte, recHdrLen)
	if _, err := io.ReadFull(br, hdr[:fileHdrLen]); err != nil {
		return res, fmt.Errorf("journal %s: reading header: %w", path, err)
	}
	if err := checkFileHeader(path, hdr[:fileHdrLen]); err != nil {
		return res, err
	}
	off := int64(fileHdrLen)
	res.end = off
	var payload []byte
	for off < size {
		left := size - off
		if left < recHdrLen {
			return damaged(path, r, size, off, "incomplete record header", res)
		}
		if _, err := io.ReadFull(br, hdr); err != nil {
			return res, fmt.Errorf("journal %s: offset %d: %w", path, off, err)
		}
		n, ok := payloadLen(hdr)
		if !ok {
			return damaged(path, r, size, off, fmt.Sprintf("payload length %d exceeds %d", n, MaxPayload), res)
		}
		if left < int64(recHdrLen+n) {
			return damaged(path, r, size, off, "record runs past the end of the file", res)
		}
		if cap(payload) < n {
			payload = make([]byte, n)
		}
		payload = payload[:n]
		if _, err := io.ReadFull(br, payload); err != nil {
			return res, fmt.Errorf("journal %s: offset %d: %w", path, off, err)
		}
		if why := checkRecord(hdr, payload); why != "" {
			return damaged(path, r, size, off, why, res)
		}
		e := decodeRecord(hdr, payload)
		if e.Seq != res.last+1 {
			return res, &CorruptError{Path: path, Offset: off,
				Reason: fmt.Sprintf("sequence %d follows %d", e.Seq, res.last), Err: ErrSequence}
		}
		if fn != nil {
			if err := fn(e); err != nil {
				return res, err
			}
		}
		res.last = e.Seq
		off += int64(recHdrLen + n)
		res.end = off
	}
	return res, nil
}

// damaged decides whether the bad record at off is a torn tail or damage
// in the middle: if any valid record starts after it, records that were
// once acknowledged would be lost by dropping it, so it is an error.
func damaged(path string, r io.ReaderAt, size, off int64, why string, res scanResult) (scanResult, error) {
	rest := make([]byte, size-off)
	if _, err := r.ReadAt(rest, off); err != nil && err != io.EOF {
		return res, fmt.Errorf("journal %s: offset %d: %w", path, off, err)
	}
	for i := 1; i+recHdrLen <= len(rest); i++ {
		if validAt(rest[i:]) {
			return res, &CorruptError{Path: path, Offset: off,
				Reason: fmt.Sprintf("%s, and a valid record follows at offset %d", why, off+int64(i)), Err: ErrCorrupt}
		}
	}
	res.torn, res.tornWhy, res.tornSize = true, why, size-off
	return res, nil
}

// Replay calls fn for every event in the journal at path, in order. It
// stops at the first error fn returns and returns it unchanged. A torn
// last record (a crash during Append) is skipped, as Open would drop it;
// damage anywhere else is a *CorruptError. Replay only reads the file.
func Replay(path string, fn func(Event) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	_, err = scan(path, f, st.Size(), fn)
	return err
}

// errStop ends a scan early when the consumer of Events stops.
var errStop = errors.New("stop")

// Events returns an iterator over the journal at path, with the rules of
// Replay. An error is yielded once, last, with a zero Event.
func Events(path string) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		err := Replay(path, func(e Event) error {
			if !yield(e, nil) {
				return errStop
			}
			return nil
		})
		if err != nil && err != errStop {
			yield(Event{}, err)
		}
	}
}
