package testdir_test

import (
	"os"
	"path/filepath"
	"testing"

	"jantaku/internal/testdir"
)

// TestInMemoryIsFreshAndRemoved: each call is a new empty folder that can
// be written, and it is gone once its test has ended.
func TestInMemoryIsFreshAndRemoved(t *testing.T) {
	var dir string
	t.Run("use", func(t *testing.T) {
		dir = testdir.InMemory(t)
		if other := testdir.InMemory(t); other == dir {
			t.Fatalf("two calls gave the same folder %s", dir)
		}
		ents, err := os.ReadDir(dir)
		if err != nil || len(ents) != 0 {
			t.Fatalf("new folder %s: %d entries, %v", dir, len(ents), err)
		}
		if err := os.WriteFile(filepath.Join(dir, "journal"), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s still there after its test: %v", dir, err)
	}
}

// TestFreeReadsTheFileSystem: the room left is read where the folder
// exists, and a folder that cannot be read counts as full, so InMemory
// falls back to t.TempDir rather than guess.
func TestFreeReadsTheFileSystem(t *testing.T) {
	if got := testdir.Free(t.TempDir()); got == 0 {
		t.Skip("this system does not report free space: InMemory uses t.TempDir")
	}
	if got := testdir.Free(filepath.Join(t.TempDir(), "missing")); got != 0 {
		t.Errorf("free room of a missing folder: %d, want 0", got)
	}
}
