package tile

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

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

// copyTracker hands out copy numbers while parsing so that every tile of a
// parse is a distinct physical tile.
type copyTracker struct {
	used [NumAll]uint8 // bit i set: copy i is taken
}

func (c *copyTracker) take(k Kind, red bool) (Tile, bool) {
	u := &c.used[k]
	limit := uint8(4)
	if k.IsFlower() {
		limit = 1
	}
	if red {
		if *u&1 != 0 {
			return Tile{}, false
		}
		*u |= 1
		return Tile{Kind: k, Copy: 0, Red: true}, true
	}
	free := ^*u & (1<<limit - 1) // the copies not taken, lowest first
	if k.IsSuited() && k.Rank() == 5 && free&^1 != 0 {
		// Leave copy 0 for a red five written later.
		free &^= 1
	}
	if free == 0 {
		return Tile{}, false
	}
	cp := uint8(bits.TrailingZeros8(free))
	*u |= 1 << cp
	return Tile{Kind: k, Copy: cp}, true
}

// Parse reads tiles in mpsz notation. Errors are *ParseError naming the
// offending character and its position, and match ErrSyntax or ErrTooMany.
func Parse(s string) ([]Tile, error) {
	var ct copyTracker
	ts, err := parseRun(s, s, 0, &ct, make([]Tile, 0, len(s)))
	if err != nil {
		return nil, err
	}
	return ts, nil
}

// MustParse is Parse for literals in tests and examples; it panics on error.
func MustParse(s string) []Tile {
	ts, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return ts
}

// parseRun parses the mpsz text run, which starts at character offset base
// of input (for error positions), appending its tiles to out.
func parseRun(input, run string, base int, ct *copyTracker, out []Tile) ([]Tile, error) {
	type pend struct {
		digit byte
		pos   int
	}
	var pbuf [16]pend
	pending := pbuf[:0]
	pos := base
	for _, r := range run {
		pos++
		switch {
		case r >= '0' && r <= '9':
			pending = append(pending, pend{byte(r), pos})
		case r == 'm' || r == 'p' || r == 's' || r == 'z' || r == 'f':
			if len(pending) == 0 {
				return nil, &ParseError{Input: input, Pos: pos, Char: string(r), Msg: "suit letter with no digits before it", Err: ErrSyntax}
			}
			for _, p := range pending {
				k, red, msg := kindOf(p.digit, byte(r))
				if msg != "" {
					return nil, &ParseError{Input: input, Pos: p.pos, Char: string(p.digit) + string(r), Msg: msg, Err: ErrSyntax}
				}
				t, ok := ct.take(k, red)
				if !ok {
					msg := "more than 4 copies of " + k.String()
					if red {
						msg = "a second red five of " + k.Suit().String()
					} else if k.IsFlower() {
						msg = "a second copy of flower " + k.String()
					}
					return nil, &ParseError{Input: input, Pos: p.pos, Char: string(p.digit) + string(r), Msg: msg, Err: ErrTooMany}
				}
				out = append(out, t)
			}
			pending = pending[:0]
		case r == ' ' || r == '\t':
			if len(pending) > 0 {
				return nil, &ParseError{Input: input, Pos: pending[0].pos, Char: string(pending[0].digit), Msg: "digits with no suit letter after them", Err: ErrSyntax}
			}
		default:
			return nil, &ParseError{Input: input, Pos: pos, Char: string(r), Msg: "unexpected character", Err: ErrSyntax}
		}
	}
	if len(pending) > 0 {
		return nil, &ParseError{Input: input, Pos: pending[0].pos, Char: string(pending[0].digit), Msg: "digits with no suit letter after them", Err: ErrSyntax}
	}
	return out, nil
}

func kindOf(d, suit byte) (k Kind, red bool, msg string) {
	n := int(d - '0')
	switch suit {
	case 'm', 'p', 's':
		s := Man
		switch suit {
		case 'p':
			s = Pin
		case 's':
			s = Sou
		}
		if n == 0 {
			n, red = 5, true
		}
		k, _ = Of(s, n)
		return k, red, ""
	case 'z':
		if n < 1 || n > 7 {
			return 0, false, "honours are 1z–7z"
		}
		return East + Kind(n-1), false, ""
	case 'f':
		if n < 1 || n > 8 {
			return 0, false, "flowers are 1f–8f"
		}
		return Spring + Kind(n-1), false, ""
	}
	return 0, false, "unknown suit"
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

func runeLen(s string) int { return utf8.RuneCountInString(s) }
