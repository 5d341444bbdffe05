package mcr

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// ErrBadHand is wrapped when a hand given to Score is not a hand of 14
// tiles (kongs counted as three) holding its winning tile.
var ErrBadHand = errors.New("mcr: bad hand")

// Hand is a winning hand to value.
type Hand struct {
	Concealed tile.Counts // the concealed tiles, the winning tile included
	Melds     []tile.Meld // chows, pungs and kongs; a ClosedKan is concealed
	Flowers   int         // flowers exposed
}

// ParseHand reads a hand in tile notation (tile.ParseHand), the winning
// tile among the concealed ones: "45s22z6s(chi 234m<3)(pon 888s<1)1f2f".
func ParseHand(s string) (Hand, error) {
	th, err := tile.ParseHand(s)
	if err != nil {
		return Hand{}, err
	}
	return handOf(&th), nil
}

// handOf is the Hand of tiles read by tile.ParseHand, which keeps the
// flowers apart: the concealed tiles counted in place rather than through
// CountsOf, with no copy of the counts to make.
func handOf(th *tile.Hand) Hand {
	h := Hand{Melds: th.Melds, Flowers: len(th.Flowers)}
	for _, t := range th.Concealed {
		h.Concealed[t.Kind]++
	}
	return h
}

// HandParser reads hands as ParseHand does, in storage of its own (a
// tile.HandParser): the Hand it returns shares that storage and is valid
// until the parser's next Parse. Reusing a HandParser, reading a hand
// allocates nothing (an error does); with a reused Scorer, so does
// scoring it. The zero value is ready to use; a HandParser is not safe
// for concurrent use.
type HandParser struct {
	tp tile.HandParser
}

// Parse reads s as ParseHand does.
func (p *HandParser) Parse(s string) (Hand, error) {
	var th tile.Hand
	if err := p.tp.ParseInto(&th, s); err != nil {
		return Hand{}, err
	}
	return handOf(&th), nil
}

// Conditions is how the hand was won: what the table knows. The referee
// works these out from the hand's state (Ruleset.Win); Score trusts them
// except where the tiles decide (spec/mcr.md §4.2: a held copy rules out
// 和绝张, an exposed pung of the tile makes it).
type Conditions struct {
	Win         tile.Kind // the winning tile
	SelfDrawn   bool      // 自摸
	LastCopy    bool      // 和绝张: the other three copies are in view
	LastTile    bool      // the wall is empty: 妙手回春 self-drawn, 海底捞月 on a discard
	Replacement bool      // self-drawn on a kong's replacement: 杠上开花
	Robbing     bool      // won on a tile added to a kong: 抢杠和
	Prevalent   tile.Kind // prevailing wind
	Seat        tile.Kind // the winner's seat wind
}

// Scored is one fan of a result.
type Scored struct {
	Fan    Fan
	Count  int // how many times it is scored (幺九刻 ×2, 花牌 ×3)
	Points int // points each
}

// String returns e.g. "清龙 Pure Straight 16" or "幺九刻 Pung of Terminals or Honors 1×2".
func (s Scored) String() string {
	v := strconv.Itoa(s.Points)
	if s.Count != 1 {
		v += "×" + strconv.Itoa(s.Count)
	}
	return s.Fan.String() + " " + v
}

// Result is a valued hand.
type Result struct {
	Fans    []Scored   // by fan number (highest value first), 花牌 last
	Points  int        // fan points without flowers: what the minimum is checked on
	Flowers int        // 花牌 points
	Total   int        // Points + Flowers: the s of the settlement (spec/mcr.md §6, §8.3)
	Shape   hand.Shape // the shape of the reading scored
	Winning bool       // Points reach the minimum of the options
}

// Has reports how many times f is scored in r.
func (r Result) Has(f Fan) int {
	for _, s := range r.Fans {
		if s.Fan == f {
			return s.Count
		}
	}
	return 0
}

// Items lists the fans for game.Value.
func (r Result) Items() []game.Item {
	out := make([]game.Item, 0, len(r.Fans))
	for _, s := range r.Fans {
		v := strconv.Itoa(s.Points)
		if s.Count != 1 {
			v += "×" + strconv.Itoa(s.Count)
		}
		out = append(out, game.Item{Name: s.Fan.Chinese(), En: s.Fan.English(), Value: v})
	}
	return out
}

