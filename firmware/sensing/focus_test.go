package sensing_test

import (
	"jantaku/firmware/sensing/sensingtest"
	"testing"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// TestFocusOfAFastTable: while a seat is to act, the reader's priorities
// are where a fast player's next tile can land: the seat's hand, pond and
// melds, and every other seat's melds (a discard can be claimed before a
// read of the pond sees it) are Hot; the next drawer's hand comes soon;
// the walls, the slowest zones, come last.
func TestFocusOfAFastTable(t *testing.T) {
	g, sn := dealFast(t, 3)
	h := g.Hand()
	if h.Phase != game.ToAct {
		t.Fatalf("riichi starts with the dealer to act, got %s", h.Phase)
	}
	w := sn.Focus()
	turn := h.Turn
	for s := range game.Seat(h.Players) {
		if got := w[sensing.SeatZone(s, sensing.Wall)]; got != sensing.Idle {
			t.Errorf("seat %d's wall has priority %d, want Idle", s, got)
		}
		if got := w[sensing.SeatZone(s, sensing.Melds)]; got < sensing.Hot {
			t.Errorf("seat %d's melds have priority %d, want Hot (seat %d may discard)", s, got, turn)
		}
	}
	for _, a := range []sensing.Area{sensing.Hand, sensing.Discards} {
		if got := w[sensing.SeatZone(turn, a)]; got < sensing.Hot {
			t.Errorf("the acting seat's %s has priority %d, want Hot", a, got)
		}
	}
	if got := w[sensing.SeatZone(turn.Next(h.Players), sensing.Hand)]; got < sensing.Soon {
		t.Errorf("the next drawer's hand has priority %d, want at least Soon", got)
	}
}

// TestFocusOfAClaimWindow: while a discard's window is open, the next
// seat may draw and discard before a read sees the window close, and the
// seat whose discard it was may call that discard at once: its melds are
// read soon, not left Cold behind the Hot zones for many seconds.
func TestFocusOfAClaimWindow(t *testing.T) {
	// A dealer's discard another seat can call opens a window.
	for seed := uint64(1); seed <= 20; seed++ {
		g, _ := dealFast(t, seed)
		n := len(g.Legal(g.Hand().Turn))
		for i := range n {
			g, sn := dealFast(t, seed)
			from := g.Hand().Turn
			a := g.Legal(from)[i]
			if a.Kind != game.Discard {
				continue
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			if g.Hand().Phase != game.Claims {
				continue
			}
			w := sn.Focus()
			if got := w[sensing.SeatZone(from, sensing.Melds)]; got < sensing.Soon {
				t.Errorf("the discarder's melds have priority %d, want at least Soon", got)
			}
			next := from.Next(g.Hand().Players)
			for _, ar := range []sensing.Area{sensing.Hand, sensing.Discards} {
				if got := w[sensing.SeatZone(next, ar)]; got < sensing.Hot {
					t.Errorf("the next seat's %s has priority %d, want Hot", ar, got)
				}
			}
			return
		}
	}
	t.Fatal("no dealer's discard in 20 hands opened a claim window: the test proves nothing")
}

// dealFast deals seed's riichi hand at the fast pace and returns its
// referee and a sensor following it.
func dealFast(t *testing.T, seed uint64) (*tablecore.Game, *sensing.Sensor) {
	t.Helper()
	g, sn, _ := dealFastWith(t, seed, nil)
	return g, sn
}

// dealFastWith is dealFast with the sensor's referee passed through wrap,
// when it is not nil, and the simulated table that dealt the hand.
func dealFastWith(t *testing.T, seed uint64, wrap func(sensing.Referee) sensing.Referee) (*tablecore.Game, *sensing.Sensor, *players.Table) {
	t.Helper()
	return dealPreset(t, "riichi", seed, wrap)
}

// dealPreset is dealFastWith for the ruleset or preset of that name
// (riichi/sanma).
func dealPreset(t *testing.T, name string, seed uint64, wrap func(sensing.Referee) sensing.Referee) (*tablecore.Game, *sensing.Sensor, *players.Table) {
	t.Helper()
	g, sn, tb, _ := dealWith(t, name, seed, wrap, sensing.Config{})
	return g, sn, tb
}

// dealWith is dealPreset with the sensor's configuration, and the wall
// zones of the layout, in wall order.
func dealWith(t *testing.T, name string, seed uint64, wrap func(sensing.Referee) sensing.Referee, cfg sensing.Config) (*tablecore.Game, *sensing.Sensor, *players.Table, []sensing.Zone) {
	t.Helper()
	build := func() (game.Ruleset, error) { return rulesets.New(name, nil) }
	tb, err := players.New(players.Config{Ruleset: build, Seed: seed, Pace: players.Fast}, time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := build()
	if err != nil {
		t.Fatal(err)
	}
	g, walls, err := sensingtest.Deal(tb, rs)
	if err != nil {
		t.Fatal(err)
	}
	ref := sensing.GameReferee(g)
	if wrap != nil {
		ref = wrap(ref)
	}
	sn := sensing.New(cfg, ref)
	sn.StartHand(sensing.Layout{Tags: tb.Tags(), Walls: walls})
	return g, sn, tb, walls
}

// TestFocusOfTheLastDraws: in the last draws a seat that has drawn may
// only win or keep its tile, and what shows it kept the tile is the next
// seat's draw. The next drawer's hand is Hot: left Soon behind every
// seat's melds, it went unread for almost two seconds, and its WIN was
// judged false before a read saw its draw. (Wuhan hand 91042 at the fast
// pace.)
func TestFocusOfTheLastDraws(t *testing.T) {
	g, sn, _ := dealPreset(t, "wuhan", 1, nil)
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("no last draws in 2000 actions")
		}
		h := g.Hand()
		if h.Phase == game.Over {
			t.Fatal("the hand ended before its last draws: the test proves nothing")
		}
		var next game.Action
		found := false
		for s := range game.Seat(h.Players) {
			legal := g.Legal(s)
			if h.Phase == game.ToAct && s == h.Turn {
				var pass, discard bool
				for _, a := range legal {
					pass = pass || a.Kind == game.Pass
					discard = discard || a.Kind == game.Discard
				}
				if pass && !discard {
					w := sn.Focus()
					nd := s.Next(h.Players)
					if got := w[sensing.SeatZone(nd, sensing.Hand)]; got < sensing.Hot {
						t.Errorf("in the last draws, with seat %d to win or keep, the next drawer's hand has priority %d, want Hot", s, got)
					}
					if got := w[sensing.SeatZone(s, sensing.Hand)]; got < sensing.Hot {
						t.Errorf("the acting seat's hand has priority %d, want Hot", got)
					}
					return
				}
			}
			for _, a := range legal {
				if a.Kind == game.Draw || a.Kind == game.Discard || (a.Kind == game.Pass && h.Phase == game.Claims) {
					next, found = a, true
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			t.Fatalf("step %d: no draw, discard or pass to play at %s", step, h.Phase)
		}
		if _, err := g.Apply(next); err != nil {
			t.Fatalf("step %d: %s: %v", step, next, err)
		}
	}
}
