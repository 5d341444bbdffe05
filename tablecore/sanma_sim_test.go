package tablecore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// simGames is how many seeded three-player games
// TestSimulatedSanmaGamesReplay plays; short mode plays fewer.
const simGames = 24

// Whole three-player games, played on a journaled table by simulated
// players who set every north aside and declare every kong they may, all
// export as tenhou.net/6 and replay with every action accepted, every
// score change, the final scores and the final results: no failure in
// any of them. Hands that draw more than four replacement tiles (norths
// and kongs together) are counted, and must occur, since the dead wall's
// fifth to eighth replacement tiles are what such a hand tests.
func TestSimulatedSanmaGamesReplay(t *testing.T) {
	games := simGames
	if testing.Short() {
		games = 6
	}
	// The games run four at a time: a journal forces every record to
	// disk, and the waits overlap.
	type result struct {
		hands, over4, exhausted int
		err                     error
	}
	results := make([]result, games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			n, many, ex, err := playExportReplay(t, uint64(1000+i))
			results[i] = result{n, many, ex, err}
		}()
	}
	wg.Wait()
	var failures []string
	hands, over4, exhausted := 0, 0, 0
	for i, r := range results {
		hands += r.hands
		over4 += r.over4
		exhausted += r.exhausted
		if r.err != nil {
			failures = append(failures, fmt.Sprintf("seed %d: %v", 1000+i, r.err))
		}
	}
	t.Logf("%d games, %d hands, %d hands with more than four replacement draws, %d exhaustive draws, %d failures", games, hands, over4, exhausted, len(failures))
	if len(failures) != 0 {
		t.Errorf("%d of %d simulated three-player games did not export and replay:", len(failures), games)
		for _, f := range failures {
			t.Error(f)
		}
	}
	if exhausted == 0 {
		t.Error("no hand ran out of tiles: the 55 draws are not checked")
	}
	if over4 == 0 {
		t.Error("no hand drew more than four replacement tiles: the test does not reach the dead wall's far replacement tiles")
	}
}

// playExportReplay plays one game under riichi/sanma with seed, exports
// it and replays the export. It returns the hands played and how many of
// them drew more than four replacement tiles.
func playExportReplay(t *testing.T, seed uint64) (hands, over4, exhausted int, err error) {
	ctx := context.Background()
	path := filepath.Join(testdir.InMemory(t), fmt.Sprintf("sanma-%d.jnl", seed))
	tb, err := tablecore.Create(ctx, path, "riichi/sanma", nil, resolveAny, 0, fixedClock)
	if err != nil {
		return 0, 0, 0, err
	}
	defer tb.Close()
	rng := rand.New(rand.NewPCG(seed, 3))
	g := tb.Game()
	for !g.Over() {
		if h := g.Hand(); h == nil || h.Phase == game.Over {
			if h != nil && h.Wall.Tail > 4 {
				over4++
			}
			if err := drawsCheck(h, &exhausted); err != nil {
				return hands, over4, exhausted, fmt.Errorf("hand %d: %w", hands, err)
			}
			w := sanmaWall(rng, g.Rules().Set)
			if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}); err != nil {
				if errors.Is(err, tablecore.ErrGameOver) {
					break
				}
				return hands, over4, exhausted, fmt.Errorf("deal: %w", err)
			}
			hands++
			continue
		}
		var all []game.Action
		for s := range g.Rules().Players {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if len(all) == 0 {
			return hands, over4, exhausted, fmt.Errorf("hand %d: nobody may act", hands)
		}
		if _, err := tb.Apply(ctx, simPick(rng, g.Hand(), all)); err != nil {
			return hands, over4, exhausted, fmt.Errorf("hand %d: %w", hands, err)
		}
	}
	if h := g.Hand(); h != nil && h.Wall.Tail > 4 {
		over4++
	}
	if err := drawsCheck(g.Hand(), &exhausted); err != nil {
		return hands, over4, exhausted, fmt.Errorf("hand %d: %w", hands, err)
	}
	if !g.Over() {
		return hands, over4, exhausted, errors.New("the game did not end")
	}
	want, ok := g.Settlement()
	if !ok {
		return hands, over4, exhausted, errors.New("no settlement")
	}
	if err := tb.RecordResult(ctx); err != nil {
		return hands, over4, exhausted, err
	}
	rec, err := tablecore.Record(path, resolveAny)
	if err != nil {
		return hands, over4, exhausted, fmt.Errorf("export: %w", err)
	}
	var buf bytes.Buffer
	if err := record.WriteTenhou6(&buf, rec); err != nil {
		return hands, over4, exhausted, fmt.Errorf("export: %w", err)
	}
	back, err := record.Read(&buf)
	if err != nil {
		return hands, over4, exhausted, fmt.Errorf("reading the export: %w", err)
	}
	if !back.Rules.Three || back.Rules.Referee == nil || back.Final == nil {
		return hands, over4, exhausted, fmt.Errorf("the export reads back as %+v, final %+v", back.Rules, back.Final)
	}
	// As jantaku replay picks the rules: the export's own.
	rs, _, err := tablecore.RecordRuleset(back, "")
	if err != nil {
		return hands, over4, exhausted, err
	}
	replayed := 0
	if err := tablecore.ReplayGame(back, rs, func(tablecore.HandReport) { replayed++ }); err != nil {
		return hands, over4, exhausted, err
	}
	if replayed != hands || !slices.Equal(back.Final.Points[:3], want.Points) {
		return hands, over4, exhausted, fmt.Errorf("replayed %d of %d hands; final results %v, the table's %v", replayed, hands, back.Final.Points, want.Points)
	}
	return hands, over4, exhausted, nil
}

