package riichi

import "errors"

// Errors matched with errors.Is; the returned errors wrap them with what
// was wrong.
var (
	// ErrBadHand: the tiles do not describe a hand (tile count, more than
	// four copies, a winning tile that is not in the concealed part, a bad
	// meld).
	ErrBadHand = errors.New("not a valid hand")
	// ErrNotWinning: the tiles are not a winning shape (spec/riichi.md §7.1).
	ErrNotWinning = errors.New("not a winning hand")
	// ErrNoYaku: a winning shape with no yaku; dora do not count
	// (spec/riichi.md §7.1, §5).
	ErrNoYaku = errors.New("no yaku")
	// ErrConditions: the situation is impossible or not played under the
	// options (haitei on a ron, ippatsu without riichi, tenhou for a
	// non-dealer, ippatsu when the options have none).
	ErrConditions = errors.New("impossible win conditions")
	// ErrOptions: an option has a value the rules do not know.
	ErrOptions = errors.New("bad riichi options")
)
