package deal

import (
	"errors"
	"fmt"

	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// ErrWalls is wrapped by every error about walls that cannot be dealt.
var ErrWalls = errors.New("deal: walls cannot be dealt")

// FromWalls returns the deal of walls w with the dice under ruleset rs and
// the given dealer. Sides with no stacks are seats without a wall (a
// three-player table); the others are the seats in order.
func FromWalls(w cycle.Walls, dice [2]int, reg registry.Registry, rs game.Ruleset, dealer game.Seat) (tablecore.Deal, error) {
	r := rs.Rules()
	var sides [][]rfid.UID
	for _, s := range w.Sides {
		if len(s) > 0 {
			sides = append(sides, s)
		}
	}
	if len(sides) != r.Players {
		return tablecore.Deal{}, fmt.Errorf("%w: %d walls built for %d players of %s", ErrWalls, len(sides), r.Players, r.Name)
	}
	stacks := make([]int, len(sides))
	total := 0
	for i, s := range sides {
		if len(s)%2 != 0 {
			return tablecore.Deal{}, fmt.Errorf("%w: wall %d has %d tiles, not whole stacks", ErrWalls, i, len(s))
		}
		stacks[i] = len(s) / 2
		total += len(s)
	}
	if total != r.Set.Size() {
		return tablecore.Deal{}, fmt.Errorf("%w: the walls hold %d tiles, %s plays with %d (%s)", ErrWalls, total, r.Name, r.Set.Size(), r.Set.Name)
	}
	order, err := game.WallOrder(rs, dice, dealer, stacks)
	if err != nil {
		return tablecore.Deal{}, fmt.Errorf("%w: %w", ErrWalls, err)
	}
	d := tablecore.Deal{Dice: dice, Wall: make([]tile.Tile, 0, total)}
	for _, p := range order {
		s := int(p.Wall)
		// Stack k (from 1) of the referee is the k-th stack laid; its upper
		// tile (level 0) was laid second.
		i := 2*(p.Stack-1) + 1 - p.Level
		if s < 0 || s >= len(sides) || i < 0 || i >= len(sides[s]) {
			return tablecore.Deal{}, fmt.Errorf("%w: position %+v is outside the walls %v", ErrWalls, p, stacks)
		}
		uid := sides[s][i]
		e, ok := reg.Lookup(uid)
		if !ok {
			return tablecore.Deal{}, fmt.Errorf("%w: tag %s (wall %d, stack %d, %s) is not registered", ErrWalls, uid, s, p.Stack, level(p.Level))
		}
		if w.Set != 0 && e.Set != w.Set {
			return tablecore.Deal{}, fmt.Errorf("%w: tag %s (wall %d, stack %d, %s) is %s, not of set %c", ErrWalls, uid, s, p.Stack, level(p.Level), e, w.Set)
		}
		if !r.Set.Contains(e.Tile) {
			return tablecore.Deal{}, fmt.Errorf("%w: tag %s (wall %d, stack %d, %s) is %s, which %s does not play with (%s)", ErrWalls, uid, s, p.Stack, level(p.Level), e, r.Name, r.Set.Name)
		}
		d.Wall = append(d.Wall, e.Tile)
	}
	return d, nil
}

func level(l int) string {
	if l == 0 {
		return "upper"
	}
	return "lower"
}
