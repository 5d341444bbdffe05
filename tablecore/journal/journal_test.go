package journal

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Layout constants as the format comment states them, written out here so
// the tests check the code against the documented format, not itself.
const (
	docFileHeader = 16
	docRecHeader  = 28
)

var ctx = context.Background()

func quiet() Option { return WithLogger(slog.New(slog.DiscardHandler)) }

func testEvent(i int) Event {
	n := (i * 37) % 97 // payload sizes vary, 0 included
	p := make([]byte, n)
	for k := range p {
		p[k] = byte(i + k)
	}
	return Event{
		Time:    time.Date(2026, 11, 23, 8, 0, i, i*1000, time.UTC),
		Seat:    i%5 - 1, // -1 (the table) … 3
		Payload: p,
	}
}

// writeJournal appends n test events and returns the file's bytes and the
// end offset of each record, derived from the documented layout.
func writeJournal(t testing.TB, path string, n int) ([]byte, []int) {
	t.Helper()
	j, err := Open(path, quiet(), WithoutSync())
	if err != nil {
		t.Fatal(err)
	}
	ends := make([]int, n)
	off := docFileHeader
	for i := range n {
		e := testEvent(i + 1)
		seq, err := j.Append(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		if seq != uint64(i+1) {
			t.Fatalf("Append #%d returned seq %d", i+1, seq)
		}
		off += docRecHeader + len(e.Payload)
		ends[i] = off
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != off {
		t.Fatalf("file is %d bytes, the documented layout gives %d", len(b), off)
	}
	return b, ends
}

func replayAll(t testing.TB, path string) ([]Event, error) {
	t.Helper()
	var got []Event
	err := Replay(path, func(e Event) error {
		got = append(got, e)
		return nil
	})
	return got, err
}

func checkEvents(t testing.TB, got []Event, n int) {
	t.Helper()
	if len(got) != n {
		t.Fatalf("got %d events, want %d", len(got), n)
	}
	for i, e := range got {
		want := testEvent(i + 1)
		if e.Seq != uint64(i+1) || !e.Time.Equal(want.Time) || e.Seat != want.Seat || !bytes.Equal(e.Payload, want.Payload) {
			t.Fatalf("event %d = %+v, want seq %d %+v", i, e, i+1, want)
		}
	}
}

func TestAppendReplayReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	writeJournal(t, path, 10)
	got, err := replayAll(t, path)
	if err != nil {
		t.Fatal(err)
	}
	checkEvents(t, got, 10)

	j, err := Open(path, quiet())
	if err != nil {
		t.Fatal(err)
	}
	if j.Last() != 10 {
		t.Fatalf("Last after reopen = %d, want 10", j.Last())
	}
	if seq, err := j.Append(ctx, testEvent(11)); err != nil || seq != 11 {
		t.Fatalf("Append after reopen = %d, %v; want 11", seq, err)
	}
	var n int
	if err := j.Replay(func(Event) error { n++; return nil }); err != nil || n != 11 {
		t.Fatalf("(*Journal).Replay saw %d events, err %v; want 11", n, err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	got, err = replayAll(t, path)
	if err != nil {
		t.Fatal(err)
	}
	checkEvents(t, got, 11)
}

func TestZeroTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	j, err := Open(path, quiet())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Append(ctx, Event{Seat: 2}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	got, err := replayAll(t, path)
	if err != nil || len(got) != 1 || !got[0].Time.IsZero() || got[0].Seat != 2 {
		t.Fatalf("got %+v, %v", got, err)
	}
}

// cutAndCheck writes the first cut bytes of full to a file and checks that
// replay and open+append recover exactly the records that end at or
// before the cut.
func cutAndCheck(t *testing.T, dir string, full []byte, ends []int, cut int) {
	path := filepath.Join(dir, fmt.Sprintf("cut%d", cut))
	if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	want, keep := 0, docFileHeader
	for i, end := range ends {
		if end <= cut {
			want, keep = i+1, end
		}
	}
	got, err := replayAll(t, path)
	if err != nil {
		t.Fatalf("cut at %d: Replay: %v", cut, err)
	}
	checkEvents(t, got, want)

	j, err := Open(path, quiet())
	if err != nil {
		t.Fatalf("cut at %d: Open: %v", cut, err)
	}
	if j.Last() != uint64(want) {
		t.Fatalf("cut at %d: Last = %d, want %d", cut, j.Last(), want)
	}
	next := testEvent(want + 1)
	if seq, err := j.Append(ctx, next); err != nil || seq != uint64(want+1) {
		t.Fatalf("cut at %d: Append = %d, %v; want %d", cut, seq, err, want+1)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if wantSize := int64(keep + docRecHeader + len(next.Payload)); st.Size() != wantSize {
		t.Fatalf("cut at %d: file is %d bytes after recovery and one append, want %d", cut, st.Size(), wantSize)
	}
	got, err = replayAll(t, path)
	if err != nil {
		t.Fatalf("cut at %d: Replay after recovery: %v", cut, err)
	}
	checkEvents(t, got, want+1)
	os.Remove(path)
}

func TestCutAtEveryOffset(t *testing.T) {
	dir := t.TempDir()
	full, ends := writeJournal(t, filepath.Join(dir, "full"), 8)
	for cut := 0; cut <= len(full); cut++ {
		cutAndCheck(t, dir, full, ends, cut)
	}
}

func TestCutAtRandomOffsets(t *testing.T) {
	dir := t.TempDir()
	full, ends := writeJournal(t, filepath.Join(dir, "full"), 300)
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		cutAndCheck(t, dir, full, ends, r.IntN(len(full)+1))
	}
}

func TestTornTailLogged(t *testing.T) {
	dir := t.TempDir()
	full, ends := writeJournal(t, filepath.Join(dir, "full"), 3)
	path := filepath.Join(dir, "torn")
	cut := ends[1] + 5
	if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	j, err := Open(path, WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	for _, want := range []string{"level=WARN", "torn", fmt.Sprintf("offset=%d", ends[1]), "bytes=5", "last_seq=2"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log %q lacks %q", logs.String(), want)
		}
	}
}

// A damaged record with valid records after it is an error at its offset,
// whichever byte is damaged, and Open leaves the file alone.
func TestCorruptionInTheMiddle(t *testing.T) {
	dir := t.TempDir()
	full, ends := writeJournal(t, filepath.Join(dir, "full"), 4)
	start, end := ends[1], ends[2] // record 3
	path := filepath.Join(dir, "bad")
	for i := start; i < end; i++ {
		b := bytes.Clone(full)
		b[i] ^= 0x40
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := replayAll(t, path)
		var ce *CorruptError
		if !errors.Is(err, ErrCorrupt) || !errors.As(err, &ce) {
			t.Fatalf("byte %d damaged: Replay error %v, want a *CorruptError", i, err)
		}
		if ce.Offset != int64(start) || ce.Path != path {
			t.Fatalf("byte %d damaged: error names %s offset %d, want offset %d", i, ce.Path, ce.Offset, start)
		}
		checkEvents(t, got, 2) // records before the damage were delivered
		if _, err := Open(path, quiet()); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("byte %d damaged: Open error %v, want ErrCorrupt", i, err)
		}
		if st, _ := os.Stat(path); st.Size() != int64(len(full)) {
			t.Fatalf("byte %d damaged: Open changed the file size to %d", i, st.Size())
		}
	}
}

// Damage in the last record cannot be told from a torn write: dropped.
func TestDamagedLastRecordDropped(t *testing.T) {
	dir := t.TempDir()
	full, ends := writeJournal(t, filepath.Join(dir, "full"), 4)
	b := bytes.Clone(full)
	b[ends[2]+docRecHeader+1] ^= 1 // a payload byte of record 4
	path := filepath.Join(dir, "j")
	os.WriteFile(path, b, 0o644)
	got, err := replayAll(t, path)
	if err != nil {
		t.Fatal(err)
	}
	checkEvents(t, got, 3)
}

// rawJournal builds a file from records with the given sequence numbers,
// bypassing Append's numbering.
func rawJournal(t *testing.T, seqs ...uint64) (string, []int) {
	b := fileHeader()
	var starts []int
	for _, s := range seqs {
		starts = append(starts, len(b))
		var err error
		if b, err = appendRecord(b, Event{Seq: s, Payload: []byte("x")}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "raw")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, starts
}

func TestSequenceGaps(t *testing.T) {
	for _, tc := range []struct {
		name string
		seqs []uint64
		bad  int // index of the offending record
	}{
		{"gap", []uint64{1, 2, 4}, 2},
		{"repeat", []uint64{1, 2, 2}, 2},
		{"backwards", []uint64{1, 2, 3, 1}, 3},
		{"not from 1", []uint64{2, 3}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, starts := rawJournal(t, tc.seqs...)
			_, err := replayAll(t, path)
			var ce *CorruptError
			if !errors.Is(err, ErrSequence) || !errors.As(err, &ce) || ce.Offset != int64(starts[tc.bad]) {
				t.Fatalf("Replay error %v, want ErrSequence at offset %d", err, starts[tc.bad])
			}
			if _, err := Open(path, quiet()); !errors.Is(err, ErrSequence) {
				t.Fatalf("Open error %v, want ErrSequence", err)
			}
		})
	}
	path, _ := rawJournal(t, 1, 2, 3)
	if _, err := replayAll(t, path); err != nil {
		t.Fatalf("contiguous journal: %v", err)
	}
}

func TestAppendWithSeq(t *testing.T) {
	j, err := Open(filepath.Join(t.TempDir(), "j"), quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := j.Append(ctx, Event{Seq: 2}); !errors.Is(err, ErrSequence) {
		t.Fatalf("Append seq 2 into an empty journal: %v, want ErrSequence", err)
	}
	if seq, err := j.Append(ctx, Event{Seq: 1}); err != nil || seq != 1 {
		t.Fatalf("Append seq 1: %d, %v", seq, err)
	}
}

func TestHeader(t *testing.T) {
	hdr := func(magic string, version uint16) []byte {
		b := make([]byte, 16)
		copy(b, magic)
		binary.LittleEndian.PutUint16(b[8:], version)
		binary.LittleEndian.PutUint32(b[12:], crc32.Checksum(b[:12], crc32.MakeTable(crc32.Castagnoli)))
		return b
	}
	for _, tc := range []struct {
		name string
		file []byte
		want error
	}{
		{"future version", hdr("JANTAKUJ", 2), ErrVersion},
		{"not a journal", hdr("SQLite f", 1), ErrCorrupt},
		{"short garbage", []byte("hello"), ErrCorrupt},
		{"header checksum", append(hdr("JANTAKUJ", 1)[:12], 0, 0, 0, 0), ErrCorrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j")
			os.WriteFile(path, tc.file, 0o644)
			if _, err := replayAll(t, path); !errors.Is(err, tc.want) {
				t.Errorf("Replay: %v, want %v", err, tc.want)
			}
			if _, err := Open(path, quiet()); !errors.Is(err, tc.want) {
				t.Errorf("Open: %v, want %v", err, tc.want)
			}
		})
	}
	// The documented header is what a new journal starts with.
	path := filepath.Join(t.TempDir(), "j")
	j, err := Open(path, quiet())
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if b, _ := os.ReadFile(path); !bytes.Equal(b, hdr("JANTAKUJ", 1)) {
		t.Fatalf("new journal = % x", b)
	}
}

func TestLockedAndClosed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	j, err := Open(path, quiet())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, quiet()); !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Append(ctx, Event{}); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close: %v", err)
	}
	if err := j.Close(); !errors.Is(err, ErrClosed) {
		t.Fatalf("second Close: %v", err)
	}
	j2, err := Open(path, quiet())
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	j2.Close()
}

