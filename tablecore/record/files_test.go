package record

import (
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A directory stands for the records inside it, subdirectories included,
// in name order; a file for itself whatever its name.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.json", "a.MJLOG", "notes.txt", "sub/c.xml.gz", "sub/d.xml", "sub/README"} {
		writeFile(t, filepath.Join(dir, n), "x")
	}
	lone := filepath.Join(dir, "notes.txt")
	got, err := Files([]string{dir, lone})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.MJLOG", "b.json", "sub/c.xml.gz", "sub/d.xml"}
	for i := range want {
		want[i] = filepath.Join(dir, want[i])
	}
	want = append(want, lone)
	if !slices.Equal(got, want) {
		t.Errorf("Files = %q\nwant %q", got, want)
	}
}

func TestFilesErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.json")
	_, err := Files([]string{missing})
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != missing || strings.Count(err.Error(), missing) != 1 {
		t.Errorf("missing file: %v, want a *fs.PathError naming %s once", err, missing)
	}
	empty := filepath.Join(dir, "empty")
	writeFile(t, filepath.Join(empty, "notes.txt"), "x")
	if _, err := Files([]string{empty}); err == nil || !strings.HasPrefix(err.Error(), empty+": no game records") {
		t.Errorf("directory without records: %v", err)
	}
}

// ReadFile reads a record plain or gzip-compressed, and takes the log ID
// from the file's name when the record has none.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	const id = "2017060214gm-00a9-0000-40a46a1c"
	plain := filepath.Join(dir, id+".json")
	writeFile(t, plain, handT6)
	zipped := filepath.Join(dir, "hand.json.gz")
	f, err := os.Create(zipped)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write([]byte(handT6)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, ref string }{{plain, id}, {zipped, ""}} {
		g, err := ReadFile(c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if len(g.Hands) != 1 || g.Ref != c.ref {
			t.Errorf("%s: %d hands, ref %q; want 1 hand, ref %q", c.path, len(g.Hands), g.Ref, c.ref)
		}
	}
	empty := filepath.Join(dir, "empty.json")
	writeFile(t, empty, "")
	var fe *FormatError
	if _, err := ReadFile(empty); !errors.As(err, &fe) {
		t.Errorf("empty file: %v, want a *FormatError", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "nope.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
