package table

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"jantaku/internal/testdir"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// seatShown is a Publisher that keeps what seat 0 was last shown it may
// do: the kinds of its legal actions in the game each step or snapshot
// was made from.
type seatShown struct {
	kinds []string
	snaps int
}

func legalKinds(g *tablecore.Game, seat int) []string {
	var ks []string
	for _, a := range g.Legal(game.Seat(seat)) {
		if k := a.Kind.String(); !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

func (p *seatShown) Publish(_ context.Context, g *tablecore.Game, _ []tablecore.Event, _ time.Time) error {
	p.kinds = legalKinds(g, 0)
	return nil
}

func (p *seatShown) Snapshot(_ context.Context, g *tablecore.Game, _ time.Time) error {
	p.kinds = legalKinds(g, 0)
	p.snaps++
	return nil
}

func (p *seatShown) NewGame() {}

// TestPersonIsShownWhatTheTableWaitsFor plays a game of each ruleset with
// a person on seat 0 and simulated players on the others, and checks at
// every point where the table waits for the person that what seat 0 may
// do was in the last views published. Wuhan's last draws (海底撈) are where
// this failed: a simulated player keeping its last-draws tile passes, a
// pass is held back for the next step like a claim's, and the next step
// was the person's draw, which nothing had shown.
func TestPersonIsShownWhatTheTableWaitsFor(t *testing.T) {
	for _, rs := range []string{"wuhan", "wuhan/jingzhou3p", "riichi/tenhou", "mcr", "sichuan", "shanghai"} {
		t.Run(rs, func(t *testing.T) {
			t.Parallel()
			playAsPerson(t, rs)
		})
	}
}

func playAsPerson(t *testing.T, ruleset string) {
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	shown := &seatShown{}
	ctx := context.Background()
	s, err := New(ctx, Config{
		Dir:         testdir.InMemory(t),
		Ruleset:     ruleset,
		Publisher:   shown,
		Dealer:      shuffleDealer{rand.New(rand.NewPCG(7, 1))},
		Simulated:   []bool{false, true, true, true},
		Pace:        time.Microsecond,
		ClaimWindow: time.Second,
		Games:       1,
		Now:         func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	waits, afterKeep, ended := 0, 0, false
	for i := 0; i < 50000 && !ended; i++ {
		now = now.Add(2 * time.Second) // every claim window runs out
		records := s.t.Records()
		done, err := s.step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ended = done; done {
			break
		}
		g := s.t.Game()
		if s.t.Records() != records || g.Over() {
			continue
		}
		legal := legalKinds(g, 0)
		if len(legal) == 0 {
			continue
		}
		waits++
		h := g.Hand()
		if keptLastDraw(g) {
			afterKeep++
		}
		for _, k := range legal {
			if !slices.Contains(shown.kinds, k) {
				t.Fatalf("hand %d, wait %d: the table waits for seat 0 (phase %s, may %v), but the last views published offered %v",
					h.Number, waits, h.Phase, legal, shown.kinds)
			}
		}
		c := personMove(g)
		if err := s.command(ctx, c); err != nil {
			t.Fatalf("seat 0's move %s %s: %v", c.Type, c.Args, err)
		}
	}
	if !ended {
		t.Fatal("the game did not end in 50,000 steps")
	}
	if ruleset == "wuhan" && afterKeep == 0 {
		t.Fatalf("no simulated player kept a last-draws tile right before seat 0's turn in %d waits: the game proves nothing", waits)
	}
	t.Logf("%s: %d waits for seat 0, %d right after a kept last-draws tile, %d snapshots", ruleset, waits, afterKeep, shown.snaps)
}

// personMove is what seat 0 does: win, else the first of its other
// declarations (a missing suit, a flower, a draw), else discard the last
// tile it may, else pass.
func personMove(g *tablecore.Game) Command {
	legal := g.Legal(0)
	ok := func(a game.Action) Command {
		v := tablecore.ActionView{Kind: a.Kind.String()}
		switch a.Kind {
		case game.Missing:
			v.Suit = a.Suit.String()
		case game.Draw:
		default:
			v.Tile = a.Tile.String()
		}
		args, _ := json.Marshal(v)
		return Command{Type: "ok", Seat: 0, Args: args}
	}
	for _, k := range []game.Kind{game.Tsumo, game.Ron} {
		if slices.ContainsFunc(legal, func(a game.Action) bool { return a.Kind == k }) {
			return Command{Type: "win", Seat: 0}
		}
	}
	for _, k := range []game.Kind{game.Missing, game.Flower, game.Draw, game.Discard} {
		for i := len(legal) - 1; i >= 0; i-- {
			if legal[i].Kind == k {
				return ok(legal[i])
			}
		}
	}
	if slices.ContainsFunc(legal, func(a game.Action) bool { return a.Kind == game.Pass }) {
		return Command{Type: "pass", Seat: 0}
	}
	return Command{Type: fmt.Sprintf("none of %v", legal), Seat: 0}
}
