package hand

import (
	"encoding/binary"
	"fmt"

	"jantaku/rules/tile"
)

// GroupKind is what a group of an arrangement is.
type GroupKind uint8

// The group kinds. A kong made from concealed tiles is never part of an
// arrangement (it is a meld); arrangements are of the tiles still in hand.
const (
	Sequence GroupKind = iota // three consecutive tiles of a suit; Tile is the lowest
	Triplet                   // three identical tiles
	Pair                      // two identical tiles
	Knitted                   // 组合龙 part: 147, 258 or 369 of one suit; Tile is the lowest
	Single                    // a lone tile of a special shape (orphans, knitted, 十三不搭)
)

func (g GroupKind) String() string {
	switch g {
	case Sequence:
		return "sequence"
	case Triplet:
		return "triplet"
	case Pair:
		return "pair"
	case Knitted:
		return "knitted"
	case Single:
		return "single"
	}
	return fmt.Sprintf("GroupKind(%d)", uint8(g))
}

// Group is one group of an arrangement.
type Group struct {
	Kind GroupKind
	Tile tile.Kind // the kind of a triplet, pair or single; the lowest tile of a sequence or knitted run
}

// Shape is the winning shape of an arrangement.
type Shape uint8

// The winning shapes. Which ones a ruleset accepts is set in Options.
//
// The groups of an arrangement of each shape, in ascending order:
// Standard the sets then the Pair; SevenPairs seven Pairs (a kind twice
// with Options.FourAsTwoPairs); ThirteenOrphans twelve Singles and a Pair;
// KnittedHonors, GreaterKnitted, ThirteenUnrelated and SevenStars fourteen
// Singles; KnittedStraight three Knitted groups, the sets, then the Pair.
const (
	Standard          Shape = iota // four sets and a pair (fewer sets with melds)
	SevenPairs                     // 七対子, spec/riichi.md §7.1, spec/sichuan.md §5.1
	ThirteenOrphans                // 国士無双 / 十三幺
	KnittedHonors                  // 全不靠 (MCR), spec/mcr.md §8.1
	GreaterKnitted                 // 七星不靠 (MCR); also a KnittedHonors
	KnittedStraight                // 组合龙 + sets + pair (MCR); 14 or 11 concealed tiles
	ThirteenUnrelated              // 十三不搭 (Shanghai 新式), spec/shanghai.md §7
	SevenStars                     // 七星聚会 (Shanghai 新式); also a ThirteenUnrelated
	numShapes
)

// Shapes is a set of shapes, as a bit mask: ShapesOf(Standard, SevenPairs).
type Shapes uint16

// Has reports whether s contains sh.
func (s Shapes) Has(sh Shape) bool { return s&(1<<sh) != 0 }

// ShapesOf returns the set of the given shapes.
func ShapesOf(sh ...Shape) Shapes {
	var s Shapes
	for _, x := range sh {
		s |= 1 << x
	}
	return s
}

// The shapes that the scans test together, as constants (ShapesOf is a
// loop at run time).
const (
	pairsOrOrphans = Shapes(1<<SevenPairs | 1<<ThirteenOrphans)
	// only14 are the special shapes made of 14 concealed tiles only.
	only14 = Shapes(1<<numShapes-1) &^ (1<<Standard | 1<<KnittedStraight)
	// distinctShapes are made of distinct tiles only.
	distinctShapes = Shapes(1<<KnittedHonors | 1<<GreaterKnitted | 1<<ThirteenUnrelated | 1<<SevenStars)
)

// Mask is a set of tile kinds, bit k for tile.Kind k (the 34 playing kinds).
type Mask uint64

// MaskOf returns the set of the given kinds.
func MaskOf(ks ...tile.Kind) Mask {
	var m Mask
	for _, k := range ks {
		m |= 1 << k
	}
	return m
}

// Has reports whether k is in m.
func (m Mask) Has(k tile.Kind) bool { return m&(1<<k) != 0 }

// Options says what counts as a winning hand. The zero value accepts only
// the standard shape, with no wildcards and no pair constraint.
type Options struct {
	// Shapes accepted besides Standard (which is always accepted).
	Shapes Shapes
	// FourAsTwoPairs lets seven pairs use four identical tiles as two pairs
	// (Sichuan, MCR, Shanghai 新式); riichi does not.
	FourAsTwoPairs bool
	// Wildcards is the number of wildcard tiles held (0–4, Wuhan 頼子). The
	// wildcards are not in the counts passed with these options.
	Wildcards int
	// WildNever lists kinds a wildcard may not stand for (Wuhan: 中 and 發).
	WildNever Mask
	// PairOnly, if not zero, lists the kinds the pair of a standard hand may
	// be (Wuhan's 2-5-8 pair, spec/wuhan.md §8.3 W4). A pair of wildcards
	// meets it by what the wildcards stand for; the face-value rule for a
	// pair of two wildcards is the ruleset's (see Stand.Group).
	PairOnly Mask
}