func TestAppendCancelled(t *testing.T) {
	j, err := Open(filepath.Join(t.TempDir(), "j"), quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := j.Append(c, Event{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Append with a cancelled context: %v", err)
	}
	if j.Last() != 0 {
		t.Fatalf("a cancelled Append was written")
	}
}

func TestBadEvents(t *testing.T) {
	j, err := Open(filepath.Join(t.TempDir(), "j"), quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, e := range []Event{
		{Seat: 40000},
		{Payload: make([]byte, MaxPayload+1)},
		{Time: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)},
	} {
		if _, err := j.Append(ctx, e); err == nil {
			t.Errorf("Append(seat %d, %d bytes, %v) succeeded", e.Seat, len(e.Payload), e.Time)
		}
	}
	if seq, err := j.Append(ctx, Event{}); err != nil || seq != 1 {
		t.Fatalf("refused events used up sequence numbers: %d, %v", seq, err)
	}
}

func TestEventsIterator(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	writeJournal(t, path, 5)
	var seqs []uint64
	for e, err := range Events(path) {
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, e.Seq)
		if e.Seq == 3 {
			break
		}
	}
	if fmt.Sprint(seqs) != "[1 2 3]" {
		t.Fatalf("iterated %v", seqs)
	}
	for _, err := range Events(filepath.Join(t.TempDir(), "missing")) {
		if !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("missing file: %v", err)
		}
	}
}
