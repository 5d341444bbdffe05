package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"jantaku/tablecore/archive"
)

func TestArchiveListAndExport(t *testing.T) {
	db := filepath.Join(t.TempDir(), "archive.db")
	a, err := archive.Open(db, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	id, err := a.Put(archive.Summary{Ruleset: "riichi/tenhou", Hands: 9, Scores: []int{41000, 29000, 22000, 8000}, Finished: time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)}, []byte("JOURNAL"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Put(archive.Summary{Ruleset: "sichuan", Hands: 4, Scores: []int{1, 2, 3, -6}, Finished: time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC)}, []byte("SECOND")); err != nil {
		t.Fatal(err)
	}
	a.Close()
	var out, errb bytes.Buffer
	// "latest", after the ID as flags may be.
	if code := run(context.Background(), []string{"archive", "export", "latest", "--db", db}, nil, &out, &errb); code != 0 || out.String() != "SECOND" {
		t.Fatalf("export latest: exit %d, %q, %s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"archive", "list", "--db", db}, nil, &out, &errb); code != 0 {
		t.Fatalf("list: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "riichi/tenhou") || !strings.Contains(out.String(), "[41000 29000 22000 8000]") {
		t.Fatalf("list printed %q", out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"archive", "export", "--db", db, "1"}, nil, &out, &errb); code != 0 || out.String() != "JOURNAL" || id != 1 {
		t.Fatalf("export: exit %d, %q, %s", code, out.String(), errb.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"archive", "export", "--db", db, "x"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not a number") {
		t.Fatalf("bad id: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"archive", "list", "--db", filepath.Join(t.TempDir(), "none.db")}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no archive at") {
		t.Fatalf("missing archive: exit %d, %s", code, errb.String())
	}
}
