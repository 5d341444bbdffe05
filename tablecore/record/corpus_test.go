package record

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"jantaku/internal/corpustest"
)

// corpusDir returns the shared corpus of real game records: the folder
// named by JANTAKU_CORPUS, or ../shared/corpus beside the repository. The
// records are Tenhou's and are read in place, never copied here.
func corpusDir(t testing.TB) string {
	return filepath.Join(corpustest.Dir(t, "tenhou"), "tenhou")
}

// corpusFiles lists the corpus files with the given extensions, sorted.
func corpusFiles(t testing.TB, exts ...string) []string {
	var files []string
	err := filepath.WalkDir(corpusDir(t), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.Contains(exts, filepath.Ext(path)) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %v files in the corpus", exts)
	}
	return files
}

func readFile(t testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkBookkeeping checks §1.6 on every pair of consecutive hands: the next
// hand starts from this hand's scores plus the log's own deltas, less the
// riichi sticks paid. It returns the number of transitions checked.
func checkBookkeeping(t *testing.T, name string, g *Game) int {
	t.Helper()
	n := 0
	for i := 0; i+1 < len(g.Hands); i++ {
		h, next := &g.Hands[i], &g.Hands[i+1]
		d := h.Deltas()
		var want [4]int
		for s := range 4 {
			want[s] = h.Scores[s] + d[s]
		}
		if want != next.Scores {
			t.Errorf("%s: hand %d (%s) → %d: scores %v + deltas %v = %v, next hand starts with %v",
				name, i, h, i+1, h.Scores, d, want, next.Scores)
		}
		n++
	}
	return n
}

func TestCorpusTenhou6(t *testing.T) {
	counts := map[string][3]int{} // dir → files, hands, transitions
	for _, path := range corpusFiles(t, ".json") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b := readFile(t, path)
			g, err := ReadTenhou6(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			dir, _ := filepath.Rel(corpusDir(t), filepath.Dir(path))
			c := counts[dir]
			c[0]++
			c[1] += len(g.Hands)
			c[2] += checkBookkeeping(t, path, g)
			counts[dir] = c
		})
	}
	for _, dir := range slices.Sorted(func(yield func(string) bool) {
		for k := range counts {
			if !yield(k) {
				return
			}
		}
	}) {
		c := counts[dir]
		t.Logf("%s: %d files, %d hands, %d transitions reproduced", dir, c[0], c[1], c[2])
	}
}

func TestCorpusMjlog(t *testing.T) {
	counts := map[string][3]int{}
	for _, path := range corpusFiles(t, ".mjlog", ".xml") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, err := ReadMjlog(bytes.NewReader(readFile(t, path)))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			dir, _ := filepath.Rel(corpusDir(t), filepath.Dir(path))
			c := counts[dir]
			c[0]++
			c[1] += len(g.Hands)
			c[2] += checkBookkeeping(t, path, g)
			counts[dir] = c
		})
	}
	for _, dir := range slices.Sorted(maps.Keys(counts)) {
		c := counts[dir]
		t.Logf("%s: %d files, %d hands, %d transitions reproduced", dir, c[0], c[1], c[2])
	}
}
