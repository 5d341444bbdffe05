package archive_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"jantaku/tablecore/archive"
)

// Latest is the game archived last: with nine and more games its ID
// outgrows one digit, and a journal archived again (a restart) does not
// make its game the latest.
func TestLatest(t *testing.T) {
	a, err := archive.Open(filepath.Join(t.TempDir(), "games.db"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.Latest(); !errors.Is(err, archive.ErrEmpty) {
		t.Errorf("empty archive: %v, want ErrEmpty", err)
	}
	for i := 1; i <= 300; i++ {
		if _, err := a.Put(archive.Summary{Ruleset: "riichi"}, fmt.Appendf(nil, "journal %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Put(archive.Summary{Ruleset: "riichi"}, []byte("journal 7")); err != nil {
		t.Fatal(err)
	}
	if id, err := a.Latest(); id != 300 || err != nil {
		t.Errorf("Latest = %d, %v; want 300", id, err)
	}
}