// Score values a winning hand under o: every reading of the concealed
// tiles is scored under the combination principles and the highest total
// is kept (spec/mcr.md §5.1, §8.2). A hand with no winning shape gives an
// error wrapping game.ErrNotWinning; a hand below the minimum is a
// Result with Winning false.
//
// Score allocates the Result's fan list; a Scorer reuses its own.
func Score(h Hand, c Conditions, o Options) (Result, error) {
	// Go zeroes a call's storage on entry: a one-off call keeps room for
	// four readings, the most a corpus hand has (more go on the heap),
	// rather than a Scorer's eight.
	var wk work
	var dbuf [4]hand.Decomposition
	var r Result
	err := score(&r, &h, &c, &o, nil, &wk, dbuf[:0])
	return r, err
}

// Scorer scores hands in storage of its own: the Result it returns shares
// that storage and is valid until the Scorer's next call. Reusing a
// Scorer, scoring a hand allocates nothing (an error does). The zero value
// is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	fans [24]Scored
	wk   work
	dbuf [8]hand.Decomposition
}

// work is what one scoring works in and the Result does not keep: a
// Scorer keeps it from hand to hand rather than clear it each time.
type work struct {
	s      scorer
	tables [2]table // the reading being scored and the best so far
}

// Score is the package's Score in z's storage.
func (z *Scorer) Score(h Hand, c Conditions, o Options) (Result, error) {
	var r Result
	err := score(&r, &h, &c, &o, z.fans[:0], &z.wk, z.dbuf[:0])
	return r, err
}

// score is Score into *r, zero, with the fan list in fans, or in a new
// slice when fans has too little room, working in wk and reading into
// dbuf. (The Result is filled in place: returned, it would be copied on
// the way, at each call.)
func score(r *Result, h *Hand, c *Conditions, o *Options, fans []Scored, wk *work, dbuf []hand.Decomposition) error {
	if err := o.validate(); err != nil {
		return err
	}
	s := &wk.s
	if err := s.init(h, c, o); err != nil {
		return err
	}
	ds, err := s.hc.Decompose(dbuf, s.ho)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadHand, err)
	}
	t, best := &wk.tables[0], &wk.tables[1]
	bestTotal, bestShape, found := -1, hand.Standard, false
	for i := range ds {
		d := &ds[i]
		total, ok := s.arrangement(d, t)
		if !ok {
			continue
		}
		better := total > bestTotal
		if total == bestTotal && d.Shape == hand.Standard && bestShape == hand.Standard {
			// Ties go to the reading with 一色三同顺 or 三同刻, as the
			// reference implementation chooses.
			better = (t.has.Has(PureTripleChow) && !best.has.Has(PureTripleChow)) || (t.has.Has(TriplePung) && !best.has.Has(TriplePung))
		}
		if better {
			best, t = t, best
			bestTotal, bestShape, found = total, d.Shape, true
		}
	}
	if !found {
		return fmt.Errorf("mcr: %s with %s: %w", h.Concealed, c.Win, game.ErrNotWinning)
	}
	// The list's length is known: it is filled by index, in storage
	// made to its size when fans has too little room (or is nil).
	flowers := o.Flowers && h.Flowers > 0
	nf := bits.OnesCount64(best.has[0]) + bits.OnesCount64(best.has[1]) + b2i(flowers)
	if cap(fans) < nf {
		fans = make([]Scored, nf)
	}
	fans = fans[:nf:nf]
	r.Shape, r.Fans, r.Points = bestShape, fans, bestTotal
	values, i := s.values, 0
	for w, m := range best.has {
		for ; m != 0; m &= m - 1 {
			f := w*64 + bits.TrailingZeros64(m)
			fans[i] = Scored{Fan: Fan(f), Count: int(best.n[f]), Points: values[f]}
			i++
		}
	}
	if flowers {
		fans[i] = Scored{Fan: FlowerTiles, Count: h.Flowers, Points: 1}
		r.Flowers = h.Flowers
	}
	r.Total = r.Points + r.Flowers
	r.Winning = r.Points >= o.Minimum
	return nil
}
