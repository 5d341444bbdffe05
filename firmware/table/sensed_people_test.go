package table

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// jantaku run --sim --sensing --humans 0: seat 0 is a person playing from
// a seat page, the others are simulated players moving tagged tiles. The
// simulator carries the person's commands out as tile movements, sensing
// reads them like everyone's, and the referee ends the hand with exactly
// the moves the person asked for as seat 0's.
func TestSensedHandWithAPerson(t *testing.T) {
	for _, rs := range []string{"riichi/tenhou", "sichuan"} {
		t.Run(rs, func(t *testing.T) { playWithAPerson(t, rs) })
	}
}

func playWithAPerson(t *testing.T, ruleset string) {
	synctest.Test(t, func(t *testing.T) {
		s, rec := newService(t, ruleset, []bool{false, true, true, true}, 0)
		logs := &syncBuf{}
		s.log = slog.New(slog.NewTextHandler(logs, nil))
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		s.sense = &Sensing{Clock: clock.Real{}, Players: players.Config{Seed: 23, Pace: players.Human, MissRate: 0.05, GhostRate: 0.005}}
		ran := make(chan error, 1)
		go func() { ran <- s.Run(ctx) }()

		ref := ownerRef{s: s, ctx: ctx}
		person := []bool{true, false, false, false} // players.Move plays seat 0 as a person would choose
		var sent []game.Action
		last, seen, since := -1, -1, time.Now()
		for {
			// A person looks at the seat page now and then.
			time.Sleep(700 * time.Millisecond)
			var (
				over, claims, canPass bool
				key                   int
				a                     game.Action
				ok                    bool
			)
			ref.call(func() {
				g := s.t.Game()
				h := g.Hand()
				if h == nil {
					return
				}
				over, claims, key = h.Phase == game.Over, h.Phase == game.Claims, len(h.Log)
				a, ok = players.Move(g, person)
				canPass = slices.ContainsFunc(g.Legal(0), func(a game.Action) bool { return a.Kind == game.Pass })
			})
			if over {
				break
			}
			if key == last || (!ok && !(claims && canPass)) {
				continue // nothing new for seat 0
			}
			if key != seen {
				seen, since = key, time.Now()
			}
			if claims && time.Since(since) < 3*time.Second {
				// As at a real table, the others may call a discard
				// before the next seat draws it or passes.
				continue
			}
			if !ok {
				a = game.Action{Kind: game.Pass, Seat: 0}
			}
			if err := s.Handle(ctx, seatCommand(a)); err != nil {
				t.Logf("seat 0 %s: %v (tried again when the table moves on)", a, err)
				continue
			}
			last = key
			if a.Kind != game.Pass {
				sent = append(sent, a)
			}
		}
		// The hand's end and seat 0's moves, as the table published them.
		var (
			moved []string
			end   *game.End
		)
		rec.mu.Lock()
		for _, st := range rec.steps {
			for _, e := range st.Events {
				if e.Hand != 0 {
					continue
				}
				if e.Type == tablecore.Acted && e.Action.Seat == 0 && e.Action.Kind != game.Pass {
					moved = append(moved, moveName(e.Action))
				}
				if e.Type == tablecore.HandEnded {
					end = e.End
				}
			}
		}
		rec.mu.Unlock()
		cancel()
		if err := <-ran; err != nil {
			t.Fatal(err)
		}
		if end == nil || (end.Kind != game.Won && end.Kind != game.Exhausted) {
			t.Fatalf("the hand ended %+v, want won or exhausted", end)
		}
		var asked []string
		for _, a := range sent {
			asked = append(asked, moveName(a))
		}
		if len(asked) < 5 || !slices.Equal(moved, asked) {
			t.Errorf("seat 0 asked from its seat page:\n%v\nthe referee took for seat 0:\n%v", asked, moved)
		}
		if strings.Contains(logs.String(), "anomaly") || strings.Contains(logs.String(), "could not play") {
			t.Errorf("sensing reported trouble:\n%s", logs)
		}
		t.Logf("hand ended %s; seat 0 made %d moves from its seat page", end.Kind, len(sent))
	})
}

// moveName names a move as the person and the referee must agree on it:
// the suit of a missing-suit declaration, not which of its tiles is shown.
func moveName(a game.Action) string {
	if a.Kind == game.Missing {
		return a.Kind.String() + " " + a.Suit.String()
	}
	return a.Kind.String() + " " + a.Tile.String()
}

// seatCommand is the seat page's command for a.
func seatCommand(a game.Action) Command {
	v := tablecore.ActionView{Kind: a.Kind.String(), Tile: a.Tile.String()}
	for _, u := range a.Uses {
		v.Uses = append(v.Uses, u.String())
	}
	switch a.Kind {
	case game.Tsumo, game.Ron, game.Pass:
		return Command{Type: typeOf(a.Kind), Seat: int(a.Seat)}
	case game.Draw:
		v.Tile = ""
	case game.Missing:
		v.Tile, v.Suit = "", a.Suit.String()
	}
	args, _ := json.Marshal(v)
	return Command{Type: typeOf(a.Kind), Seat: int(a.Seat), Args: args}
}
