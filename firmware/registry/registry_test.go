package registry_test

import (
	"errors"
	"path/filepath"
	"testing"

	"jantaku/firmware/registry"
	"jantaku/rules/tile"
)

func TestStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tags.db")
	s, err := registry.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	red5p := registry.Entry{Set: 'A', Tile: tile.Tile{Kind: tile.P5, Copy: 0, Red: true}}
	if err := s.Put("04AABBCCDDEEFF", red5p); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("04AABBCCDDEEFF", red5p); err != nil {
		t.Errorf("registering the same again: %v", err)
	}
	if err := s.Put("0411223344", red5p); !errors.Is(err, registry.ErrConflict) {
		t.Errorf("a second tag for the same tile: %v, want ErrConflict", err)
	}
	if err := s.Put("04AABBCCDDEEFF", registry.Entry{Set: 'B', Tile: red5p.Tile}); !errors.Is(err, registry.ErrConflict) {
		t.Errorf("re-registering a tag as another tile: %v, want ErrConflict", err)
	}
	s.Close()
	// Survives a reopen.
	s, err = registry.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e, ok := s.Lookup("04AABBCCDDEEFF")
	if !ok || e != red5p {
		t.Errorf("after reopen: %v %v", e, ok)
	}
	all, _ := s.All()
	if len(all) != 1 {
		t.Errorf("All = %v", all)
	}
}
