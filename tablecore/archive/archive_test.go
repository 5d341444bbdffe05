package archive_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"jantaku/tablecore/archive"
)

func TestPutListGetSurviveReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	a, err := archive.Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	when := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	id1, err := a.Put(archive.Summary{Ruleset: "riichi", Finished: when, Hands: 9, Scores: []int{41000, 29000, 22000, 28000}}, []byte("journal one"))
	if err != nil {
		t.Fatal(err)
	}
	id2, err := a.Put(archive.Summary{Ruleset: "sichuan", Hands: 10, Scores: []int{3, -1, -4, 2}}, []byte("journal two"))
	if err != nil {
		t.Fatal(err)
	}
	if id1 == id2 {
		t.Fatalf("two games got ID %d", id1)
	}
	a.Close()

	a, err = archive.Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	list, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != id1 || list[0].Ruleset != "riichi" || list[1].Scores[2] != -4 || !list[0].Finished.Equal(when) {
		t.Fatalf("list = %+v", list)
	}
	s, j, err := a.Get(id2)
	if err != nil || s.Ruleset != "sichuan" || !bytes.Equal(j, []byte("journal two")) {
		t.Fatalf("get %d = %+v %q %v", id2, s, j, err)
	}
	if _, _, err := a.Get(99); !errors.Is(err, archive.ErrNotFound) {
		t.Fatalf("get of a missing game: %v", err)
	}
}

// A game archived twice (the table killed between archiving it and moving
// its journal aside) is kept once, under its first ID.
func TestPutSameJournalTwice(t *testing.T) {
	a, err := archive.Open(filepath.Join(t.TempDir(), "games.db"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	id1, err := a.Put(archive.Summary{Ruleset: "riichi", Hands: 8}, []byte("the journal"))
	if err != nil {
		t.Fatal(err)
	}
	id2, err := a.Put(archive.Summary{Ruleset: "riichi", Hands: 8}, []byte("the journal"))
	if err != nil {
		t.Fatal(err)
	}
	id3, err := a.Put(archive.Summary{Ruleset: "riichi", Hands: 8}, []byte("another journal"))
	if err != nil {
		t.Fatal(err)
	}
	list, _ := a.List()
	if id2 != id1 || id3 == id1 || len(list) != 2 {
		t.Errorf("ids %d %d %d, %d games listed; want the repeat under the first ID and 2 games", id1, id2, id3, len(list))
	}
}
