package tile

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MeldType is how a set on the table was made.
type MeldType uint8

// The meld types. A Kan is a kong made by claiming a discard (大明槓); an
// AddedKan adds a drawn tile to a claimed Pon (加槓); a ClosedKan is made
// from the player's own tiles (暗槓) and keeps the hand concealed.
const (
	Chi MeldType = iota
	Pon
	Kan
	AddedKan
	ClosedKan
)

var meldNames = [...]string{"chi", "pon", "kan", "kakan", "ankan"}

func (m MeldType) String() string {
	if int(m) < len(meldNames) {
		return meldNames[m]
	}
	return fmt.Sprintf("MeldType(%d)", uint8(m))
}

// Meld is a called or declared set. Tiles[0] is the tile claimed from
// another player (for Chi, Pon, Kan and AddedKan; for AddedKan, Tiles[3] is
// the tile added later). From says whose tile it was, counted in turn order
// from the meld's owner: 1 the next player (下家), 2 the player opposite
// (対面), 3 the previous player (上家). A ClosedKan has From 0.
type Meld struct {
	Type  MeldType
	Tiles []Tile
	From  int
}

// Open reports whether the meld opens the hand (every type but ClosedKan).
func (m Meld) Open() bool { return m.Type != ClosedKan }

// IsKong reports whether the meld is a kong of any kind.
func (m Meld) IsKong() bool { return m.Type >= Kan }

// Base returns the lowest kind in the meld: the kind of a pon or kong, the
// start of a chi.
func (m Meld) Base() Kind {
	b := Kind(NumAll)
	for _, t := range m.Tiles {
		if t.Kind < b {
			b = t.Kind
		}
	}
	return b
}

// Check reports whether the meld's tiles make the set its type says.
// Scorers check every meld of every hand, so a good meld takes only the
// short test in valid; checkError, the reference, words the fault.
func (m Meld) Check() error {
	if m.valid() {
		return nil
	}
	return m.checkError()
}

// Valid reports whether Check would return nil, with no error to build
// and no copy of the meld: for scorers, which check every meld of every
// hand and word the fault, rarely, by Check.
func (m *Meld) Valid() bool { return m.valid() }

// valid reports whether checkError would return nil, with no error to
// build. TestMeldValidAsCheckError holds the two to the same answer.
func (m *Meld) valid() bool {
	switch m.Type {
	case Chi:
		if len(m.Tiles) != 3 || m.From < 1 || m.From > 3 {
			return false
		}
		a, b, c := m.Tiles[0].Kind, m.Tiles[1].Kind, m.Tiles[2].Kind
		lo := min(a, b, c)
		if !lo.IsSuited() || lo%9 > 6 {
			return false
		}
		// Each tile's step above the lowest, as a bit: 0, 1 and 2 once
		// each. A step of 3 or more sets a higher bit, or none (a shift
		// past 31 gives 0), so the three bits are set only by a run.
		steps := uint32(1)<<(a-lo) | uint32(1)<<(b-lo) | uint32(1)<<(c-lo)
		return steps == 0b111
	case Pon:
		if len(m.Tiles) != 3 || m.From < 1 || m.From > 3 {
			return false
		}
	case Kan, AddedKan:
		if len(m.Tiles) != 4 || m.From < 1 || m.From > 3 {
			return false
		}
	case ClosedKan:
		if len(m.Tiles) != 4 || m.From != 0 {
			return false
		}
	default:
		return false
	}
	// Three or four tiles, as the length tests above made sure.
	ts := m.Tiles
	k := ts[0].Kind
	if k.IsFlower() || !k.Valid() || ts[1].Kind != k || ts[2].Kind != k {
		return false
	}
	return len(ts) == 3 || ts[3].Kind == k
}

// checkError is Check worded: the first fault the meld has, or nil.
func (m Meld) checkError() error {
	want := 0
	switch m.Type {
	case Chi, Pon:
		want = 3
	case Kan, AddedKan, ClosedKan:
		want = 4
	}
	if want == 0 {
		return fmt.Errorf("tile: unknown meld type %d: %w", m.Type, ErrSyntax)
	}
	if len(m.Tiles) != want {
		return fmt.Errorf("tile: %s needs %d tiles, has %d (%s): %w", m.Type, want, len(m.Tiles), Format(m.Tiles), ErrSyntax)
	}
	if m.Type == ClosedKan {
		if m.From != 0 {
			return fmt.Errorf("tile: ankan %s is made from the player's own tiles and has no source seat: %w", Format(m.Tiles), ErrSyntax)
		}
	} else if m.From < 1 || m.From > 3 {
		return fmt.Errorf("tile: %s %s needs the seat the tile came from (1–3), got %d: %w", m.Type, Format(m.Tiles), m.From, ErrSyntax)
	}
	if m.Type == Chi {
		var ks [3]Kind
		for i, t := range m.Tiles {
			ks[i] = t.Kind
		}
		lo := min(ks[0], ks[1], ks[2])
		if !lo.IsSuited() || lo.Rank() > 7 || CountKinds(ks[:]) != CountKinds([]Kind{lo, lo + 1, lo + 2}) {
			return fmt.Errorf("tile: chi %s is not three consecutive tiles of one suit: %w", Format(m.Tiles), ErrSyntax)
		}
		return nil
	}
	// A kind past the flowers is no tile: the callers count tiles by kind.
	for _, t := range m.Tiles {
		if !t.Kind.Valid() {
			return fmt.Errorf("tile: %s %s holds a tile of no kind (%d): %w", m.Type, Format(m.Tiles), t.Kind, ErrSyntax)
		}
	}
	for _, t := range m.Tiles {
		if t.Kind != m.Tiles[0].Kind || t.Kind.IsFlower() {
			return fmt.Errorf("tile: %s %s is not %d identical tiles: %w", m.Type, Format(m.Tiles), want, ErrSyntax)
		}
	}
	return nil
}

