package tablecore_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// TestSharedRulesetAcrossGames replays corpus games at once in several
// goroutines, every game made from one ruleset value: each game scores
// with its own copy (Forker), so every replay still reproduces the
// record's scores, and Game.Ruleset gives back the value it was made with.
func TestSharedRulesetAcrossGames(t *testing.T) {
	dir := corpus(t)
	var games []*record.Game
	filepath.WalkDir(filepath.Join(dir, "tenhou", "mjx", "tenhou6"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".json") && len(games) < 4 {
			if g, err := readRecord(p); err == nil {
				games = append(games, g)
			}
		}
		return nil
	})
	if len(games) == 0 {
		t.Skip("no tenhou.net/6 games in the corpus")
	}
	rs := tenhouRuleset(t, games[0])
	var wg sync.WaitGroup
	errs := make([]error, 4*len(games))
	for i := range errs {
		rec := games[i%len(games)]
		if tenhouRuleset(t, rec).Rules().Name != rs.Rules().Name {
			continue
		}
		wg.Go(func() {
			g, err := tablecore.New(rs, game.Seat(rec.Hands[0].Dealer()))
			if err != nil {
				errs[i] = err
				return
			}
			if g.Ruleset() != rs {
				t.Errorf("game %d: Ruleset() is not the ruleset the game was made with", i)
			}
			if err := seed(g, &rec.Hands[0]); err != nil {
				errs[i] = err
				return
			}
			for j := range rec.Hands {
				if err := tablecore.ReplayHand(g, &rec.Hands[j]); err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replay %d: %v", i, err)
		}
	}
}
