package tablecore_test

import (
	"os"
	"path/filepath"
	"testing"

	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// Every Tenhou three-player record of the corpus replays under Tenhou's
// three-player rules of its type and date with every action accepted,
// every hand's score changes, the final scores and, where the record
// gives them, the final results after uma and oka. The corpus may hold
// none (it held none when the three-player dead wall was decided); the
// test then says so and skips, so that one added later is checked.
func TestCorpusThreePlayerRecords(t *testing.T) {
	if replayThreePlayer(t, corpusRecords(t)) == 0 {
		t.Skip("the corpus holds no three-player record (Tenhou type 0x10 or a 三 label): nothing to check")
	}
}

// The check above finds a three-player record among others and replays
// it: a folder with the hand-written three-player mjlog and a
// four-player record.
func TestCorpusThreePlayerRecordsFound(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tenhou")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	four := `{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[]}`
	for name, body := range map[string]string{"sanma.mjlog": sanmaLog, "four.json": four} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("JANTAKU_CORPUS", filepath.Dir(dir))
	if n := replayThreePlayer(t, corpusRecords(t)); n != 1 {
		t.Fatalf("%d three-player records found, want 1", n)
	}
}

// replayThreePlayer replays the three-player records among files and
// returns how many there were; a failure is a test error.
func replayThreePlayer(t *testing.T, files []string) int {
	t.Helper()
	n := 0
	for _, file := range files {
		name := filepath.Base(file)
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Read(f)
		f.Close()
		if err != nil || !rec.Rules.Three {
			continue
		}
		rec.Named(name)
		n++
		rs, desc, err := tablecore.RecordRuleset(rec, "")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		hands := 0
		err = tablecore.ReplayGame(rec, rs, func(r tablecore.HandReport) { hands++ })
		if err != nil {
			t.Errorf("%s (%s): after %d hands: %v", name, desc, hands, err)
			continue
		}
		t.Logf("%s (%s): %d hands replayed with the record's score changes", name, desc, hands)
	}
	return n
}