// String writes the meld in hand notation: "(chi 324p<3)", "[ankan 5555z]".
func (m Meld) String() string {
	if m.Type == ClosedKan {
		return "[ankan " + Format(m.Tiles) + "]"
	}
	return fmt.Sprintf("(%s %s<%d)", m.Type, Format(m.Tiles), m.From)
}

// Hand is a player's tiles as written in hand notation: the concealed
// tiles, the melds and the exposed flowers.
type Hand struct {
	Concealed []Tile
	Melds     []Meld
	Flowers   []Tile
}

// ParseHand reads hand notation: mpsz runs for the concealed tiles (flowers
// written there, 1f–8f, are collected into Flowers) and melds in brackets:
//
//	(chi 324p<3)     chi of 3p (the first tile is the claimed one) from seat +3
//	(pon 555z<1)     pon of the white dragon from the next player
//	(kan 1111s<2)    kong on a discard from the player opposite
//	(kakan 9999p<3)  pon from seat +3, then the fourth tile added
//	[ankan 3333m]    concealed kong
//
// No tile may appear more often than a set holds. Errors are *ParseError.
// The hand's tiles share one new array and its melds another; a
// HandParser reads hand after hand with no allocation.
func ParseHand(s string) (Hand, error) {
	// Read into scratch on the stack, then copy out what was read.
	var scratch [maxTiles]Tile
	p := newParser(scratch[:min(len(s), maxTiles)])
	if err := p.hand(s); err != nil {
		return Hand{}, err
	}
	var melds []Meld
	if p.nm > 0 {
		melds = make([]Meld, 0, p.nm)
	}
	return p.handIn(make([]Tile, p.tiles()), melds), nil
}

// HandParser reads hand notation as ParseHand does, in storage of its
// own: the Hand it returns shares that storage and is valid until the
// parser's next Parse. Reusing a HandParser, reading a hand allocates
// nothing (an error does). The zero value is ready to use; a HandParser
// is not safe for concurrent use.
type HandParser struct {
	tiles [maxTiles]Tile
	p     parser
	melds []Meld
}

// Parse reads s as ParseHand does.
func (hp *HandParser) Parse(s string) (Hand, error) {
	var h Hand
	err := hp.ParseInto(&h, s)
	return h, err
}

// ParseInto reads s as Parse does into *h, which it sets whole (the zero
// Hand on an error). It spares a caller that keeps a Hand of its own, or
// reads the Hand and drops it, the copies of a Hand returned.
func (hp *HandParser) ParseInto(h *Hand, s string) error {
	p := &hp.p
	p.reset(hp.tiles[:min(len(s), maxTiles)])
	if err := p.hand(s); err != nil {
		*h = Hand{}
		return err
	}
	if hp.melds == nil {
		hp.melds = make([]Meld, 0, 4)
	}
	p.handInPlace(h, hp.melds[:0])
	if cap(h.Melds) > cap(hp.melds) {
		hp.melds = h.Melds[:0]
	}
	return nil
}

// String writes the hand in hand notation; ParseHand reads it back.
func (h Hand) String() string {
	parts := make([]string, 0, 2+len(h.Melds))
	if len(h.Concealed) > 0 {
		parts = append(parts, Format(h.Concealed))
	}
	for _, m := range h.Melds {
		parts = append(parts, m.String())
	}
	if len(h.Flowers) > 0 {
		parts = append(parts, Format(h.Flowers))
	}
	return strings.Join(parts, " ")
}

// Counts counts the hand's playing tiles: concealed and melded.
func (h Hand) Counts() Counts {
	c := CountsOf(h.Concealed)
	for _, m := range h.Melds {
		for _, t := range m.Tiles {
			c[t.Kind]++
		}
	}
	return c
}

// twoFields splits s into two fields separated by white space, as
// strings.Fields does, without allocating; ok is false for any other
// number of fields.
func twoFields(s string) (a, b string, ok bool) {
	var fs [2]string
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		if n == len(fs) {
			return "", "", false
		}
		fs[n] = s[i:j]
		n++
		i = j
	}
	return fs[0], fs[1], n == 2
}