// drawsCheck checks that a three-player hand which ran out of tiles had
// 108 − 39 dealt − 14 in the dead wall = 55 draws, replacement draws
// included: the dead wall stays at 14 however many norths and kongs
// drew from it.
func drawsCheck(h *game.Hand, exhausted *int) error {
	if h == nil || h.End == nil || h.End.Kind != game.Exhausted || len(h.Wins) != 0 || h.End.Reason != "the wall is exhausted" {
		return nil
	}
	*exhausted++
	if n := h.Wall.Head - 39 + h.Wall.Tail; n != 55 || h.Wall.Remaining() != 0 {
		return fmt.Errorf("exhaustive draw after %d draws (%d replacements), %d tiles left; want 55 and none", n, h.Wall.Tail, h.Wall.Remaining())
	}
	return nil
}

// sanmaWall shuffles the set, then, one hand in three, brings norths and
// a quad to the front so that the deal holds them: hands with many
// replacement draws come often, not once in hundreds.
func sanmaWall(rng *rand.Rand, set tile.Set) []tile.Tile {
	w := set.Tiles()
	rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	if rng.IntN(3) != 0 {
		return w
	}
	quad := []tile.Kind{tile.P1, tile.S9, tile.White, tile.P5, tile.S3}[rng.IntN(5)]
	front := 0
	for _, k := range []tile.Kind{tile.North, quad} {
		for i := front; i < len(w); i++ {
			if w[i].Kind == k {
				// The deal goes in blocks of four: the first block
				// (the norths) is the dealer's, the second (the quad)
				// the next seat's.
				w[front], w[i] = w[i], w[front]
				front++
			}
		}
	}
	return w
}

// simPick chooses a move among all as a player after wins and
// replacement tiles would: a win when offered, every north set aside,
// every kong declared, a call in a claim window one time in three, and
// otherwise the discard that leaves the hand nearest ready (riichi when
// ready), ties at random.
func simPick(rng *rand.Rand, h *game.Hand, all []game.Action) game.Action {
	var discards, calls, passes []game.Action
	for _, x := range all {
		switch x.Kind {
		case game.Tsumo, game.Ron, game.Flower, game.AddedKan, game.ClosedKan:
			return x
		case game.Discard, game.Riichi:
			discards = append(discards, x)
		case game.Pon, game.OpenKan:
			calls = append(calls, x)
		case game.Pass:
			passes = append(passes, x)
		}
	}
	switch {
	case len(calls) > 0 && rng.IntN(3) == 0:
		return calls[rng.IntN(len(calls))]
	case len(passes) > 0:
		return passes[0]
	case len(discards) > 0:
		best, bestScore := discards[0], 1<<30
		for _, x := range discards {
			c := tile.CountsOf(h.Seats[x.Seat].Hand)
			c[x.Tile.Kind]--
			sh, err := hand.ShantenStandard(c)
			if err != nil {
				continue
			}
			score := 4*sh + rng.IntN(3)
			if x.Kind == game.Riichi {
				score -= 3
			}
			if score < bestScore {
				best, bestScore = x, score
			}
		}
		return best
	}
	return all[rng.IntN(len(all))]
}
