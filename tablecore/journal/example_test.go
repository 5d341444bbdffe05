package journal_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"jantaku/tablecore/journal"
)

func Example() {
	dir, err := os.MkdirTemp("", "journal")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "table.journal")

	j, err := journal.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	at := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	for i, action := range []string{`{"draw":"5p"}`, `{"discard":"9m"}`} {
		if _, err := j.Append(ctx, journal.Event{Time: at.Add(time.Duration(i) * time.Second), Seat: 0, Payload: []byte(action)}); err != nil {
			log.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		log.Fatal(err)
	}

	// After a restart: rebuild the state from the journal.
	err = journal.Replay(path, func(e journal.Event) error {
		fmt.Println(e.Seq, e.Time.Format(time.TimeOnly), e.Seat, string(e.Payload))
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1 20:00:00 0 {"draw":"5p"}
	// 2 20:00:01 0 {"discard":"9m"}
}
