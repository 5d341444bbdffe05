package tablecore_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"

	"jantaku/internal/corpustest"
)

// corpus returns the folder of real game records: $JANTAKU_CORPUS, or
// ../shared/corpus beside the repository.
func corpus(t testing.TB) string {
	return corpustest.Dir(t, "tenhou")
}

// gameFiles lists the corpus's Tenhou game records under dir whose names
// end in one of exts.
func gameFiles(dir string, exts ...string) []string {
	var files []string
	filepath.WalkDir(filepath.Join(dir, "tenhou"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.ContainsFunc(exts, func(e string) bool { return strings.HasSuffix(p, e) }) {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// replayable reads the record at p if the referee replays it: nil when it
// cannot be read, holds no hand, or is of a lobby the referee does not play.
func replayable(p string) *record.Game {
	rec, err := readRecord(p)
	if err != nil || len(rec.Hands) == 0 {
		return nil
	}
	if _, _, err := tablecore.RecordRuleset(rec, ""); err != nil {
		return nil
	}
	return rec
}

// twoGames returns two games of rec's rules, each where rec's first hand
// starts, for tests that replay it two ways.
func twoGames(t *testing.T, rec *record.Game) [2]*tablecore.Game {
	t.Helper()
	rs := tenhouRuleset(t, rec)
	var gs [2]*tablecore.Game
	for i := range gs {
		g, err := tablecore.New(rs, game.Seat(rec.Hands[0].Dealer()))
		if err != nil {
			t.Fatal(err)
		}
		seed(g, &rec.Hands[0])
		gs[i] = g
	}
	return gs
}

func readRecord(path string) (*record.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := record.Read(f)
	if err != nil {
		return nil, err
	}
	g.Named(filepath.Base(path))
	return g, nil
}

// tenhouRuleset is Tenhou's rules of the record's lobby and date, as
// replay chooses them (tablecore.RecordRuleset).
func tenhouRuleset(t testing.TB, g *record.Game) game.Ruleset {
	length := ""
	if !g.Rules.Hanchan && playedAsHanchan(g) {
		length = "hanchan"
	}
	rs, _, err := tablecore.RecordRuleset(g, length)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// playedAsHanchan: a few lobby games are marked east-only in their header
// but went on into the South round with somebody past 30,000 at its start,
// which an east-only game would not have (it ends there).
func playedAsHanchan(g *record.Game) bool {
	for _, h := range g.Hands {
		if h.Round >= 4 {
			for _, sc := range h.Scores {
				if sc >= 30000 {
					return true
				}
			}
		}
	}
	return false
}

// excluded lists the records the test cannot hold the referee to, with
// the reason; everything else must replay exactly.
var excluded = map[string]string{
	"tenhou/mjai-reviewer/confusing_nakis_1.json":         "a hand-made snippet for call parsing: its result pays the winner no riichi stick although the declarer's riichi had taken effect",
	"tenhou/mjai-reviewer/confusing_nakis_2.json":         "a hand-made snippet for call parsing: it holds five 5s",
	"tenhou/pantheon-gpl3/xml/models__chips_tonpusen.xml": "a chip (祝儀) lobby, game type 0x641: refused, as the referee does not play its rules",
}

// TestReplayCorpus replays every real game of the corpus through the
// referee under the tenhou preset: every action must be accepted, every
// hand must start where the record says (scores, repeat counters, sticks,
// dealer) and end with the record's score changes.
func TestReplayCorpus(t *testing.T) {
	dir := corpus(t)
	files := gameFiles(dir, ".json", ".mjlog", ".xml")
	hands, transitions, finals, t6 := 0, 0, 0, 0
	var failures []string
	for _, path := range files {
		name, _ := filepath.Rel(dir, path)
		if why, ok := excluded[filepath.ToSlash(name)]; ok {
			t.Logf("%s: excluded: %s", name, why)
			continue
		}
		rec, err := readRecord(path)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		before := transitions
		err = replayGame(t, rec, &hands, &transitions, &finals)
		if strings.HasSuffix(path, ".json") {
			t6 += transitions - before
		}
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", name, err))
		}
	}
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d files, %d hands, %d score transitions (%d of them in tenhou.net/6 files) and %d final standings reproduced, %d games failed", len(files), hands, transitions, t6, finals, len(failures))
}

func replayGame(t testing.TB, rec *record.Game, hands, transitions, finals *int) error {
	n := 0
	err := tablecore.ReplayGame(rec, tenhouRuleset(t, rec), func(tablecore.HandReport) { n++ })
	*hands += n
	if err == nil {
		*transitions += len(rec.Hands) - 1
		if rec.Final != nil {
			*finals++
		}
	}
	return err
}

func diff(a, b []int) []int {
	out := make([]int, len(a))
	for i := range a {
		out[i] = a[i] - b[i]
	}
	return out
}

// seed sets the game's standing to the record's first hand.
func seed(g *tablecore.Game, h *record.Hand) error {
	return tablecore.SetStanding(g, game.Standing{
		Dealer: game.Seat(h.Dealer()),
		Round:  tile.East + tile.Kind(h.Round/4),
		Number: h.Round % 4,
		Honba:  h.Honba,
		Pot:    1000 * h.Sticks,
		Scores: h.Scores[:],
	})
}

func sameStanding(g *tablecore.Game, h *record.Hand) error {
	n, over := g.NextStanding()
	if over {
		return fmt.Errorf("the referee ended the game before this hand")
	}
	want := game.Standing{Dealer: game.Seat(h.Dealer()), Round: tile.East + tile.Kind(h.Round/4), Number: h.Round % 4, Honba: h.Honba, Pot: 1000 * h.Sticks}
	if n.Dealer != want.Dealer || n.Round != want.Round || n.Number != want.Number || n.Honba != want.Honba || n.Pot != want.Pot || !slices.Equal(n.Scores, h.Scores[:]) {
		return fmt.Errorf("referee has dealer %d %s%d honba %d pot %d scores %v; record has dealer %d %s%d honba %d pot %d scores %v",
			n.Dealer, n.Round, n.Number+1, n.Honba, n.Pot, n.Scores, want.Dealer, want.Round, want.Number+1, want.Honba, want.Pot, h.Scores)
	}
	return nil
}
