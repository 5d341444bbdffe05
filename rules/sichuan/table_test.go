package sichuan_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// table drives one hand through the referee. Seat 0 deals.
type table struct {
	t *testing.T
	g *tablecore.Game
}

func newTable(t *testing.T, o sichuan.Options, hands []string, draws string) *table {
	t.Helper()
	rs, err := sichuan.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	wall, err := tablecoretest.Wall(tile.Suits108(), hands, draws, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{4, 3}}); err != nil {
		t.Fatal(err)
	}
	return &table{t, g}
}

func kind(s string) tile.Kind { return tile.MustParse(s)[0].Kind }

func (x *table) h() *game.Hand { return x.g.Hand() }

func (x *table) do(a game.Action) []tablecore.Event {
	x.t.Helper()
	evs, err := x.g.Apply(a)
	if err != nil {
		x.t.Fatalf("%v: %v", a, err)
	}
	return evs
}

func (x *table) held(seat game.Seat, k string) tile.Tile {
	x.t.Helper()
	for _, u := range x.h().Seats[seat].Hand {
		if u.Kind == kind(k) {
			return u
		}
	}
	x.t.Fatalf("seat %d holds no %s: %s", seat, k, tile.Format(x.h().Seats[seat].Hand))
	return tile.Tile{}
}

func (x *table) heldN(seat game.Seat, k string, n int) []tile.Tile {
	var out []tile.Tile
	for _, u := range x.h().Seats[seat].Hand {
		if u.Kind == kind(k) && len(out) < n {
			out = append(out, u)
		}
	}
	if len(out) != n {
		x.t.Fatalf("seat %d holds fewer than %d %s", seat, n, k)
	}
	return out
}

// missing chooses the missing suits of the four seats; a seat holding
// tiles of its suit lays one face down.
func (x *table) missing(suits ...tile.Suit) {
	x.t.Helper()
	for s, suit := range suits {
		a := game.Action{Kind: game.Missing, Seat: game.Seat(s), Suit: suit}
		for _, u := range x.h().Seats[s].Hand {
			if u.Kind.Suit() == suit {
				a.Tile = u
				break
			}
		}
		x.do(a)
	}
}

func (x *table) draw(seat game.Seat) tile.Tile {
	x.t.Helper()
	h := x.h()
	u := h.Wall.Tiles[h.Wall.Head]
	x.do(game.Action{Kind: game.Draw, Seat: seat, Tile: u})
	return u
}

func (x *table) discard(seat game.Seat, k string) {
	x.t.Helper()
	x.do(game.Action{Kind: game.Discard, Seat: seat, Tile: x.held(seat, k)})
}

// turn draws and discards the drawn tile.
func (x *table) turn(seat game.Seat) {
	x.t.Helper()
	u := x.draw(seat)
	x.do(game.Action{Kind: game.Discard, Seat: seat, Tile: u})
}

func (x *table) ron(seat game.Seat) {
	x.t.Helper()
	x.do(game.Action{Kind: game.Ron, Seat: seat, Tile: x.h().Claim.Tile})
}

func (x *table) pass(seat game.Seat) {
	x.t.Helper()
	x.do(game.Action{Kind: game.Pass, Seat: seat})
}

func (x *table) pon(seat game.Seat) {
	x.t.Helper()
	c := x.h().Claim.Tile
	x.do(game.Action{Kind: game.Pon, Seat: seat, Tile: c, Uses: x.heldN(seat, c.Kind.String(), 2)})
}

func (x *table) openKan(seat game.Seat) {
	x.t.Helper()
	c := x.h().Claim.Tile
	x.do(game.Action{Kind: game.OpenKan, Seat: seat, Tile: c, Uses: x.heldN(seat, c.Kind.String(), 3)})
}

func (x *table) closedKan(seat game.Seat, k string) {
	x.t.Helper()
	ts := x.heldN(seat, k, 4)
	x.do(game.Action{Kind: game.ClosedKan, Seat: seat, Tile: ts[0], Uses: ts[1:]})
}

func (x *table) addedKan(seat game.Seat, k string) {
	x.t.Helper()
	x.do(game.Action{Kind: game.AddedKan, Seat: seat, Tile: x.held(seat, k)})
}

func (x *table) wantScores(step string, want ...int) {
	x.t.Helper()
	if got := x.h().Scores; !slices.Equal(got, want) {
		x.t.Fatalf("%s: scores %v, want %v", step, got, want)
	}
}

func (x *table) wantTurn(step string, phase game.Phase, seat game.Seat) {
	x.t.Helper()
	if h := x.h(); h.Phase != phase || h.Turn != seat {
		x.t.Fatalf("%s: phase %s turn %d, want %s seat %d", step, h.Phase, h.Turn, phase, seat)
	}
}

const (
	man = tile.Man
	pin = tile.Pin
	sou = tile.Sou
	E   = game.Seat(0)
	S   = game.Seat(1)
	W   = game.Seat(2)
	N   = game.Seat(3)
)
