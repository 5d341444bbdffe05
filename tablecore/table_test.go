package tablecore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func testResolver(name string, _ json.RawMessage) (game.Ruleset, error) {
	if name != "test" {
		return nil, fmt.Errorf("unknown ruleset %q", name)
	}
	rs := tablecoretest.New()
	rs.Hands = 3
	return rs, nil
}

func fixedClock() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) }

// playRandom drives t with random legal inputs until the game ends or
// steps run out, returning a snapshot of the game after every input.
func playRandom(t *testing.T, tb *tablecore.Table, rng *rand.Rand, steps int) []string {
	t.Helper()
	ctx := context.Background()
	g := tb.Game()
	var snaps []string
	for i := 0; i < steps && !g.Over(); i++ {
		if h := g.Hand(); h == nil || h.Phase == game.Over {
			w := g.Rules().Set.Tiles()
			rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}); err != nil {
				if errors.Is(err, tablecore.ErrGameOver) {
					break
				}
				t.Fatal(err)
			}
		} else {
			var all []game.Action
			for s := 0; s < 4; s++ {
				all = append(all, g.Legal(game.Seat(s))...)
			}
			if _, err := tb.Apply(ctx, all[rng.IntN(len(all))]); err != nil {
				t.Fatal(err)
			}
		}
		snaps = append(snaps, snapshot(t, g))
	}
	return snaps
}

