package deal_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/deal"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// build lays the set's tags into walls of the given stacks per side in
// set order, and returns the walls and a registry of set A.
func build(t *testing.T, set tile.Set, stacks []int) (cycle.Walls, registry.Memory) {
	t.Helper()
	reg := registry.Memory{}
	uids := sim.List(set, 'A')
	for u, tl := range sim.Tags(set, 'A') {
		reg[u] = registry.Entry{Set: 'A', Tile: tl}
	}
	w := cycle.Walls{Set: 'A', Sides: make([][]rfid.UID, len(stacks))}
	for s, n := range stacks {
		w.Sides[s], uids = uids[:2*n], uids[2*n:]
	}
	if len(uids) != 0 {
		t.Fatalf("%d tags left over", len(uids))
	}
	return w, reg
}

func tileAt(reg registry.Memory, w cycle.Walls, side, index int) tile.Tile {
	return reg[w.Sides[side][index]].Tile
}

// Riichi breaks by the sum: dice 3+4 from dealer East count seven walls
// round to the opposite wall (seat 2) and seven stacks from its right end;
// the dealer takes stack 8 first, upper tile then lower, then stack 9, and
// the last tile of the wall is stack 7's lower tile (riichi.md §4.2).
func TestRiichiBreaksBySum(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	w, reg := build(t, rs.Rules().Set, []int{17, 17, 17, 17})
	d, err := deal.FromWalls(w, [2]int{3, 4}, reg, rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Stack k's lower tile was laid at index 2(k-1), its upper at 2(k-1)+1.
	want := []tile.Tile{tileAt(reg, w, 2, 15), tileAt(reg, w, 2, 14), tileAt(reg, w, 2, 17), tileAt(reg, w, 2, 16)}
	for i, tl := range want {
		if d.Wall[i] != tl {
			t.Errorf("draw %d: %v, want %v", i, d.Wall[i], tl)
		}
	}
	// After seat 2's wall (stacks 8..17) comes seat 1's from its right end.
	if got, want := d.Wall[20], tileAt(reg, w, 1, 1); got != want {
		t.Errorf("draw 20: %v, want seat 1 stack 1 upper %v", got, want)
	}
	if got, want := d.Wall[135], tileAt(reg, w, 2, 12); got != want {
		t.Errorf("last tile: %v, want seat 2 stack 7 lower %v", got, want)
	}
	if d.Dice != [2]int{3, 4} || len(d.Wall) != 136 {
		t.Errorf("deal: dice %v, %d tiles", d.Dice, len(d.Wall))
	}
}

// Wuhan breaks by the smaller die (wuhan.md §4.2, test WALL-1): dice 2-5
// pick the opposite wall and the break after its 2nd stack, so the head is
// seat 2's stack 3.
func TestWuhanBreaksBySmallerDie(t *testing.T) {
	rs, err := rulesets.New("wuhan", nil)
	if err != nil {
		t.Fatal(err)
	}
	w, reg := build(t, rs.Rules().Set, []int{17, 17, 17, 17})
	d, err := deal.FromWalls(w, [2]int{2, 5}, reg, rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Wall[0] != tileAt(reg, w, 2, 5) || d.Wall[1] != tileAt(reg, w, 2, 4) {
		t.Errorf("head %v %v, want seat 2 stack 3 upper, lower", d.Wall[0], d.Wall[1])
	}
}

// A three-player set builds no wall at the empty side.
func TestThreePlayersSkipTheEmptySide(t *testing.T) {
	rs, err := rulesets.New("wuhan/jingzhou3p", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rs.Rules()
	if r.Players != 3 {
		t.Fatalf("%d players", r.Players)
	}
	w, reg := build(t, r.Set, []int{16, 16, 16, 0})
	// Dice 1+1: the sum 2 picks seat 1's wall, the smaller die 1 breaks it
	// after stack 1.
	d, err := deal.FromWalls(w, [2]int{1, 1}, reg, rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Wall[0] != tileAt(reg, w, 1, 3) {
		t.Errorf("first tile %v, want seat 1 stack 2 upper %v", d.Wall[0], tileAt(reg, w, 1, 3))
	}
}

func TestBadWalls(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	set := rs.Rules().Set
	cases := map[string]struct {
		edit func(w *cycle.Walls, reg registry.Memory)
		want string
	}{
		"unregistered tag": {func(w *cycle.Walls, reg registry.Memory) { w.Sides[1][3] = "04FFEEDDCCBBAA" }, "tag 04FFEEDDCCBBAA (wall 1, stack 2, upper) is not registered"},
		"other set": {func(w *cycle.Walls, reg registry.Memory) {
			u := w.Sides[0][0]
			reg[u] = registry.Entry{Set: 'B', Tile: reg[u].Tile}
		}, "not of set A"},
		"short wall":  {func(w *cycle.Walls, _ registry.Memory) { w.Sides[3] = w.Sides[3][:32] }, "the walls hold 134 tiles"},
		"odd wall":    {func(w *cycle.Walls, _ registry.Memory) { w.Sides[3] = w.Sides[3][:33] }, "wall 3 has 33 tiles"},
		"three walls": {func(w *cycle.Walls, _ registry.Memory) { w.Sides[3] = nil }, "3 walls built for 4 players"},
		"tile not in play": {func(w *cycle.Walls, reg registry.Memory) {
			u := w.Sides[2][0]
			reg[u] = registry.Entry{Set: 'A', Tile: tile.Tile{Kind: tile.Spring}}
		}, "does not play with"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			w, reg := build(t, set, []int{17, 17, 17, 17})
			c.edit(&w, reg)
			_, err := deal.FromWalls(w, [2]int{3, 4}, reg, rs, game.Seat(0))
			if !errors.Is(err, deal.ErrWalls) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want ErrWalls with %q", err, c.want)
			}
		})
	}
}

// Three-player riichi (riichi/sanma) on a three-wall table: 108 tiles in
// three walls of 18 stacks, none at the empty seat. The sum of the dice
// counts round the three seats from the dealer as 1 (4, 7, 10 the dealer;
// 2, 5, 8, 11 the next player; 3, 6, 9, 12 the previous one), then as many
// stacks from that wall's right end; the dealer takes the next stack
// first; the dead wall is the 14 tiles right of the break and the dora
// indicator is the upper tile of its 5th stack from the break.
func TestSanmaThreeWalls(t *testing.T) {
	rs, err := rulesets.New("riichi/sanma", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rs.Rules()
	if r.Players != 3 || r.Set.Size() != 108 {
		t.Fatalf("riichi/sanma: %d players, %d tiles", r.Players, r.Set.Size())
	}
	w, reg := build(t, r.Set, []int{18, 18, 18, 0})
	// Stack k's upper tile was laid at index 2k-1, its lower at 2k-2.
	upper := func(side, k int) tile.Tile { return tileAt(reg, w, side, 2*k-1) }
	lower := func(side, k int) tile.Tile { return tileAt(reg, w, side, 2*k-2) }
	cases := []struct {
		name   string
		dice   [2]int
		dealer game.Seat
		owner  int // whose wall is broken
	}{
		{"7 from East: the dealer's own wall", [2]int{3, 4}, 0, 0},
		{"2 from South: the next player's", [2]int{1, 1}, 1, 2},
		{"12 from West: the previous player's", [2]int{6, 6}, 2, 1},
		{"4 from East: the dealer's own, not the empty seat", [2]int{2, 2}, 0, 0},
		{"2 from East: the dead wall reaches into the next wall", [2]int{1, 1}, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := deal.FromWalls(w, c.dice, reg, rs, c.dealer)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Wall) != 108 {
				t.Fatalf("%d tiles dealt", len(d.Wall))
			}
			sum := c.dice[0] + c.dice[1]
			if d.Wall[0] != upper(c.owner, sum+1) || d.Wall[1] != lower(c.owner, sum+1) {
				t.Errorf("head %v %v, want wall %d stack %d upper, lower", d.Wall[0], d.Wall[1], c.owner, sum+1)
			}
			// Past the owner's left end, the wall clockwise: the previous
			// seat's (the empty seat has none).
			next := (c.owner + 2) % 3
			if at := 2 * (18 - sum); d.Wall[at] != upper(next, 1) {
				t.Errorf("draw %d: %v, want wall %d stack 1 upper", at, d.Wall[at], next)
			}
			if d.Wall[107] != lower(c.owner, sum) {
				t.Errorf("last tile %v, want wall %d stack %d lower", d.Wall[107], c.owner, sum)
			}
			g, err := tablecore.New(rs, c.dealer)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.StartHand(d); err != nil {
				t.Fatal(err)
			}
			h := g.Hand()
			// Counted from the break rightwards: the owner's stacks sum,
			// sum−1, … 1, then the left end of the wall before it in
			// the draw order (the next seat's: stack 18, 17, …).
			dw, ds := c.owner, sum-4
			if ds < 1 {
				dw, ds = (c.owner+1)%3, 18+ds
			}
			if got := h.IndicatorTiles(); len(got) != 1 || got[0] != upper(dw, ds) {
				t.Errorf("dora indicator %v, want wall %d stack %d upper (5th from the break)", got, dw, ds)
			}
			// 108 − 14 dead wall − 40 dealt.
			if n := h.Wall.Remaining(); n != 54 {
				t.Errorf("%d live tiles after the deal, want 54", n)
			}
			// The dealer's first block: the two stacks after the break.
			want := []tile.Tile{upper(c.owner, sum+1), lower(c.owner, sum+1), upper(c.owner, sum+2), lower(c.owner, sum+2)}
			for _, tl := range want {
				if !slices.Contains(h.Seats[c.dealer].Hand, tl) {
					t.Errorf("the dealer's hand %v lacks %v of the first block", h.Seats[c.dealer].Hand, tl)
				}
			}
		})
	}
}
