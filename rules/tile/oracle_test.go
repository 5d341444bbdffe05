package tile

// The parser as it was before the one-pass reader, kept as the oracle
// the differential tests hold Parse and ParseHand to.

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

func oldRuneLen(s string) int { return utf8.RuneCountInString(s) }

type oldCopyTracker struct {
	used [NumAll]uint8 // bit i set: copy i is taken
}

func (c *oldCopyTracker) take(k Kind, red bool) (Tile, bool) {
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

func oldParse(s string) ([]Tile, error) {
	var ct oldCopyTracker
	ts, err := oldParseRun(s, s, 0, &ct, make([]Tile, 0, len(s)))
	if err != nil {
		return nil, err
	}
	return ts, nil
}

func oldParseRun(input, run string, base int, ct *oldCopyTracker, out []Tile) ([]Tile, error) {
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
				k, red, msg := oldKindOf(p.digit, byte(r))
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

func oldKindOf(d, suit byte) (k Kind, red bool, msg string) {
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

func oldParseHand(s string) (Hand, error) {
	var h Hand
	var ct oldCopyTracker
	i := 0
	pos := 0 // characters consumed before s[i]
	for i < len(s) {
		c := s[i]
		switch c {
		case ' ', '\t':
			i++
			pos++
		case '(', '[':
			closer := byte(')')
			if c == '[' {
				closer = ']'
			}
			j := strings.IndexByte(s[i:], closer)
			if j < 0 {
				return Hand{}, &ParseError{Input: s, Pos: pos + 1, Char: string(c), Msg: "meld not closed by " + string(closer), Err: ErrSyntax}
			}
			body := s[i+1 : i+j]
			m, err := oldParseMeld(s, body, pos+1, c == '[', &ct)
			if err != nil {
				return Hand{}, err
			}
			if h.Melds == nil {
				h.Melds = make([]Meld, 0, 4)
			}
			h.Melds = append(h.Melds, m)
			pos += oldRuneLen(s[i : i+j+1])
			i += j + 1
		default:
			j := i
			for j < len(s) && s[j] != '(' && s[j] != '[' && s[j] != ' ' && s[j] != '\t' {
				j++
			}
			var buf [16]Tile
			ts, err := oldParseRun(s, s[i:j], pos, &ct, buf[:0])
			if err != nil {
				return Hand{}, err
			}
			for _, t := range ts {
				if t.Kind.IsFlower() {
					h.Flowers = append(h.Flowers, t)
					continue
				}
				if h.Concealed == nil {
					h.Concealed = make([]Tile, 0, max(14, len(ts)))
				}
				h.Concealed = append(h.Concealed, t)
			}
			pos += oldRuneLen(s[i:j])
			i = j
		}
	}
	return h, nil
}

func oldParseMeld(input, body string, base int, closed bool, ct *oldCopyTracker) (Meld, error) {
	typ, tiles, ok := twoFields(body)
	if !ok {
		return Meld{}, &ParseError{Input: input, Pos: base, Char: body, Msg: "a meld is a type and its tiles, e.g. (pon 555z<1)", Err: ErrSyntax}
	}
	typPos := base + 1 + oldRuneLen(body[:strings.Index(body, typ)])
	tilesPos := typPos + oldRuneLen(typ) + oldRuneLen(body[strings.Index(body, typ)+len(typ):strings.LastIndex(body, tiles)])
	var m Meld
	switch {
	case closed && (typ == "ankan" || typ == "kan"):
		m.Type = ClosedKan
	case !closed && typ == "chi":
		m.Type = Chi
	case !closed && typ == "pon":
		m.Type = Pon
	case !closed && typ == "kan":
		m.Type = Kan
	case !closed && typ == "kakan":
		m.Type = AddedKan
	default:
		msg := "unknown meld type (chi, pon, kan, kakan in round brackets; ankan in square ones)"
		return Meld{}, &ParseError{Input: input, Pos: typPos, Char: typ, Msg: msg, Err: ErrSyntax}
	}
	if !closed {
		lt := strings.LastIndexByte(tiles, '<')
		if lt < 0 {
			return Meld{}, &ParseError{Input: input, Pos: tilesPos, Char: tiles, Msg: "a called meld needs the seat its tile came from, e.g. <3", Err: ErrSyntax}
		}
		from := tiles[lt+1:]
		if len(from) != 1 || from[0] < '1' || from[0] > '3' {
			// Pos is that of the '<' that starts Char.
			return Meld{}, &ParseError{Input: input, Pos: tilesPos + oldRuneLen(tiles[:lt]), Char: "<" + from, Msg: "the source seat is <1, <2 or <3", Err: ErrSyntax}
		}
		m.From = int(from[0] - '0')
		tiles = tiles[:lt]
	}
	ts, err := oldParseRun(input, tiles, tilesPos-1, ct, make([]Tile, 0, 4))
	if err != nil {
		return Meld{}, err
	}
	m.Tiles = ts
	if err := m.Check(); err != nil {
		return Meld{}, &ParseError{Input: input, Pos: tilesPos, Char: tiles, Msg: strings.TrimPrefix(strings.TrimSuffix(err.Error(), ": "+ErrSyntax.Error()), "tile: "), Err: ErrSyntax}
	}
	return m, nil
}
