package tablecore_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func start(t *testing.T, rs *tablecoretest.Ruleset, hands []string, draws, tail string) *tablecore.Game {
	t.Helper()
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.R.Set, hands, draws, tail)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	return g
}

// held finds the first tile of kind k (mpsz, e.g. "9s") in seat's hand.
func held(t *testing.T, g *tablecore.Game, seat game.Seat, s string) tile.Tile {
	t.Helper()
	k := tile.MustParse(s)[0]
	for _, x := range g.Hand().Seats[seat].Hand {
		if x.Kind == k.Kind && x.Red == k.Red {
			return x
		}
	}
	t.Fatalf("seat %d holds no %s: %s", seat, s, tile.Format(g.Hand().Seats[seat].Hand))
	return tile.Tile{}
}

func apply(t *testing.T, g *tablecore.Game, a game.Action) []tablecore.Event {
	t.Helper()
	evs, err := g.Apply(a)
	if err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	return evs
}

// next draws the tile the wall holds for seat.
func draw(t *testing.T, g *tablecore.Game, seat game.Seat) tile.Tile {
	t.Helper()
	for _, a := range g.Legal(seat) {
		if a.Kind == game.Draw {
			apply(t, g, a)
			return a.Tile
		}
	}
	t.Fatalf("seat %d may not draw now (phase %s, turn %d)", seat, g.Hand().Phase, g.Hand().Turn)
	return tile.Tile{}
}

func snapshot(t *testing.T, g *tablecore.Game) string {
	t.Helper()
	b, err := json.Marshal(struct {
		H *game.Hand
		S game.Standing
	}{g.Hand(), g.Standing()})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var ronHands = []string{
	"123m456m789m11p23s9s", // dealer: discards 9s, waits 1s-4s
	"111z222z333z444z5z",
	"123p456p789p56s77s", // waits 4s-7s
	"555z666z777z111s9p",
}

func TestRejectedActionsLeaveTheGameUntouched(t *testing.T) {
	g := start(t, tablecoretest.New(), ronHands, "4s", "")
	before := snapshot(t, g)
	bad := []struct {
		name string
		a    game.Action
		want error
	}{
		{"discard out of turn", game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "5s")}, tablecore.ErrOutOfTurn},
		{"discard a tile not held", game.Action{Kind: game.Discard, Seat: 0, Tile: tile.Tile{Kind: tile.Red}}, tablecore.ErrNotHeld},
		{"draw before discarding", game.Action{Kind: game.Draw, Seat: 0}, tablecore.ErrOutOfTurn},
		{"false tsumo", game.Action{Kind: game.Tsumo, Seat: 0}, game.ErrNotWinning},
		{"riichi at a table without it", game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9s")}, game.ErrIllegal},
		{"no such seat", game.Action{Kind: game.Discard, Seat: 7}, tablecore.ErrBadSeat},
		{"pon with no discard", game.Action{Kind: game.Pon, Seat: 1, Tile: held(t, g, 1, "1z")}, tablecore.ErrOutOfTurn},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			_, err := g.Apply(c.a)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			var ae *tablecore.ActionError
			if !errors.As(err, &ae) || ae.Action.Kind != c.a.Kind {
				t.Fatalf("error %v does not name the action", err)
			}
			if after := snapshot(t, g); after != before {
				t.Fatalf("the game changed")
			}
		})
	}
}

func TestHeadBumpGivesTheWinToTheNearestClaimant(t *testing.T) {
	g := start(t, tablecoretest.New(), ronHands, "4s", "")
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "9s")})
	// Nobody claims the 9s: seat 1's draw closes the window.
	if got := draw(t, g, 1); got.Kind != tile.S4 {
		t.Fatalf("seat 1 drew %s, want 4s", got)
	}
	four := held(t, g, 1, "4s")
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: four})
	if ph := g.Hand().Phase; ph != game.Claims {
		t.Fatalf("phase %s after a discard two players can win on", ph)
	}
	// Seat 0 answers first, but seat 2 sits nearer the discarder.
	apply(t, g, game.Action{Kind: game.Ron, Seat: 0, Tile: four})
	apply(t, g, game.Action{Kind: game.Ron, Seat: 2, Tile: four})
	evs := apply(t, g, game.Action{Kind: game.Pass, Seat: 3})
	h := g.Hand()
	if h.Phase != game.Over || len(h.Wins) != 1 || h.Wins[0].Seat != 2 || h.Wins[0].From != 1 {
		t.Fatalf("phase %s, wins %+v; want seat 2 alone to win from seat 1", h.Phase, h.Wins)
	}
	if got := h.Scores; got[1] != -1 || got[2] != 1 || got[0] != 0 {
		t.Fatalf("scores %v, want seat 1 paying seat 2 one point", got)
	}
	if last := evs[len(evs)-1]; last.Type != tablecore.HandEnded || last.End.Kind != game.Won {
		t.Fatalf("last event %s, want the hand to end won", last)
	}
	if !h.Seats[1].Discards[0].Taken {
		t.Fatalf("the won discard is not marked taken")
	}
}

