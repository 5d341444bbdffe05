package tablecore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"

	"jantaku/internal/corpustest"
	"jantaku/internal/testdir"
)

// corpusRecords lists the game records of the shared corpus, or skips
// saying where it looked.
func corpusRecords(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join(corpustest.Dir(t, "tenhou"), "tenhou")
	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.Contains([]string{".json", ".mjlog", ".xml"}, filepath.Ext(path)) {
			files = append(files, path)
		}
		return err
	})
	return files
}

// tenhouOptions are the table options a Tenhou record was played under.
func tenhouOptions(rec *record.Game) (riichi.TableOptions, error) {
	length := ""
	if !rec.Rules.Hanchan && playedAsHanchan(rec) {
		length = "hanchan"
	}
	rs, _, err := tablecore.RecordRuleset(rec, length)
	if err != nil {
		return riichi.TableOptions{}, err
	}
	return rs.(*riichi.Ruleset).Options(), nil
}

func resolveAny(name string, options json.RawMessage) (game.Ruleset, error) {
	return rulesets.New(name, options)
}

// TestCorpusRoundTrip: every whole game of the corpus that the referee
// replays goes record → referee → journal → export → replay and gives
// the same deals, wins and score changes, hand by hand, and the same final
// scores.
func TestCorpusRoundTrip(t *testing.T) {
	ctx := context.Background()
	done := 0
	for _, file := range corpusRecords(t) {
		name := filepath.Base(file)
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Read(bytes.NewReader(b))
		if err != nil {
			t.Logf("%s: not read: %v", name, err)
			continue
		}
		rec.Named(name)
		first := rec.Hands[0]
		start := [4]int{25000, 25000, 25000, 25000}
		if rec.Rules.Three {
			start = [4]int{35000, 35000, 35000, 0}
		}
		if first.Round != 0 || first.Honba != 0 || first.Sticks != 0 || first.Scores != start {
			continue // a snippet from the middle of a game
		}
		o, err := tenhouOptions(rec)
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		rs, err := riichi.New(o)
		if err != nil {
			t.Fatal(err)
		}
		if err := tablecore.ReplayGame(rec, rs, nil); err != nil {
			t.Logf("%s: does not replay, left out: %v", name, err)
			continue
		}
		opts, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(testdir.InMemory(t), "game.jnl")
		tb, err := tablecore.Create(ctx, path, "riichi", opts, resolveAny, 0, fixedClock)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rec.Hands {
			if err := tb.ReplayHand(ctx, &rec.Hands[i]); err != nil {
				t.Fatalf("%s: onto the table: %v", name, err)
			}
		}
		tb.Close()
		exp, err := tablecore.Record(path, resolveAny)
		if err != nil {
			t.Fatalf("%s: export: %v", name, err)
		}
		var buf bytes.Buffer
		if err := record.WriteTenhou6(&buf, exp); err != nil {
			t.Fatalf("%s: write: %v", name, err)
		}
		back, err := record.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: the export does not read back: %v", name, err)
		}
		if back.Rules.Referee == nil || back.Rules.Hanchan != (o.Length == "hanchan") {
			t.Fatalf("%s: read back with rules %+v, played as %s", name, back.Rules, o.Length)
		}
		rs2, err := rulesets.New(back.Rules.Referee.Ruleset, back.Rules.Referee.Options)
		if err != nil {
			t.Fatalf("%s: the export's rules: %v", name, err)
		}
		var changes [][]int
		if err := tablecore.ReplayGame(back, rs2, func(r tablecore.HandReport) { changes = append(changes, r.Changes) }); err != nil {
			t.Fatalf("%s: the export does not replay: %v\n%s", name, err, buf.String())
		}
		if len(back.Hands) != len(rec.Hands) {
			t.Fatalf("%s: %d hands, %d after the round trip", name, len(rec.Hands), len(back.Hands))
		}
		for i := range rec.Hands {
			h, h2 := &rec.Hands[i], &back.Hands[i]
			if d := h.Deltas(); !slices.Equal(changes[i], d[:]) {
				t.Errorf("%s, hand %s: changes %v after the round trip, the record's %v", name, h, changes[i], d)
			}
			for s := range 4 {
				if !sameFaces(sorted(h.Deal[s]), sorted(h2.Deal[s])) {
					t.Errorf("%s, hand %s: seat %d dealt %v, after the round trip %v", name, h, s, h.Deal[s], h2.Deal[s])
				}
			}
			if !sameFaces(h.Dora, h2.Dora) {
				t.Errorf("%s, hand %s: dora indicators %v, after the round trip %v", name, h, h.Dora, h2.Dora)
			}
			if len(h.Result.Wins) != len(h2.Result.Wins) || h.Result.Draw != h2.Result.Draw {
				t.Errorf("%s, hand %s: result %+v, after the round trip %+v", name, h, h.Result, h2.Result)
				continue
			}
			for j, w := range h.Result.Wins {
				w2 := h2.Result.Wins[j]
				if w.Who != w2.Who || w.From != w2.From || w.Deltas != w2.Deltas {
					t.Errorf("%s, hand %s: win %+v, after the round trip %+v", name, h, w, w2)
				}
			}
		}
		if rec.Final != nil && (back.Final == nil || back.Final.Scores != rec.Final.Scores || rec.Final.Points != [4]float64{} && back.Final.Points != rec.Final.Points) {
			t.Errorf("%s: final %+v, after the round trip %+v", name, rec.Final, back.Final)
		}
		done++
	}
	if done < 60 {
		t.Fatalf("only %d corpus games went round; want every whole game that replays (60 or more)", done)
	}
	t.Logf("%d corpus games: record → referee → journal → export → replay, identical", done)
}

func sorted(ts []tile.Tile) []tile.Tile {
	out := slices.Clone(ts)
	slices.SortFunc(out, func(a, b tile.Tile) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return strings.Compare(a.String(), b.String())
	})
	return out
}

func sameFaces(a, b []tile.Tile) bool {
	return slices.EqualFunc(a, b, record.SameFace)
}
