package tablecoretest

import (
	"fmt"

	"jantaku/rules/tile"
)

// Wall builds a wall in draw order for a dealt hand: hands[i] (mpsz) goes
// to the seat i places after the dealer (the dealer's hand has 14 tiles,
// the others 13), then the tiles of draws, in order; the rest of the set
// fills the wall in tile ID order, so the tail is predictable too. tail,
// if given, fixes the tiles drawn from the tail end (k-th replacement).
func Wall(set tile.Set, hands []string, draws, tail string) ([]tile.Tile, error) {
	n := len(hands)
	size := set.Size()
	wall := make([]tile.Tile, size)
	filled := make([]bool, size)
	used := map[int]bool{}
	pick := func(t tile.Tile) (tile.Tile, error) {
		// The notation numbers copies from 0; take the first free copy of
		// the same face instead, so hands and draws never collide.
		for c := uint8(0); c < set.Copies[t.Kind]; c++ {
			u := tile.Tile{Kind: t.Kind, Copy: c}
			u.Red = set.Contains(tile.Tile{Kind: t.Kind, Copy: c, Red: true})
			if u.Red != t.Red || used[u.ID()] {
				continue
			}
			used[u.ID()] = true
			return u, nil
		}
		return tile.Tile{}, fmt.Errorf("no copy of %s left in the set", t)
	}
	// Deal positions: three rounds of four, one each, the dealer's 14th.
	var pos [][]int = make([][]int, n)
	i := 0
	for r := 0; r < 3; r++ {
		for s := 0; s < n; s++ {
			for k := 0; k < 4; k++ {
				pos[s] = append(pos[s], i)
				i++
			}
		}
	}
	for s := 0; s < n; s++ {
		pos[s] = append(pos[s], i)
		i++
	}
	pos[0] = append(pos[0], i)
	i++
	for s, hs := range hands {
		ts, err := tile.Parse(hs)
		if err != nil {
			return nil, err
		}
		if len(ts) != len(pos[s]) {
			return nil, fmt.Errorf("hand %d has %d tiles, the deal gives %d", s, len(ts), len(pos[s]))
		}
		for j, t := range ts {
			u, err := pick(t)
			if err != nil {
				return nil, err
			}
			wall[pos[s][j]], filled[pos[s][j]] = u, true
		}
	}
	ds, err := tile.Parse(draws)
	if err != nil {
		return nil, err
	}
	for _, t := range ds {
		u, err := pick(t)
		if err != nil {
			return nil, err
		}
		wall[i], filled[i] = u, true
		i++
	}
	if tail != "" {
		ts, err := tile.Parse(tail)
		if err != nil {
			return nil, err
		}
		for k, t := range ts {
			stack := size/2 - 1 - k/2
			p := 2*stack + k%2
			u, err := pick(t)
			if err != nil {
				return nil, err
			}
			wall[p], filled[p] = u, true
		}
	}
	rest := set.Tiles()
	j := 0
	for p := range wall {
		if filled[p] {
			continue
		}
		for used[rest[j].ID()] {
			j++
		}
		wall[p] = rest[j]
		used[rest[j].ID()] = true
	}
	return wall, nil
}
