package tile

import "strings"

// Notation (mpsz), as parsed by Parse and written by Format:
//
//	123m456p789s1234567z   digits followed by their suit letter
//	0m 0p 0s               a red five
//	1z–7z                  East, South, West, North, white, green, red dragon
//	1f–8f                  flowers: 1–4 the seasons 春夏秋冬, 5–8 the plants
//	                       梅蘭菊竹; flower n and n+4 belong to seat n (East = 1)
//
// Spaces may separate groups but not split one ("12 3m" is an error).
// Copies are numbered in order of appearance; a red five is always copy 0,
// as in game records.

// Parse reads tiles in mpsz notation. Errors are *ParseError naming the
// offending character and its position, and match ErrSyntax or ErrTooMany.
func Parse(s string) ([]Tile, error) {
	p := newParser(make([]Tile, min(len(s), maxTiles)))
	p.base, p.mode = -1, listRun
	if _, err := p.run(s, len(s)); err != nil {
		return nil, err
	}
	return p.buf[:p.n], nil
}

// MustParse is Parse for literals in tests and examples; it panics on error.
func MustParse(s string) []Tile {
	ts, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return ts
}

// Format writes tiles in mpsz notation, keeping their order and writing the
// suit letter once per run of tiles of one suit: Format(Parse(s)) equals s
// written canonically, and Parse(Format(ts)) has the kinds and red fives of ts.
func Format(ts []Tile) string {
	var b strings.Builder
	b.Grow(len(ts) + 8)
	for i, t := range ts {
		if t.Red {
			b.WriteByte('0')
		} else {
			b.WriteByte(kindNames[t.Kind%NumAll][0])
		}
		letter := t.Kind.Suit().Letter()
		if i == len(ts)-1 || ts[i+1].Kind.Suit().Letter() != letter {
			b.WriteByte(letter)
		}
	}
	return b.String()
}

// FormatKinds writes kinds in mpsz notation (no red fives).
func FormatKinds(ks []Kind) string {
	ts := make([]Tile, len(ks))
	for i, k := range ks {
		ts[i] = Tile{Kind: k}
	}
	return Format(ts)
}