// Stand records what one wildcard stood for in an arrangement.
type Stand struct {
	For tile.Kind
	// Group is the index in Arrangement.Groups of the group the wildcard
	// sits in. Real tiles are placed in the pair before any other group,
	// so a pair holds a stand-in only when no reading avoids it (Wuhan's
	// pair of two wildcards, spec/wuhan.md §8.3 W4).
	Group int
}

// Arrangement is one way of reading the concealed tiles of a complete hand.
type Arrangement struct {
	Shape  Shape
	Groups []Group // sets and pair (Standard), 7 pairs, or the shape's parts
	Wild   []Stand // one entry per wildcard, ordered by Group then For
}

// WaitKind is the way a winning tile completed its group.
type WaitKind uint8

// The wait kinds.
const (
	Ryanmen WaitKind = iota // two-sided: 23 + 1 or 4
	Kanchan                 // closed: 13 + 2
	Penchan                 // edge: 12 + 3, 89 + 7
	Shanpon                 // one of two pairs became a triplet
	Tanki                   // single wait on the pair
	Special                 // completes a special shape (orphans, knitted, ...)
)

var waitNames = [...]string{"ryanmen", "kanchan", "penchan", "shanpon", "tanki", "special"}

func (w WaitKind) String() string {
	if int(w) < len(waitNames) {
		return waitNames[w]
	}
	return fmt.Sprintf("WaitKind(%d)", uint8(w))
}

// Reading places the winning tile in one group of an arrangement.
type Reading struct {
	Group int // index into Arrangement.Groups
	Wait  WaitKind
}

// The kinds by family, as masks.
const (
	SuitedKinds   Mask = 1<<27 - 1
	WindKinds     Mask = 0xf << 27
	DragonKinds   Mask = 0x7 << 31
	HonorKinds         = WindKinds | DragonKinds
	TerminalKinds Mask = 0x101<<0 | 0x101<<9 | 0x101<<18
	SimpleKinds        = SuitedKinds &^ TerminalKinds
)

// SuitRanks returns the ranks of suit s (0 characters, 1 circles, 2
// bamboo) in m: bit r−1 for rank r.
func (m Mask) SuitRanks(s int) uint16 { return uint16(m >> (9 * s) & 0x1ff) }

// Masks returns the kinds c holds, those it holds exactly four of, and
// those it holds more than four of: the facts of a whole hand that a
// scorer reads as masks instead of scanning the counts again. It reads
// the counts eight at a time.
func Masks(c *tile.Counts) (held, four, over Mask) {
	w := countWords(c)
	var anyOver uint64
	for i, x := range w {
		held |= gatherHigh(nonzero(x)) << (8 * i)
		four |= gatherHigh(^nonzero(x^4*byteOnes)&byteHigh) << (8 * i)
		anyOver |= byteOverFour(x)
	}
	if anyOver != 0 {
		over = overMask(c)
	}
	return held, four, over
}

// Total returns the number of tiles in c, as c.Total, reading the counts
// eight at a time when none is over four.
func Total(c *tile.Counts) int {
	if n, over := tally(c); over == 0 {
		return n
	}
	return c.Total()
}

// overMask is the kinds c holds more than four of, counted one by one:
// bad input, rare.
func overMask(c *tile.Counts) Mask {
	var m Mask
	for k, v := range c {
		if v > 4 {
			m |= 1 << k
		}
	}
	return m
}

// tally returns the number of tiles in c and the kinds it holds more than
// four of (then n is not counted), eight counts at a time.
func tally(c *tile.Counts) (n int, over Mask) {
	var anyOver uint64
	for _, x := range countWords(c) {
		anyOver |= byteOverFour(x)
		// Eight counts of at most four sum to at most 32: the top byte
		// of the product holds the sum.
		n += int(x * byteOnes >> 56)
	}
	if anyOver != 0 {
		return 0, overMask(c)
	}
	return n, 0
}

const (
	byteOnes = 0x0101010101010101
	byteHigh = 0x8080808080808080
	byteLow7 = 0x7f7f7f7f7f7f7f7f
)

// countWords packs the 34 counts of c into words, eight to a word, the
// last word's unused bytes zero.
func countWords(c *tile.Counts) (w [5]uint64) {
	for i := range 4 {
		w[i] = binary.LittleEndian.Uint64(c[8*i : 8*i+8])
	}
	w[4] = uint64(c[32]) | uint64(c[33])<<8
	return w
}

// nonzero sets bit 7 of each byte of x that is not zero.
func nonzero(x uint64) uint64 { return ((x & byteLow7) + byteLow7 | x) & byteHigh }

// byteOverFour sets bit 7 of each byte of x over four: a byte keeps bit 7
// once 5 is taken from it with bit 7 set, and one with bit 7 already set
// is over four anyway.
func byteOverFour(x uint64) uint64 { return ((x | byteHigh) - 5*byteOnes | x) & byteHigh }

// gatherHigh moves bit 7 of each byte of x (the others clear) to bits
// 0–7 of a mask.
func gatherHigh(x uint64) Mask { return Mask(((x >> 7) * 0x0102040810204080) >> 56) }
