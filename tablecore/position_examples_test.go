package tablecore_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// docExamples returns the ```position blocks of docs/position.md, in order.
func docExamples(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "position.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, part := range strings.Split(string(b), "```position\n")[1:] {
		body, _, ok := strings.Cut(part, "```")
		if !ok {
			t.Fatalf("an example is not closed: %.40q", part)
		}
		out = append(out, body)
	}
	return out
}

// setUp reads a position and sets a game up from it under the ruleset it
// names.
func setUp(t *testing.T, text string) *tablecore.Game {
	t.Helper()
	p, err := tablecore.ParsePosition(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	rs, err := rulesets.New(p.Ruleset, p.Options)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.FromPosition(rs, p)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	roundTrip(t, rs, g, "the position")
	seenRoundTrip(t, rs, g, "the position")
	return g
}

// act builds an action from tile faces, using the game's own tiles: the
// tile on offer (or the last one acted on) and the seat's held tiles.
func act(g *tablecore.Game, kind game.Kind, seat int, t string, uses string) game.Action {
	h := g.Hand()
	a := game.Action{Kind: kind, Seat: game.Seat(seat)}
	same := func(x, y tile.Tile) bool { return x.Kind == y.Kind && x.Red == y.Red }
	if t != "" {
		a.Tile = tile.MustParse(t)[0]
		var last game.Action
		for i := len(h.Log) - 1; i >= 0; i-- {
			if h.Log[i].Kind != game.Pass {
				last = h.Log[i]
				break
			}
		}
		switch {
		case h.Phase == game.Claims && same(h.Claim.Tile, a.Tile):
			a.Tile = h.Claim.Tile
		case same(last.Tile, a.Tile):
			a.Tile = last.Tile
		default:
			for _, x := range h.Seats[seat].Hand {
				if same(x, a.Tile) {
					a.Tile = x
				}
			}
		}
	}
	if uses != "" {
		for _, u := range tile.MustParse(uses) {
			for _, x := range h.Seats[seat].Hand {
				if same(x, u) && x != a.Tile && !slices.Contains(a.Uses, x) {
					u = x
					break
				}
			}
			a.Uses = append(a.Uses, u)
		}
	}
	return a
}

// allows reports whether seat may take an action written as text.
func allows(g *tablecore.Game, seat int, want string) bool {
	for _, a := range g.Legal(game.Seat(seat)) {
		if strings.TrimPrefix(a.String(), "seat "+string(rune('0'+seat))+" ") == want {
			return true
		}
	}
	return false
}

// legalAction returns the legal action of seat written as text.
func legalAction(t *testing.T, g *tablecore.Game, seat int, want string) game.Action {
	t.Helper()
	for _, a := range g.Legal(game.Seat(seat)) {
		if strings.TrimPrefix(a.String(), "seat "+string(rune('0'+seat))+" ") == want {
			return a
		}
	}
	t.Fatalf("seat %d may not %s; it may %v", seat, want, g.Legal(game.Seat(seat)))
	return game.Action{}
}

// refusedAs asserts the referee refuses a with an error matching every
// target and naming text.
func refusedAs(t *testing.T, g *tablecore.Game, a game.Action, text string, targets ...error) {
	t.Helper()
	err := g.Refusal(a)
	if err == nil {
		t.Fatalf("%s accepted; it should be refused (%s)", a, text)
	}
	if !strings.Contains(err.Error(), text) {
		t.Errorf("%s refused with %q, which does not say %q", a, err, text)
	}
	for _, target := range targets {
		if !errors.Is(err, target) {
			t.Errorf("%s refused with %q, which does not match %v", a, err, target)
		}
	}
	if _, err2 := g.Apply(a); err2 == nil || err2.Error() != err.Error() {
		t.Errorf("Apply(%s) = %v, Refusal said %v", a, err2, err)
	}
}

func play(t *testing.T, g *tablecore.Game, as ...game.Action) {
	t.Helper()
	for _, a := range as {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDocExamples(t *testing.T) {
	ex := docExamples(t)
	if len(ex) != 5 {
		t.Fatalf("docs/position.md has %d examples, want one for each of the 5 rulesets", len(ex))
	}
	names := []string{"riichi", "mcr/simplified", "sichuan", "wuhan", "shanghai"}
	for i, text := range ex {
		if !strings.HasPrefix(text, "ruleset "+names[i]+"\n") {
			t.Errorf("example %d is not for %s: %.30q", i+1, names[i], text)
		}
	}

	t.Run("riichi", func(t *testing.T) {
		// Chi only from the player on one's left (seeds/002 L166–L169);
		// discard furiten (L803–L805); the riichi stick (L418) goes to the
		// winner (L845); a ron is paid by the discarder alone (L235).
		g := setUp(t, ex[0])
		if !allows(g, 1, "chi 3m with 12m") {
			t.Errorf("South may not chi: %v", g.Legal(1))
		}
		refusedAs(t, g, act(g, game.Chi, 2, "3m", "45m"), "chi only from the previous player", tablecore.ErrOutOfTurn)
		refusedAs(t, g, act(g, game.Ron, 2, "3m", ""), "furiten", game.ErrIllegal)
		play(t, g, legalAction(t, g, 3, "ron 3m"), act(g, game.Pass, 1, "", ""), act(g, game.Pass, 2, "", ""))
		if got, want := g.Standing().Scores, []int{25000 - 5200, 25000, 25000, 24000 + 5200 + 1000}; !slices.Equal(got, want) {
			t.Errorf("scores after North's ron: %v, want %v", got, want)
		}
	})

	t.Run("mcr", func(t *testing.T) {
		// Robbing the kong is worth 8 (seeds/004 L60) over the 6 a win
		// needs (L5); only a win may take a tile added to a kong, and a
		// hand that is no winning shape may not.
		g := setUp(t, ex[1])
		ron := legalAction(t, g, 1, "ron 3p")
		w, err := g.Ruleset().Win(g.Hand(), ron)
		if err != nil || !slices.ContainsFunc(w.Value.Items, func(it game.Item) bool { return it.Name == "搶杠和" && it.Value == "8" }) {
			t.Errorf("South's ron: %+v, %v; want 搶杠和 8 among its fans", w.Value, err)
		}
		refusedAs(t, g, act(g, game.Chi, 1, "3p", "12p"), "only a win may claim a tile added to a kong", tablecore.ErrNotAllowed)
		refusedAs(t, g, act(g, game.Ron, 3, "3p", ""), "not a winning hand", game.ErrNotWinning)
		// 搶杠和 8 (L60), 門前清 2 (L43), 辺張 1 (L36): s = 11. The kong's
		// declarer pays s+8, the others 8 each (L82–L86).
		play(t, g, ron, act(g, game.Pass, 0, "", ""), act(g, game.Pass, 3, "", ""))
		if got, want := g.Standing().Scores, []int{-8, 11 + 8 + 16, -(11 + 8), -8}; !slices.Equal(got, want) {
			t.Errorf("scores after the robbing win: %v, want %v", got, want)
		}
	})

	t.Run("sichuan", func(t *testing.T) {
		// No chi (seeds/003 L18); a call on the missing suit is refused
		// (L38–L47); play goes on after a win until three have won (L25).
		g := setUp(t, ex[2])
		refusedAs(t, g, act(g, game.Pon, 2, "5p", "55p"), "missing suit", sichuan.ErrMissingSuit, game.ErrIllegal)
		refusedAs(t, g, act(g, game.Chi, 3, "5p", "34p"), "chi is not played at this table", tablecore.ErrNotAllowed)
		refusedAs(t, g, act(g, game.Ron, 0, "5p", ""), "already won", tablecore.ErrOutOfTurn)
		play(t, g, legalAction(t, g, 3, "ron 5p"), act(g, game.Pass, 2, "", ""))
		// The next to draw is the first after the winner who has not won
		// (spec/sichuan.md §5.4): past East, South.
		h := g.Hand()
		if h.Phase != game.ToDraw || h.Turn != 1 || len(h.Wins) != 2 {
			t.Errorf("after the second win: phase %s, turn %d, %d wins; South should draw", h.Phase, h.Turn, len(h.Wins))
		}
		if got, want := h.Scores, []int{3, -2, -1, 0}; !slices.Equal(got, want) {
			t.Errorf("scores %v, want %v: the discarder pays North's 1底", got, want)
		}
	})

	t.Run("wuhan", func(t *testing.T) {
		// The wildcard is the tile after the indicator turned up from the
		// head (seeds/000 L34–L35) and only counts in a winning hand, so
		// it makes no chi (L58) or pung (L62).
		g := setUp(t, ex[3])
		if !allows(g, 2, "pon 4m with 44m") {
			t.Errorf("West may not pung 4m: %v", g.Legal(2))
		}
		refusedAs(t, g, act(g, game.Chi, 1, "4m", "56m"), "wildcard", game.ErrIllegal)
	})

	t.Run("shanghai", func(t *testing.T) {
		// A flower is exposed and replaced before play goes on
		// (seeds/001 L11).
		g := setUp(t, ex[4])
		if got := g.Legal(2); len(got) != 1 || got[0].Kind != game.Flower {
			t.Errorf("West may %v; only expose its flower", got)
		}
		refusedAs(t, g, act(g, game.Discard, 2, "5z", ""), "flower in hand must be exposed first", tablecore.ErrNotAllowed)
		refusedAs(t, g, act(g, game.Tsumo, 2, "", ""), "must be exposed first", game.ErrNotWinning)
		play(t, g, legalAction(t, g, 2, "flower 3f"))
		if h := g.Hand(); h.Phase != game.ToDraw || h.Source != game.Tail || h.Turn != 2 {
			t.Errorf("after the flower: phase %s source %d turn %d; West should draw from the tail", h.Phase, h.Source, h.Turn)
		}
	})
}
