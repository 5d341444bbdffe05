package registry_test

import (
	"errors"
	"path/filepath"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/rules/tile"
)

func openStore(t *testing.T) *registry.Store {
	t.Helper()
	s, err := registry.Open(filepath.Join(t.TempDir(), "tags.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func one(t *testing.T, s string, copy uint8) tile.Tile {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tile %q: %v", s, err)
	}
	ts[0].Copy = copy
	return ts[0]
}

// Tile by tile: each tag registered moves to the next tile; the tag just
// registered, or a tag of another tile, is refused and the tile stays; a
// skipped tile is left for the next run, which resumes after the tiles
// registered.
func TestGuideTileByTile(t *testing.T) {
	st := openStore(t)
	set, _ := tile.Standard(3)
	b := registry.Entry{Set: 'B', Tile: one(t, "9s", 2)}
	if err := st.Put("0B000001", b); err != nil {
		t.Fatal(err)
	}
	g, err := registry.NewGuide(st, set, 'A')
	if err != nil {
		t.Fatal(err)
	}
	next := func(want tile.Tile, number int) {
		t.Helper()
		got, n, ok := g.Next()
		if !ok || got != want || n != number {
			t.Fatalf("Next = %v#%d [%d] %v, want %v#%d [%d]", got, got.Copy, n, ok, want, want.Copy, number)
		}
	}
	if g.Size() != 136 || g.Resumed() != 0 {
		t.Errorf("size %d, resumed %d; want 136, 0", g.Size(), g.Resumed())
	}
	next(one(t, "1m", 0), 1)
	if err := g.Register("0A000001"); err != nil {
		t.Fatal(err)
	}
	next(one(t, "1m", 1), 2)
	var te *registry.TakenError
	if err := g.Register("0A000001"); !errors.As(err, &te) || !te.Last || te.As != (registry.Entry{Set: 'A', Tile: one(t, "1m", 0)}) {
		t.Errorf("the tag just registered again: %v", err)
	}
	if err := g.Register("0B000001"); !errors.As(err, &te) || te.Last || te.As != b || err.Error() != "tag 0B000001 is already 9s#2 of set B" {
		t.Errorf("a tag of set B: %v", err)
	}
	next(one(t, "1m", 1), 2)
	g.Skip()
	next(one(t, "1m", 2), 2)
	if err := g.Register("0A000003"); err != nil {
		t.Fatal(err)
	}
	if g.Registered() != 2 {
		t.Errorf("registered %d, want 2", g.Registered())
	}

	g, err = registry.NewGuide(st, set, 'A')
	if err != nil {
		t.Fatal(err)
	}
	if g.Resumed() != 2 {
		t.Errorf("resumed %d, want 2", g.Resumed())
	}
	next(one(t, "1m", 1), 3) // the tile skipped
	g.Skip()
	next(one(t, "1m", 3), 3)
	if _, err := registry.NewGuide(st, set, 'C'); err == nil {
		t.Error("a guide for set C")
	}
}

// The 136-tile set with three red fives has 37 faces: 34 kinds, and the
// three red fives, each a face of its own.
func TestGuideFaces(t *testing.T) {
	set, _ := tile.Standard(3)
	g, err := registry.NewGuide(openStore(t), set, 'A')
	if err != nil {
		t.Fatal(err)
	}
	fs := g.Faces()
	if len(fs) != 37 {
		t.Fatalf("%d faces, want 37", len(fs))
	}
	for i, want := range []struct {
		name   string
		copies int
	}{{"1m", 4}, {"2m", 4}, {"3m", 4}, {"4m", 4}, {"5m red", 1}, {"5m", 3}, {"6m", 4}} {
		if fs[i].String() != want.name || len(fs[i].Tiles) != want.copies {
			t.Errorf("face %d: %s × %d, want %s × %d", i, fs[i], len(fs[i].Tiles), want.name, want.copies)
		}
	}
	if fs[5].Tiles[0] != one(t, "5m", 1) {
		t.Errorf("the first plain 5m is %v#%d, want copy 1", fs[5].Tiles[0], fs[5].Tiles[0].Copy)
	}
}

// A zone read registers its new tags as the face's copies in UID order; a
// wrong count or a tag of another tile refuses the whole zone.
func TestGuideRegisterFace(t *testing.T) {
	st := openStore(t)
	set, _ := tile.Standard(0)
	other := registry.Entry{Set: 'A', Tile: one(t, "7z", 0)}
	if err := st.Put("0C000001", other); err != nil {
		t.Fatal(err)
	}
	g, err := registry.NewGuide(st, set, 'A')
	if err != nil {
		t.Fatal(err)
	}
	f := g.Faces()[0] // 1m × 4
	var fe *registry.FaceError
	err = g.RegisterFace(f, []rfid.UID{"0A000004", "0A000002"})
	if !errors.As(err, &fe) || fe.New != 2 || err.Error() != "2 new tag(s) read, want 4 × 1m" {
		t.Errorf("two tags for four copies: %v", err)
	}
	err = g.RegisterFace(f, []rfid.UID{"0A000004", "0A000002", "0A000003", "0A000001", "0C000001"})
	if !errors.As(err, &fe) || len(fe.Taken) != 1 || err.Error() != "refused: 0C000001 is already 7z#0 of set A" {
		t.Errorf("a tag of 7z on the 1m zone: %v", err)
	}
	if _, ok := st.Lookup("0A000001"); ok || g.Registered() != 0 {
		t.Error("a refused zone registered tags")
	}
	if err := g.RegisterFace(f, []rfid.UID{"0A000004", "0A000002", "0A000003", "0A000001", "0A000002"}); err != nil {
		t.Fatal(err)
	}
	for i, u := range []rfid.UID{"0A000001", "0A000002", "0A000003", "0A000004"} {
		if e, ok := st.Lookup(u); !ok || e != (registry.Entry{Set: 'A', Tile: one(t, "1m", uint8(i))}) {
			t.Errorf("%s: %v, want 1m#%d of set A", u, e, i)
		}
	}
	if g.Registered() != 4 || len(g.Faces()) != 33 {
		t.Errorf("after one face: registered %d, %d faces left; want 4, 33", g.Registered(), len(g.Faces()))
	}
	// The same tiles read again: nothing new, so the count is wrong.
	if err := g.RegisterFace(f, []rfid.UID{"0A000001"}); !errors.As(err, &fe) || fe.New != 0 {
		t.Errorf("a face already registered: %v", err)
	}
}
