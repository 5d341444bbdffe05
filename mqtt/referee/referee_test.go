package referee_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"jantaku/mqtt/referee"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// TestNoPayloadLeaksHiddenTiles plays whole random games and checks every
// payload each audience would receive: no public or other seat's payload
// names a tile that is hidden at that moment (in a hand, or drawn), and the
// wall's order never appears.
func TestNoPayloadLeaksHiddenTiles(t *testing.T) {
	test := tablecoretest.New()
	test.Hands = 3
	leakTest(t, test, 3)
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			rs, err := rulesets.New(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			leakTest(t, rs, 2)
		})
	}
}

func leakTest(t *testing.T, rs game.Ruleset, hands int) {
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	steps := 0
	for n := 0; n < hands && !g.Over(); n++ {
		w := rs.Rules().Set.Tiles()
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		evs, err := g.StartHand(tablecore.Deal{Wall: w})
		if err != nil {
			t.Fatal(err)
		}
		check(t, g, evs)
		for g.Hand().Phase != game.Over {
			var all []game.Action
			for s := 0; s < 4; s++ {
				all = append(all, g.Legal(game.Seat(s))...)
			}
			evs, err := g.Apply(all[rng.IntN(len(all))])
			if err != nil {
				t.Fatal(err)
			}
			check(t, g, evs)
			steps++
		}
	}
	if steps < 20 {
		t.Fatalf("only %d steps checked", steps)
	}
}

// check verifies one step's payloads against the hands as they are now.
func check(t *testing.T, g *tablecore.Game, evs []tablecore.Event) {
	t.Helper()
	s, err := referee.Step(g, evs, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	over := h.Phase == game.Over
	// A tile is hidden from an audience if it is in someone else's
	// concealed hand and nowhere public. Names are faces ("5p"), so a face
	// is only a leak if no copy of it is public.
	public := map[string]bool{}
	for _, p := range h.Seats {
		for _, d := range p.Discards {
			public[d.Tile.String()] = true
		}
		for _, m := range p.Melds {
			for _, x := range m.Tiles {
				public[x.String()] = true
			}
		}
		for _, x := range append(append([]tile.Tile(nil), p.SingleKans...), p.Flowers...) {
			public[x.String()] = true
		}
	}
	for _, i := range h.Indicators {
		public[h.Wall.Tiles[i].String()] = true
	}
	hiddenFrom := func(audience int) []string {
		var out []string
		for s, p := range h.Seats {
			if s == audience || (over && p.Won) {
				continue
			}
			for _, x := range p.Hand {
				if !public[x.String()] && !inOwn(h, audience, x) {
					out = append(out, x.String())
				}
			}
		}
		return out
	}
	payloads := map[int][]json.RawMessage{
		tablecore.Public: {s.Event, s.State},
	}
	for n := 0; n < h.Players; n++ {
		payloads[n] = []json.RawMessage{s.Seats[n].Event, s.Seats[n].State}
	}
	for audience, ps := range payloads {
		hidden := hiddenFrom(audience)
		for _, p := range ps {
			if p == nil {
				continue // no such seat at this table
			}
			shown := tilesIn(t, p)
			for _, x := range hidden {
				if shown[x] {
					t.Fatalf("audience %d sees hidden %s in %s", audience, x, p)
				}
			}
			if strings.Contains(string(p), `"wall"`) {
				t.Fatalf("a payload holds the wall: %s", p)
			}
		}
	}
	// Spectators see every hand.
	var v tablecore.View
	if err := json.Unmarshal(s.Spectator.State, &v); err != nil {
		t.Fatal(err)
	}
	for i, sv := range v.Seats {
		if len(sv.Hand) != len(h.Seats[i].Hand) {
			t.Fatalf("spectators see %d of seat %d's %d tiles", len(sv.Hand), i, len(h.Seats[i].Hand))
		}
	}
}

// tilesIn collects the tiles a payload names in its tile-bearing fields:
// hands, the tile of an action, event or win, and the tiles a call uses.
func tilesIn(t *testing.T, p json.RawMessage) map[string]bool {
	t.Helper()
	var v any
	if err := json.Unmarshal(p, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, y := range x {
				walk(k, y)
			}
		case []any:
			for _, y := range x {
				walk(key, y)
			}
		case string:
			if key == "hand" || key == "tile" || key == "uses" {
				out[x] = true
			}
		}
	}
	walk("", v)
	return out
}

func inOwn(h *game.Hand, audience int, x tile.Tile) bool {
	if audience < 0 || audience >= len(h.Seats) {
		return false
	}
	for _, y := range h.Seats[audience].Hand {
		if y.String() == x.String() {
			return true
		}
	}
	return false
}

