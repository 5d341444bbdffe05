package riichi

// The dead wall (王牌) is the last 14 tiles of the wall in draw order
// (riichi.md §4.3), kept at 14: every replacement tile drawn from its
// split end (a kong's, or with three players a north's) moves the last
// live tile into it, so the hand has 122 − 52 = 70 draws with four
// players and 94 − 39 = 55 with three, replacement draws included.
//
// Four players draw at most four replacement tiles (four kongs): the two
// stacks at the split end, and the dora indicator is the third stack's
// upper tile. Three players draw up to eight (four norths and four
// kongs): the four stacks at the split end, and the dora indicator is the
// fifth stack's upper tile, as the published three-player rules and
// parlours that set norths aside keep it (docs/records.md; no Tenhou
// three-player record was at hand to check it). The kan dora indicators
// follow, one stack further from the split each; the fourth kong's lies
// two stacks beyond the first 14 tiles, which by then are in the dead
// wall, since the replacement tiles drawn have moved as many live tiles
// into it.

// DeadWall is the number of tiles the dead wall keeps.
const DeadWall = 14

// Replacements returns how many replacement tiles the dead wall holds at
// its split end for a table of players: 4, or 8 with three players.
func Replacements(players int) int {
	if players == 3 {
		return 8
	}
	return 4
}

// DoraIndex returns the wall position, in draw order, of the n-th dora
// indicator (0 the first, then the kan dora) for a wall of wallSize tiles
// at a table of players; its ura indicator lies under it, one position
// further. The replacement tiles are the last Replacements(players)
// positions (game.Wall.TailIndex), so the first indicator is the upper
// tile of the stack after them.
func DoraIndex(wallSize, players, n int) int {
	return wallSize - Replacements(players) - 2 - 2*n
}