func TestDoubleWinPaysBothWinners(t *testing.T) {
	rs := tablecoretest.New()
	rs.R.MultiWin = game.AllWin
	g := start(t, rs, ronHands, "4s", "")
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "9s")})
	draw(t, g, 1)
	four := held(t, g, 1, "4s")
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: four})
	apply(t, g, game.Action{Kind: game.Ron, Seat: 0, Tile: four})
	apply(t, g, game.Action{Kind: game.Pass, Seat: 3})
	apply(t, g, game.Action{Kind: game.Ron, Seat: 2, Tile: four})
	h := g.Hand()
	if len(h.Wins) != 2 || h.Wins[0].Seat != 2 || h.Wins[1].Seat != 0 {
		t.Fatalf("wins %+v, want seat 2 then seat 0 (turn order from the discarder)", h.Wins)
	}
	if h.Scores[1] != -2 {
		t.Fatalf("scores %v: the discarder should pay both", h.Scores)
	}
}

func TestPonBeatsChiAndSkipsTurns(t *testing.T) {
	hands := []string{
		"123m456m789m1234p6z", // dealer discards 4p
		"23p111z222z333z4z5z", // seat 1 may chi 4p with 23p
		"44p123s456s789s1z9m", // seat 2 may pon 4p
		"555z666z777z111s9p",
	}
	g := start(t, tablecoretest.New(), hands, "", "")
	four := held(t, g, 0, "4p")
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: four})
	chi := game.Action{Kind: game.Chi, Seat: 1, Tile: four, Uses: []tile.Tile{held(t, g, 1, "2p"), held(t, g, 1, "3p")}}
	pon := game.Action{Kind: game.Pon, Seat: 2, Tile: four, Uses: g.Hand().Seats[2].Hand[:2]}
	// Chi is listed as legal for seat 1, and only seat 1.
	found := false
	for _, a := range g.Legal(1) {
		found = found || a.Kind == game.Chi
	}
	if !found {
		t.Fatalf("seat 1 is not offered chi: %v", g.Legal(1))
	}
	for _, a := range g.Legal(3) {
		if a.Kind == game.Chi {
			t.Fatalf("seat 3 is offered chi on seat 0's discard")
		}
	}
	apply(t, g, chi)
	apply(t, g, pon)
	apply(t, g, game.Action{Kind: game.Pass, Seat: 3})
	h := g.Hand()
	if h.Phase != game.ToAct || h.Turn != 2 {
		t.Fatalf("phase %s turn %d, want seat 2 to act after the pon", h.Phase, h.Turn)
	}
	m := h.Seats[2].Melds
	if len(m) != 1 || m[0].Type != tile.Pon || m[0].From != 2 || len(h.Seats[1].Melds) != 0 {
		t.Fatalf("melds seat 2 %v seat 1 %v", m, h.Seats[1].Melds)
	}
	if n := len(h.Seats[2].Hand); n != 11 {
		t.Fatalf("seat 2 holds %d tiles after a pon, want 11", n)
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "9m")})
	apply(t, g, game.Action{Kind: game.Pass, Seat: 1})
	// Seat 3 draws next: seat 1's turn was skipped by the pon.
	draw(t, g, 3)
}

// passAll answers Pass for every seat that has not answered the window.
func passAll(t *testing.T, g *tablecore.Game) {
	t.Helper()
	h := g.Hand()
	for s, r := range h.Claim.Responses {
		if h.Phase == game.Claims && !r.Answered {
			apply(t, g, game.Action{Kind: game.Pass, Seat: game.Seat(s)})
		}
	}
}

// TestRobbingAnAddedKong starts from the robbing window (docs/position.md):
// seat 1 adds the fourth 5p to the pon it called from the dealer, and seat
// 3 waits on 5p.
func TestRobbingAnAddedKong(t *testing.T) {
	p, err := tablecore.ParsePosition(`game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 1 rob
wall drawn 57+0 reserve 0: 57- 79?
seat 0 E 123m456m789m11z9s9p pond 5p^ 8m'
seat 1 S 123s456s789s2p5p (pon 555p<3) pond 1p
seat 2 W 123p789p567s11z34s pond 9m'
seat 3 N 555z666z777z22z46p pond 9m'
claim 1 5p answers 0pass 2pass`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.FromPosition(tablecoretest.New(), p)
	if err != nil {
		t.Fatal(err)
	}
	fourth := g.Hand().Claim.Tile
	if _, err := g.Apply(game.Action{Kind: game.Pon, Seat: 2, Tile: fourth, Uses: nil}); !errors.Is(err, tablecore.ErrNotAllowed) || !strings.Contains(err.Error(), "only a win may claim a tile added to a kong") {
		t.Fatalf("a pon of a kong tile was not refused for the rule: %v", err)
	}
	apply(t, g, game.Action{Kind: game.Ron, Seat: 3, Tile: fourth})
	h := g.Hand()
	if len(h.Wins) != 1 || h.Wins[0].Seat != 3 || !h.Wins[0].Robbed || h.Wins[0].From != 1 {
		t.Fatalf("wins %+v, want seat 3 robbing seat 1", h.Wins)
	}
	if m := h.Seats[1].Melds[0]; m.Type != tile.Pon {
		t.Fatalf("the robbed kong should stay a pon, is %s", m.Type)
	}
}

func pairOf(t *testing.T, g *tablecore.Game, seat game.Seat, s string) []tile.Tile {
	t.Helper()
	k := tile.MustParse(s)[0].Kind
	var out []tile.Tile
	for _, x := range g.Hand().Seats[seat].Hand {
		if x.Kind == k && len(out) < 2 {
			out = append(out, x)
		}
	}
	return out
}
