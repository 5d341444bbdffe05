package record

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"jantaku/internal/corpustest"
)

// The seeds are the hand-written records of format_test.go, cut and
// damaged, and the smaller real records of the shared corpus when it is
// there (see corpusDir), read at fuzz time and never kept here.
func FuzzTenhou6(f *testing.F) {
	for _, s := range []string{handT6, handT6[:len(handT6)/2], "{}", `{"name":["a","b","c","d"],"log":[[]]}`, "[]", "",
		sanma6("三般南喰赤", "", `[44,12,"43p4343"]`, `["f44",41,45]`, `[13]`, `[42]`, `[14]`, `[43]`),
		sanma6("", "", `[12,13]`, `[41,60]`, `[]`, `[]`, `["41p4141"]`, `[42]`),
		`{"name":["a","b","c"],"rule":{"disp":""},"log":[]}`} {
		f.Add([]byte(s))
	}
	for _, b := range corpusSeeds(".json") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ReadTenhou6(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
			return
		}
		// What was read can be written and read again.
		var out bytes.Buffer
		if err := WriteTenhou6(&out, g); err != nil {
			return
		}
		back, err := ReadTenhou6(&out)
		if err != nil {
			t.Fatalf("export of an accepted record does not read: %v\n%s", err, out.String())
		}
		if d := diffGames(g, back, false); d != "" {
			t.Fatalf("export differs: %s", d)
		}
	})
}

func FuzzMjlog(f *testing.F) {
	for _, s := range []string{handMjlog, handMjlog[:len(handMjlog)/3], "<mjloggm/>", `<INIT seed="0,0,0,0,0,0"/>`, "<N m=\"-1\"/>", ""} {
		f.Add([]byte(s))
	}
	for _, b := range corpusSeeds(".mjlog", ".xml") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ReadMjlog(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
			return
		}
		// The mjlog reader does not check turn order, so the export of a
		// garbled log may not make an order of play; it must still fail
		// with an error, not a panic.
		var out bytes.Buffer
		if err := WriteTenhou6(&out, g); err != nil {
			return
		}
		if _, err := ReadTenhou6(&out); err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("export of an accepted mjlog: error %v is not ErrFormat", err)
		}
	})
}

// corpusSeeds returns up to 8 of the smallest corpus records with the
// given extensions (none when the corpus is absent): real inputs to start
// fuzzing from.
func corpusSeeds(exts ...string) [][]byte {
	dir, err := corpustest.Find("tenhou")
	if err != nil {
		return nil // fuzzing starts from the hand-written seeds alone
	}
	type file struct {
		path string
		size int64
	}
	var files []file
	filepath.WalkDir(filepath.Join(dir, "tenhou"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.Contains(exts, filepath.Ext(path)) {
			if fi, err := d.Info(); err == nil && fi.Size() <= 64<<10 {
				files = append(files, file{path, fi.Size()})
			}
		}
		return nil
	})
	slices.SortFunc(files, func(a, b file) int { return int(a.size - b.size) })
	var out [][]byte
	for _, f := range files[:min(8, len(files))] {
		if b, err := os.ReadFile(f.path); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// FuzzRead: whatever the bytes (gzip or not, either format or neither),
// Read returns a game or a format error, never a panic.
func FuzzRead(f *testing.F) {
	for _, s := range []string{handT6, "\x1f\x8b", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "\xef\xbb\xbf{", "<", " \n\t", "x"} {
		f.Add([]byte(s))
	}
	for _, b := range corpusSeeds(".mjlog") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := Read(bytes.NewReader(b)); err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("error %v is not ErrFormat", err)
		}
	})
}
