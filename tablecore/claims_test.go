package tablecore_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// The claim windows decide from what each seat's hand allows, worked out
// when the hand changes and kept (tablecore.Waiter, the pon and chi
// masks), and a ruleset that keeps rons (tablecore.RonKeeper) has a ron
// valued once, when claimed. These tests play the same games that way
// and, in a second game, asking afresh at every window and valuing every
// ron again at its settlement, and want the same events and hands
// throughout; each kept ron is also valued afresh and compared.

// TestClaimCacheCorpus replays every tenhou.net/6 game of the corpus
// both ways.
func TestClaimCacheCorpus(t *testing.T) {
	dir := corpus(t)
	files := gameFiles(dir, ".json")
	games, events, rons, kept := 0, 0, 0, 0
	for _, p := range files {
		rec := replayable(p)
		if rec == nil {
			continue
		}
		gs := twoGames(t, rec)
		tablecore.NoClaimCache(gs[1])
		tablecore.NoKeptRons(gs[1])
		tablecore.CheckKeptRons(gs[0], func(k, fresh game.Win, err error) {
			if err != nil || !reflect.DeepEqual(k, fresh) {
				t.Fatalf("%s: a ron kept from its claim %+v, valued afresh at its settlement %+v (%v)", filepath.Base(p), k, fresh, err)
			}
			kept++
		})
		for j := range rec.Hands {
			a, errA := tablecore.ReplayHandEvents(gs[0], &rec.Hands[j])
			b, errB := tablecore.ReplayHandEvents(gs[1], &rec.Hands[j])
			if fmt.Sprint(errA) != fmt.Sprint(errB) {
				t.Fatalf("%s hand %s: replay error %v with the masks, %v without", filepath.Base(p), &rec.Hands[j], errA, errB)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s hand %s: the events differ with the masks and without:\n%v\n%v", filepath.Base(p), &rec.Hands[j], a, b)
			}
			for _, e := range a {
				if e.Type == tablecore.Claimed && e.Action.Kind == game.Ron {
					rons++
				}
			}
			events += len(a)
			if errA != nil {
				break
			}
		}
		games++
	}
	t.Logf("%d games, %d events (%d rons, %d settled with the value kept from the claim) the same both ways", games, events, rons, kept)
	if games == 0 || rons == 0 || kept == 0 {
		t.Fatalf("%d games, %d rons and %d kept rons replayed: the test compares little", games, rons, kept)
	}
}

// TestClaimCacheRandom plays seeded games under every ruleset family,
// players steering toward ready hands and taking every win and some
// calls, both ways in step.
func TestClaimCacheRandom(t *testing.T) {
	names := []string{"riichi/tenhou", "riichi/sanma", "mcr", "sichuan", "wuhan", "wuhan/jingzhou3p", "shanghai/xinshi", "shanghai/laoshi"}
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for _, name := range names {
		rs, err := rulesets.New(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		wins, windows, kept := 0, 0, 0
		for sd := range seeds {
			w, n, k := playBothWays(t, name, rs, uint64(sd))
			wins += w
			windows += n
			kept += k
		}
		t.Logf("%s: %d wins (%d rons settled with the value kept from the claim), %d claim windows", name, wins, kept, windows)
		if wins == 0 {
			t.Errorf("%s: no win in %d games: the wins are not compared", name, seeds)
		}
		if _, keeps := rs.(tablecore.RonKeeper); keeps && kept == 0 {
			t.Errorf("%s: no ron settled with its kept value in %d games: they are not compared", name, seeds)
		}
	}
}

// playBothWays plays up to eight hands of one game with and without the
// masks, the same actions for both, and fails at the first difference.
func playBothWays(t *testing.T, name string, rs game.Ruleset, sd uint64) (wins, windows, keptRons int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(sd, 11))
	var gs [2]*tablecore.Game
	for i := range gs {
		gs[i], _ = tablecore.New(rs, 0)
	}
	tablecore.NoClaimCache(gs[1])
	tablecore.NoKeptRons(gs[1])
	tablecore.CheckKeptRons(gs[0], func(kept, fresh game.Win, err error) {
		if err != nil || !reflect.DeepEqual(kept, fresh) {
			t.Fatalf("%s seed %d: a ron kept from its claim %+v, valued afresh at its settlement %+v (%v)", name, sd, kept, fresh, err)
		}
		keptRons++
	})
	g := gs[0]
	for hands := 0; hands < 8 && !g.Over(); {
		if h := g.Hand(); h == nil || h.Phase == game.Over {
			w := g.Rules().Set.Tiles()
			rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			d := tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}
			a, errA := gs[0].StartHand(d)
			b, errB := gs[1].StartHand(d)
			if errors.Is(errA, tablecore.ErrGameOver) && errors.Is(errB, tablecore.ErrGameOver) {
				break
			}
			if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("%s seed %d: deal: %v / %v", name, sd, errA, errB)
			}
			hands++
			continue
		}
		var all []game.Action
		for s := range g.Rules().Players {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if len(all) == 0 {
			t.Fatalf("%s seed %d: nobody may act in phase %s", name, sd, g.Hand().Phase)
		}
		act := all[rng.IntN(len(all))]
		if g.Hand().Phase != game.Setup {
			act = simPick(rng, g.Hand(), all)
		}
		a, errA := gs[0].Apply(act)
		b, errB := gs[1].Apply(act)
		if fmt.Sprint(errA) != fmt.Sprint(errB) || !reflect.DeepEqual(a, b) {
			t.Fatalf("%s seed %d: %v: with the masks %v %v, without %v %v", name, sd, act, a, errA, b, errB)
		}
		if errA != nil {
			t.Fatalf("%s seed %d: listed as legal but refused: %v", name, sd, errA)
		}
		for _, e := range a {
			switch {
			case e.Type == tablecore.WinScored:
				wins++
			case e.Type == tablecore.Acted && (e.Action.Kind == game.Discard || e.Action.Kind == game.Riichi):
				windows++
			}
		}
		if !reflect.DeepEqual(gs[0].Hand(), gs[1].Hand()) {
			t.Fatalf("%s seed %d: after %v the hands differ", name, sd, act)
		}
	}
	return wins, windows, keptRons
}

// TestWallOfMakesValidWalls wants every wall WallOf rebuilds from the
// corpus's hands to pass the check StartHand makes of a wall: ReplayHand
// deals WallOf's walls without checking them again.
func TestWallOfMakesValidWalls(t *testing.T) {
	dir := corpus(t)
	walls := 0
	filepath.WalkDir(filepath.Join(dir, "tenhou"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".json") {
			return nil
		}
		rec, err := readRecord(p)
		if err != nil || len(rec.Hands) == 0 {
			return nil
		}
		if _, _, err := tablecore.RecordRuleset(rec, ""); err != nil {
			return nil
		}
		rs := tenhouRuleset(t, rec)
		for i := range rec.Hands {
			h := &rec.Hands[i]
			w, err := tablecore.WallOf(h, rs.Rules().Set, h.Dealer())
			if err != nil {
				continue // a record the replay refuses with WallOf's error
			}
			if err := tablecore.CheckWall(rs, w); err != nil {
				t.Errorf("%s hand %s: WallOf's wall fails the deal's check: %v", filepath.Base(p), h, err)
			}
			walls++
		}
		return nil
	})
	t.Logf("%d walls checked", walls)
	if walls < 100 {
		t.Fatalf("only %d walls rebuilt from the corpus: the test checks little", walls)
	}
}
