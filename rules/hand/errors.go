package hand

import (
	"errors"
	"fmt"
	"math/bits"

	"jantaku/rules/tile"
)

// Errors matched with errors.Is. The returned errors wrap them with what
// was wrong.
var (
	// ErrTileCount: the concealed part has a number of tiles no hand can
	// have (14−3k for a complete hand, 13−3k for a waiting one, k melds).
	ErrTileCount = errors.New("wrong number of tiles")
	// ErrTooManyCopies: more than four tiles of one kind.
	ErrTooManyCopies = errors.New("more than four copies of a tile")
	// ErrWildcards: a wildcard count outside 0–4.
	ErrWildcards = errors.New("wildcard count out of range")
)

// Tile totals the analysis accepts. A hand with k melds holds 14−3k tiles
// after its draw and 13−3k before it.
const (
	totalComplete = 2 // total % 3 of a complete concealed part
	totalWaiting  = 1 // total % 3 of a waiting one
	totalEither   = -1
)

// check validates counts and wildcards and returns the number of concealed
// tiles, wildcards included. want is totalComplete, totalWaiting or
// totalEither.
func check(c *tile.Counts, o *Options, want int) (int, error) {
	n, over := tally(c)
	return checkTally(c, n, over, o, want)
}

// checkTally is check on counts c already tallied: n tiles, over the
// kinds held more than four times.
func checkTally(c *tile.Counts, n int, over Mask, o *Options, want int) (int, error) {
	if o.Wildcards < 0 || o.Wildcards > 4 {
		return 0, fmt.Errorf("hand: %d wildcards, want 0–4: %w", o.Wildcards, ErrWildcards)
	}
	if over != 0 {
		k := tile.Kind(bits.TrailingZeros64(uint64(over)))
		return 0, fmt.Errorf("hand: %d copies of %v: %w", c[k], k, ErrTooManyCopies)
	}
	n += o.Wildcards
	ok := n >= 1 && n <= 14
	switch want {
	case totalComplete:
		ok = ok && n%3 == 2
	case totalWaiting:
		ok = ok && n%3 == 1
	default:
		ok = ok && n%3 != 0
	}
	if !ok {
		w := map[int]string{
			totalComplete: "14, 11, 8, 5 or 2",
			totalWaiting:  "13, 10, 7, 4 or 1",
			totalEither:   "13 or 14 less 3 per meld",
		}[want]
		return 0, fmt.Errorf("hand: %d tiles (%d wildcards), want %s: %w", n, o.Wildcards, w, ErrTileCount)
	}
	return n, nil
}

// total is check without the error: the number of tiles with the
// wildcards, ok false for a count over four, wildcards outside 0–4 or
// more than 14 tiles.
func total(c *tile.Counts, o *Options) (n int, ok bool) {
	if o.Wildcards < 0 || o.Wildcards > 4 {
		return 0, false
	}
	n, over := tally(c)
	n += o.Wildcards
	return n, over == 0 && n <= 14
}

// errNilCounts is Decompose's answer to nil counts.
var errNilCounts = fmt.Errorf("hand: no counts: %w", ErrTileCount)
