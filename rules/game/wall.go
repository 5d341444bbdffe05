package game

import "fmt"

// Break is how the dice choose where the wall is broken.
type Break uint8

// The break rules.
const (
	// BreakBySum: the sum of the dice picks the wall (counting from the
	// dealer as 1) and also the number of stacks counted from that wall's
	// right end (riichi.md §4.2).
	BreakBySum Break = iota
	// BreakBySmallerDie: the sum picks the wall, the smaller die the
	// number of stacks (wuhan.md §4.2, sichuan.md §2.4).
	BreakBySmallerDie
)

// Position is a place in the walls: the seat in front of whose wall it is,
// the stack counted from that wall's right end as its owner sees it (from
// 1), and the level (0 the upper tile, 1 the lower).
type Position struct {
	Wall  Seat
	Stack int
	Level int
}

// DrawOrder returns every wall position in the order tiles are taken: the
// order of Wall.Tiles. walls[s] is the number of stacks in seat s's wall
// (0 for a seat with no wall). Tiles are taken from the stack after the
// break, leftwards along the wall (clockwise round the table), each stack
// upper tile first, on to the right end of the next wall clockwise, and
// last the stacks right of the break.
func DrawOrder(b Break, dice [2]int, dealer Seat, walls []int) ([]Position, error) {
	n := len(walls)
	if n < 2 {
		return nil, fmt.Errorf("game: %d walls", n)
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			return nil, fmt.Errorf("game: a die shows %d", d)
		}
	}
	if dealer < 0 || int(dealer) >= n {
		return nil, fmt.Errorf("game: dealer %d at a table of %d", dealer, n)
	}
	sum := dice[0] + dice[1]
	owner := Seat((int(dealer) + sum - 1) % n)
	split := sum
	if b == BreakBySmallerDie {
		split = min(dice[0], dice[1])
	}
	if walls[owner] < split {
		return nil, fmt.Errorf("game: the wall of seat %d has %d stacks, the break needs %d", owner, walls[owner], split)
	}
	total := 0
	for _, k := range walls {
		total += k
	}
	out := make([]Position, 0, 2*total)
	add := func(w Seat, from, to int) {
		for s := from; s <= to; s++ {
			out = append(out, Position{w, s, 0}, Position{w, s, 1})
		}
	}
	add(owner, split+1, walls[owner])
	for i := 1; i < n; i++ {
		w := Seat(((int(owner)-i)%n + n) % n)
		add(w, 1, walls[w])
	}
	add(owner, 1, split)
	return out, nil
}

// WallOrderer is an optional Ruleset ability: the draw order of walls built
// with the given stacks per seat, for rulesets whose break no Break value
// describes.
type WallOrderer interface {
	WallOrder(dice [2]int, dealer Seat, walls []int) ([]Position, error)
}

// WallOrder returns the draw order of walls with the given stacks per seat
// (as a machine built them) under rs: its own WallOrder if it has one,
// else DrawOrder with its Rules' Break.
func WallOrder(rs Ruleset, dice [2]int, dealer Seat, walls []int) ([]Position, error) {
	if w, ok := rs.(WallOrderer); ok {
		return w.WallOrder(dice, dealer, walls)
	}
	return DrawOrder(rs.Rules().Break, dice, dealer, walls)
}
