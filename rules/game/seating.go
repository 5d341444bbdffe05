package game

import (
	"fmt"

	"jantaku/rules/tile"
)

// DiceSeat returns the seat reached by counting sum counter-clockwise from
// from, from itself as 1, at a table of n (riichi.md §2.2, wuhan.md §2.1).
func DiceSeat(from Seat, sum, n int) Seat {
	return Seat((int(from) + sum - 1) % n)
}

// FirstDealerByTwoRolls is riichi's 起家 procedure (riichi.md §2.2): the
// temporary East (seat 0) rolls first, the seat counted to rolls second,
// and the seat counted from that roller deals first.
func FirstDealerByTwoRolls(first, second [2]int) Seat {
	r := DiceSeat(0, first[0]+first[1], 4)
	return DiceSeat(r, second[0]+second[1], 4)
}

// seatRank orders tiles for the automatic-table seating of wuhan.md §2.2:
// numbers by rank, 9 highest, circles over bamboo over characters; all
// honours below, E S W N then red, green, white. Higher is better.
func seatRank(k tile.Kind) int {
	if k.IsSuited() {
		suit := map[tile.Suit]int{tile.Pin: 2, tile.Sou: 1, tile.Man: 0}[k.Suit()]
		return 100 + 3*k.Rank() + suit
	}
	order := map[tile.Kind]int{tile.East: 7, tile.South: 6, tile.West: 5, tile.North: 4, tile.Red: 3, tile.Green: 2, tile.White: 1}
	return order[k]
}

// RankByTiles orders players by the tile each drew from their own wall
// (wuhan.md §2.2): order[0] is the player who becomes East, and so on.
// Players whose tiles are identical are returned in tied, each group in
// its place in order; they draw again to settle their order among
// themselves (RankByTiles on their new tiles).
func RankByTiles(drawn []tile.Kind) (order []int, tied [][]int, err error) {
	for i, k := range drawn {
		if !k.Valid() || k.IsFlower() {
			return nil, nil, fmt.Errorf("game: player %d drew %s, which is not a playing tile", i, k)
		}
	}
	order = make([]int, len(drawn))
	for i := range order {
		order[i] = i
	}
	// Insertion sort: stable, so tied players keep their given order.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && seatRank(drawn[order[j]]) > seatRank(drawn[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && drawn[order[j]] == drawn[order[i]] {
			j++
		}
		if j-i > 1 {
			tied = append(tied, append([]int(nil), order[i:j]...))
		}
		i = j
	}
	return order, tied, nil
}

// HighestRoll returns the players with the highest of the totals rolled
// (sichuan.md §2.3: the highest deals first; tied players roll again).
func HighestRoll(totals []int) []int {
	best := -1
	var who []int
	for i, t := range totals {
		switch {
		case t > best:
			best, who = t, []int{i}
		case t == best:
			who = append(who, i)
		}
	}
	return who
}