// TestPassesAndWindowsPrivate plays random games (passes included) and
// checks that a pass reaches only its seat and the spectators, and that
// after every discard the public and every seat's view show the same open
// claim window, whether or not some hand could call the tile.
func TestPassesAndWindowsPrivate(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	passes, open, closed := 0, 0, 0
	for n := 0; n < 3 && !g.Over(); n++ {
		w := rs.Rules().Set.Tiles()
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
			t.Fatal(err)
		}
		for g.Hand().Phase != game.Over {
			var all []game.Action
			for s := 0; s < 4; s++ {
				all = append(all, g.Legal(game.Seat(s))...)
			}
			a := all[rng.IntN(len(all))]
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			st, err := referee.Step(g, evs, time.Unix(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == game.Pass && g.Hand().Phase != game.Over {
				passes++
				for n, sv := range st.Seats {
					if has := strings.Contains(string(sv.Event), `"pass"`); has != (n == int(a.Seat)) {
						t.Errorf("seat %d's pass: in seat %d's event: %v (%s)", a.Seat, n, has, sv.Event)
					}
				}
				if strings.Contains(string(st.Event), `"pass"`) {
					t.Errorf("a pass is public: %s", st.Event)
				}
				if !strings.Contains(string(st.Spectator.Event), `"pass"`) {
					t.Errorf("the spectators do not see the pass: %s", st.Spectator.Event)
				}
			}
			if a.Kind != game.Discard && a.Kind != game.Riichi {
				continue
			}
			if g.Hand().Phase == game.Claims {
				open++
			} else if g.Hand().Phase == game.ToDraw {
				closed++
			} else {
				continue
			}
			views := []json.RawMessage{st.State}
			for _, sv := range st.Seats {
				views = append(views, sv.State)
			}
			for i, v := range views {
				var pv struct {
					Phase string `json:"phase"`
					Turn  int    `json:"turn"`
					Claim *struct {
						From int    `json:"from"`
						Tile string `json:"tile"`
					} `json:"claim"`
				}
				if err := json.Unmarshal(v, &pv); err != nil {
					t.Fatal(err)
				}
				if pv.Phase != "claims" || pv.Claim == nil || pv.Claim.From != int(a.Seat) || pv.Turn != int(a.Seat) || pv.Claim.Tile != a.Tile.String() {
					t.Errorf("view %d after %s (referee phase %s): %+v, want an open window on %s from seat %d", i, a, g.Hand().Phase, pv, a.Tile, a.Seat)
				}
			}
		}
	}
	if passes == 0 || open == 0 || closed == 0 {
		t.Fatalf("passes %d, discards with callers %d, without %d: not every case was played", passes, open, closed)
	}
}

// TestChoicesOnlyInTheirSeatsView: the readings a seat is asked to choose
// between name tiles of its hand, so they appear in its own view, numbered
// from 0, and in no other seat's, the public's or the spectators'.
func TestChoicesOnlyInTheirSeatsView(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := rs.Rules().Set.Tiles()
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	evs, err := g.StartHand(tablecore.Deal{Wall: w})
	if err != nil {
		t.Fatal(err)
	}
	five := tile.MustParse("5p")
	var ch referee.Choices
	ch[2] = []game.Action{
		{Kind: game.Pon, Seat: 2, Tile: five[0], Uses: []tile.Tile{five[0], five[0]}},
		{Kind: game.OpenKan, Seat: 2, Tile: five[0], Uses: []tile.Tile{five[0], five[0], five[0]}},
	}
	type seatState struct {
		Choices []referee.Choice `json:"choices"`
	}
	for name, build := range map[string]func() (json.RawMessage, [4]json.RawMessage, json.RawMessage){
		"step": func() (json.RawMessage, [4]json.RawMessage, json.RawMessage) {
			st, err := referee.StepChoosing(g, evs, time.Now(), &ch)
			if err != nil {
				t.Fatal(err)
			}
			return st.State, [4]json.RawMessage{st.Seats[0].State, st.Seats[1].State, st.Seats[2].State, st.Seats[3].State}, st.Spectator.State
		},
		"snapshot": func() (json.RawMessage, [4]json.RawMessage, json.RawMessage) {
			st, err := referee.SnapshotChoosing(g, time.Now(), &ch)
			if err != nil {
				t.Fatal(err)
			}
			return st.State, [4]json.RawMessage{st.Seats[0].State, st.Seats[1].State, st.Seats[2].State, st.Seats[3].State}, st.Spectator.State
		},
	} {
		pub, seats, spect := build()
		for _, p := range []json.RawMessage{pub, spect, seats[0], seats[1], seats[3]} {
			if strings.Contains(string(p), `"choices"`) {
				t.Errorf("%s: choices outside seat 2's view: %s", name, p)
			}
		}
		var s2 seatState
		if err := json.Unmarshal(seats[2], &s2); err != nil {
			t.Fatal(err)
		}
		want := []referee.Choice{
			{Index: 0, Action: tablecore.ActionView{Kind: "pon", Tile: "5p", Uses: []string{"5p", "5p"}}},
			{Index: 1, Action: tablecore.ActionView{Kind: "kan", Tile: "5p", Uses: []string{"5p", "5p", "5p"}}},
		}
		got, _ := json.Marshal(s2.Choices)
		exp, _ := json.Marshal(want)
		if string(got) != string(exp) {
			t.Errorf("%s: seat 2's choices %s, want %s", name, got, exp)
		}
		if !strings.Contains(string(seats[2]), `"legal"`) && !strings.Contains(string(seats[2]), `"seats"`) {
			t.Errorf("%s: seat 2's view lost its fields: %s", name, seats[2])
		}
	}
}
