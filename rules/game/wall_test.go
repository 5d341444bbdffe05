package game_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

func TestDrawOrderRiichiSourceExample(t *testing.T) {
	// riichi.md §4.2: D = 4 picks the North seat's wall (dealer East = 0),
	// split between stacks 4 and 5; draws start at stack 5.
	walls := []int{17, 17, 17, 17}
	o, err := game.DrawOrder(game.BreakBySum, [2]int{1, 3}, 0, walls)
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 136 {
		t.Fatalf("%d positions", len(o))
	}
	if o[0] != (game.Position{Wall: 3, Stack: 5, Level: 0}) || o[1] != (game.Position{Wall: 3, Stack: 5, Level: 1}) {
		t.Fatalf("first draws %v %v", o[0], o[1])
	}
	// After North's stack 17 comes West's wall (clockwise), from stack 1.
	if o[26] != (game.Position{Wall: 2, Stack: 1, Level: 0}) {
		t.Fatalf("position 26 = %v", o[26])
	}
	// The last tiles are stacks 1–4 of the broken wall: the dead wall end.
	if o[135] != (game.Position{Wall: 3, Stack: 4, Level: 1}) {
		t.Fatalf("last = %v", o[135])
	}
	seen := map[game.Position]bool{}
	for _, p := range o {
		if seen[p] {
			t.Fatalf("%v twice", p)
		}
		seen[p] = true
	}
}

func TestDrawOrderWuhanWALL1(t *testing.T) {
	// wuhan.md §4.3 test WALL-1: dice 2–5 → seat 2's wall, m = 2; the
	// head is (2, stack 3); #16 is (1, 1); the indicator is the bottom of
	// stack #27 = (1, 12); the first replacement is the top of (2, 2).
	o, err := game.DrawOrder(game.BreakBySmallerDie, [2]int{2, 5}, 0, []int{17, 17, 17, 17})
	if err != nil {
		t.Fatal(err)
	}
	stack := func(n int) game.Position { return o[2*(n-1)] } // n-th stack, 1-based
	if stack(1) != (game.Position{Wall: 2, Stack: 3}) || stack(16) != (game.Position{Wall: 1, Stack: 1}) || stack(68) != (game.Position{Wall: 2, Stack: 2}) {
		t.Fatalf("stacks 1, 16, 68 = %v %v %v", stack(1), stack(16), stack(68))
	}
	if o[53] != (game.Position{Wall: 1, Stack: 12, Level: 1}) {
		t.Fatalf("indicator position = %v", o[53])
	}
	var w game.Wall
	w.Tiles = make([]tile.Tile, 136)
	if o[w.TailIndex(0)] != (game.Position{Wall: 2, Stack: 2, Level: 0}) {
		t.Fatalf("first replacement = %v", o[w.TailIndex(0)])
	}
}

func TestDrawOrderThreePlayersAndBadInput(t *testing.T) {
	o, err := game.DrawOrder(game.BreakBySmallerDie, [2]int{6, 6}, 1, []int{16, 16, 16})
	if err != nil || len(o) != 96 {
		t.Fatalf("%d positions, %v", len(o), err)
	}
	// Sum 12 from seat 1 over 3 seats: (1 + 11) mod 3 = 0.
	if o[0].Wall != 0 || o[0].Stack != 7 {
		t.Fatalf("first = %v", o[0])
	}
	for _, c := range []struct {
		dice  [2]int
		walls []int
	}{{[2]int{0, 3}, []int{17, 17, 17, 17}}, {[2]int{6, 6}, []int{17, 17, 17, 5}}, {[2]int{1, 1}, []int{17}}} {
		if _, err := game.DrawOrder(game.BreakBySum, c.dice, 0, c.walls); err == nil {
			t.Errorf("dice %v walls %v: no error", c.dice, c.walls)
		}
	}
}

func TestFirstDealerSourceExample(t *testing.T) {
	// riichi.md §2.2: A rolls 1+6 = 7 → C (opposite) rolls 3+2 = 5 → C deals.
	if got := game.FirstDealerByTwoRolls([2]int{1, 6}, [2]int{3, 2}); got != 2 {
		t.Fatalf("first dealer %d, want 2", got)
	}
}

func TestRankByTilesWuhanSeatVectors(t *testing.T) {
	k := func(s string) tile.Kind { return tile.MustParse(s)[0].Kind }
	// SEAT-1: A 7m, B 7p, C N, D 7s → E = B, S = D, W = A, N = C.
	order, tied, err := game.RankByTiles([]tile.Kind{k("7m"), k("7p"), k("4z"), k("7s")})
	if err != nil || !slices.Equal(order, []int{1, 3, 0, 2}) || tied != nil {
		t.Fatalf("SEAT-1: %v %v %v", order, tied, err)
	}
	// SEAT-2: A 3s, B 3s, C 9m, D E → E = C, A and B tie for S and W, N = D.
	order, tied, err = game.RankByTiles([]tile.Kind{k("3s"), k("3s"), k("9m"), k("1z")})
	if err != nil || order[0] != 2 || order[3] != 3 || len(tied) != 1 || !slices.Equal(tied[0], []int{0, 1}) {
		t.Fatalf("SEAT-2: %v %v %v", order, tied, err)
	}
	if _, _, err := game.RankByTiles([]tile.Kind{tile.Spring}); err == nil {
		t.Fatalf("a flower was ranked")
	}
	if got := game.HighestRoll([]int{7, 11, 11, 3}); !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("highest roll %v", got)
	}
}

// The ends of the wall meet in one stack: once the tail has taken the
// upper tile of a stack, the head's last draw is that stack's lower tile,
// and the other way round (positions worked by hand on a 4-stack wall:
// 0 1 | 2 3 | 4 5 | 6 7, upper tiles even).
func TestNextIndexWhereTheEndsMeet(t *testing.T) {
	cases := []struct {
		name       string
		head, tail int
		src        game.Source
		want       int
	}{
		{"fresh head", 0, 0, game.Head, 0},
		{"fresh tail", 0, 0, game.Tail, 6},
		{"tail's second", 0, 1, game.Tail, 7},
		{"tail's third", 0, 2, game.Tail, 4},
		{"head past the tail's upper tile", 6, 1, game.Head, 7},
		{"head below the tail", 5, 1, game.Head, 5},
		{"tail past the head's upper tile", 3, 4, game.Tail, 3},
		{"tail meets an even head", 2, 4, game.Tail, 2},
	}
	for _, c := range cases {
		w := game.Wall{Tiles: make([]tile.Tile, 8), Head: c.head, Tail: c.tail}
		if got := w.NextIndex(c.src); got != c.want {
			t.Errorf("%s: head %d tail %d, next from %v = %d, want %d", c.name, c.head, c.tail, c.src, got, c.want)
		}
	}
}