func TestTableResumesAfterRestart(t *testing.T) {
	path := filepath.Join(testdir.InMemory(t), "game.jnl")
	ctx := context.Background()
	tb, err := tablecore.Create(ctx, path, "test", nil, testResolver, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	snaps := playRandom(t, tb, rng, 150)
	tb.Close()

	re, err := tablecore.Open(ctx, path, testResolver, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, re.Game()); got != snaps[len(snaps)-1] {
		t.Fatalf("reopened game differs from the game before the restart")
	}
	// And it plays on from there.
	more := playRandom(t, re, rng, 50)
	re.Close()
	again, err := tablecore.Open(ctx, path, testResolver, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := snapshot(t, again.Game()); got != more[len(more)-1] {
		t.Fatalf("second reopen differs")
	}
	if _, err := tablecore.Create(ctx, path, "test", nil, testResolver, 0, fixedClock); err == nil {
		t.Fatalf("Create over an existing game succeeded")
	}
}

// TestTableCutJournal cuts the journal at many offsets, as a power loss
// mid-write would, and checks each reopen lands exactly on the state after
// some prefix of the inputs, never losing an input that was fully written.
func TestTableCutJournal(t *testing.T) {
	dir := testdir.InMemory(t)
	path := filepath.Join(dir, "game.jnl")
	ctx := context.Background()
	tb, err := tablecore.Create(ctx, path, "test", nil, testResolver, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	// Record the file size after every input, to know which inputs a cut keeps.
	rng := rand.New(rand.NewPCG(5, 6))
	var snaps []string
	var sizes []int64
	for i := 0; i < 120; i++ {
		s := playRandom(t, tb, rng, 1)
		if len(s) == 0 {
			break
		}
		snaps = append(snaps, s[0])
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, fi.Size())
	}
	tb.Close()
	full, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cuts := rand.New(rand.NewPCG(8, 9))
	for trial := 0; trial < 40; trial++ {
		cut := sizes[0] + cuts.Int64N(int64(len(full))-sizes[0]+1)
		p := filepath.Join(dir, fmt.Sprintf("cut%d.jnl", trial))
		if err := os.WriteFile(p, full[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		re, err := tablecore.Open(ctx, p, testResolver, fixedClock)
		if err != nil {
			t.Fatalf("cut at %d of %d: %v", cut, len(full), err)
		}
		// The inputs whose records ended at or before the cut must all be there.
		k := -1
		for i, s := range sizes {
			if s <= cut {
				k = i
			}
		}
		if got := snapshot(t, re.Game()); got != snaps[k] {
			t.Fatalf("cut at %d: state is not the state after input %d", cut, k)
		}
		re.Close()
	}
}

func TestOpenRefusesForeignJournal(t *testing.T) {
	path := filepath.Join(testdir.InMemory(t), "game.jnl")
	ctx := context.Background()
	tb, err := tablecore.Create(ctx, path, "test", nil, testResolver, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	tb.Close()
	none := func(string, json.RawMessage) (game.Ruleset, error) { return nil, errors.New("no rulesets here") }
	if _, err := tablecore.Open(ctx, path, none, fixedClock); err == nil {
		t.Fatalf("opened a journal whose ruleset is unknown")
	}
}

func TestFoulPenaltyIsJournaled(t *testing.T) {
	path := filepath.Join(testdir.InMemory(t), "game.jnl")
	ctx := context.Background()
	chombo := func(h *game.Hand, f game.Foul) []game.Effect {
		var fx []game.Effect
		for s := 0; s < h.Players; s++ {
			if game.Seat(s) != f.Action.Seat {
				fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: f.Action.Seat, To: game.Seat(s), Amount: 4, Reason: "chombo"}})
			}
		}
		return append(fx, game.Effect{Kind: game.EndHand, End: game.Chombo, Reason: f.Reason})
	}
	resolve := func(name string, _ json.RawMessage) (game.Ruleset, error) {
		rs := tablecoretest.New()
		rs.Penalize = chombo
		return rs, nil
	}
	tb, err := tablecore.Create(ctx, path, "test", nil, resolve, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := tablecoretest.Wall(tablecoretest.New().R.Set, ronHands, "4s", "")
	if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	bad := game.Action{Kind: game.Tsumo, Seat: 0}
	_, err = tb.Apply(ctx, bad)
	if !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("false tsumo: %v", err)
	}
	evs, err := tb.Foul(ctx, bad, err.Error())
	if err != nil {
		t.Fatal(err)
	}
	h := tb.Game().Hand()
	if h.Phase != game.Over || h.End.Kind != game.Chombo || h.Scores[0] != -12 || h.Scores[2] != 4 || len(h.Fouls) != 1 {
		t.Fatalf("after the foul: phase %s end %+v scores %v", h.Phase, h.End, h.Scores)
	}
	if evs[0].Type != tablecore.Fouled {
		t.Fatalf("first event %s", evs[0])
	}
	want := snapshot(t, tb.Game())
	tb.Close()
	re, err := tablecore.Open(ctx, path, resolve, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer re.Close()
	if snapshot(t, re.Game()) != want {
		t.Fatalf("the foul did not replay")
	}
}

func TestMissingSuitTileIsJournaled(t *testing.T) {
	path := filepath.Join(testdir.InMemory(t), "game.jnl")
	ctx := context.Background()
	resolve := func(string, json.RawMessage) (game.Ruleset, error) {
		rs := tablecoretest.New()
		rs.R.MissingSuit = true
		return rs, nil
	}
	tb, err := tablecore.Create(ctx, path, "test", nil, resolve, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := tablecoretest.Wall(tablecoretest.New().R.Set, ronHands, "", "")
	if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	faceDown := tb.Game().Hand().Seats[0].Hand[0] // the dealer's 1m, put face down
	if _, err := tb.Apply(ctx, game.Action{Kind: game.Missing, Seat: 0, Suit: faceDown.Kind.Suit(), Tile: faceDown}); err != nil {
		t.Fatal(err)
	}
	tb.Close()
	re, err := tablecore.Open(ctx, path, resolve, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer re.Close()
	got := re.Game().Hand().Log[0]
	if got.Kind != game.Missing || got.Tile != faceDown || got.Suit != faceDown.Kind.Suit() {
		t.Fatalf("replayed %v, want the face-down %s of %s", got, faceDown, faceDown.Kind.Suit())
	}
}
