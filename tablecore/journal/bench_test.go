package journal

import (
	"path/filepath"
	"testing"
	"time"
)

func benchmarkAppend(b *testing.B, opts ...Option) {
	j, err := Open(filepath.Join(b.TempDir(), "j"), append(opts, quiet())...)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	e := Event{Time: time.Now(), Seat: 1, Payload: make([]byte, 64)} // about one referee action
	b.SetBytes(int64(docRecHeader + len(e.Payload)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := j.Append(ctx, e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	b.Run("fsync", func(b *testing.B) { benchmarkAppend(b) })
	b.Run("nosync", func(b *testing.B) { benchmarkAppend(b, WithoutSync()) })
}

func BenchmarkReplay(b *testing.B) {
	const n = 10000
	path := filepath.Join(b.TempDir(), "j")
	full, _ := writeJournal(b, path, n)
	b.SetBytes(int64(len(full)))
	b.ReportAllocs()
	for b.Loop() {
		count := 0
		if err := Replay(path, func(Event) error { count++; return nil }); err != nil || count != n {
			b.Fatal(count, err)
		}
	}
}
