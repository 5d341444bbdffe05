package tile

import (
	"strings"
	"unicode/utf8"
)

// The reader behind Parse, ParseHand and HandParser: one reading of the
// bytes from left to right, ASCII first, a table for each byte's class,
// each digit's kind and each kind's next copy, the tiles written straight
// into an array the caller gives, no slices between. Positions in errors
// count characters, so they are counted only when an error is built; the
// errors are the old parser's, word for word (TestParseAsOracle).

const (
	// maxTiles is the most tiles one text can hold: four of each playing
	// kind and one of each flower. The copies taken bound every parse.
	maxTiles = 4*NumKinds + NumFlowers
	// maxMelds is the most melds: each holds three tiles or more.
	maxMelds = maxTiles / 3
)

// Byte classes of the notation.
const (
	cOther   uint8 = iota
	cDigit         // 0–9
	cSpace         // ' ' or '\t': separates groups
	cBracket       // '(' or '[': opens a meld
	cSuit          // cSuit+i: the i-th of the suit letters m p s z f
)

// suitLetters are the letters of the suits in the order of digitKind.
const suitLetters = "mpszf"

var byteClass = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = cDigit
	}
	t[' '], t['\t'] = cSpace, cSpace
	t['('], t['['] = cBracket, cBracket
	for i, c := range suitLetters {
		t[c] = cSuit + uint8(i)
	}
	return t
}()

// digitKind gives, for each suit letter and digit, the kind written
// (the low six bits) and how its copies are numbered (the top two: one of
// the copy classes), or noKind for a digit the suit has no tile of.
var digitKind = func() (t [len(suitLetters)][16]uint8) {
	for si := range t {
		for d := range t[si] {
			t[si][d] = noKind
		}
	}
	for si := range 3 {
		t[si][0] = uint8(si*9+4) | copiesRed<<6
		for d := 1; d <= 9; d++ {
			t[si][d] = uint8(si*9 + d - 1)
		}
		t[si][5] |= copiesFive << 6
	}
	for d := 1; d <= 7; d++ {
		t[3][d] = uint8(East) + uint8(d-1)
	}
	for d := 1; d <= 8; d++ {
		t[4][d] = uint8(Spring) + uint8(d-1) | copiesFlower<<6
	}
	return t
}()

const noKind = 0xff

// noKindMsg is what a digit with no tile in the suit is told, by suit.
var noKindMsg = [len(suitLetters)]string{3: "honours are 1z–7z", 4: "flowers are 1f–8f"}

// Copies are numbered in order of appearance so that every tile of a
// parse is a distinct physical tile; a red five is always copy 0, as in
// game records, so a plain five leaves copy 0 for a red one written later
// while another copy is free. The copy classes of digitKind:
const (
	copiesPlain  = iota // four copies, the lowest free first
	copiesFive          // a plain five
	copiesRed           // a red five: copy 0
	copiesFlower        // one copy
)

// nextCopy gives, at copy class<<4 | the copies of a kind already taken
// (a bit each), the copy to take, or noCopy when none is left. It covers
// every byte so that the index needs no check.
var nextCopy = func() (t [256]uint8) {
	for i := range t {
		t[i] = noCopy
	}
	for used := range 16 {
		free := ^used & 0b1111
		t[copiesPlain<<4|used] = lowestCopy(free)
		if free&^1 != 0 {
			free &^= 1
		}
		t[copiesFive<<4|used] = lowestCopy(free)
		t[copiesRed<<4|used] = lowestCopy(^used & 1)
		t[copiesFlower<<4|used] = lowestCopy(^used & 1)
	}
	return t
}()

const noCopy = 0xff

func lowestCopy(free int) uint8 {
	for c := range 4 {
		if free&(1<<c) != 0 {
			return uint8(c)
		}
	}
	return noCopy
}

// copyTracker holds the copies taken of each kind, a bit each; it has
// room for every six-bit kind of digitKind. noKind's, 63, is set full
// (see reset), so that no copy is ever left of it: take needs no test of
// its own for a digit with no tile.
type copyTracker [64]uint8

// take takes the next copy of the kind v, an entry of digitKind: the
// tile, or ok false when no copy is left or v is noKind. Small enough to
// be inlined in the loops that read digits.
func (c *copyTracker) take(v uint8) (t Tile, ok bool) {
	k, class := v&63, v>>6
	cp := nextCopy[class<<4|c[k]]
	if cp == noCopy {
		return Tile{}, false
	}
	c[k] |= 1 << (cp & 3)
	// Only a 0 that has a tile has the red copies' class.
	return Tile{Kind: Kind(k), Copy: cp, Red: class == copiesRed}, true
}

// runMode is where a run of mpsz text is read.
type runMode uint8

const (
	handRun runMode = iota // concealed tiles: ends at a space or a bracket; flowers kept apart
	meldRun                // a meld's tiles: the whole field
	listRun                // Parse: the whole text, spaces between groups
)

// parser is the state of one reading of a text. The tiles go into buf: a
// hand's concealed tiles from the bottom, its melds' from the top down,
// each meld's read above the concealed ones first and moved up once
// checked. buf holds a tile for each byte of the text, up to maxTiles:
// room for every tile the text can have and every copy not yet taken,
// so it never runs out. The text itself is passed to each method, not
// kept here: the errors keep it, and escape analysis, which does not tell
// one field from another, would then send buf to the heap with it.
type parser struct {
	copies  copyTracker
	buf     []Tile
	n       int // tiles at the bottom of buf
	top     int // buf[top:] holds the melds' tiles
	flowers [NumFlowers]Tile
	nf      int
	melds   [maxMelds]meldAt
	nm      int
	// The run being read: where it starts, the characters before it as
	// errors count them (-1: those of s[:start]), and what it is.
	start, base int
	mode        runMode
}

// newParser is a parser to read into buf.
func newParser(buf []Tile) parser {
	return parser{buf: buf, top: len(buf), copies: noneTaken}
}

// reset readies p to read into buf, as newParser does, leaving alone
// what is only read once written (a HandParser's parser is reused).
func (p *parser) reset(buf []Tile) {
	p.copies = noneTaken
	p.buf, p.n, p.top, p.nf, p.nm = buf, 0, len(buf), 0, 0
}

// noneTaken is a copyTracker before the first tile.
var noneTaken = copyTracker{noKind & 63: 0b1111}

// hand reads s as hand notation (see ParseHand). The tiles are left in
// p.buf and p.flowers, the melds in p.melds, with no pointer among them:
// a caller's scratch given as p.buf can stay on its stack.
func (p *parser) hand(s string) error {
	for i := 0; i < len(s); {
		switch byteClass[s[i]] {
		case cSpace:
			i++
		case cBracket:
			next, err := p.meld(s, i)
			if err != nil {
				return err
			}
			i = next
		default:
			p.start, p.base, p.mode = i, -1, handRun
			next, err := p.run(s, len(s))
			if err != nil {
				return err
			}
			i = next
		}
	}
	return nil
}

// meldAt is a meld read: its type, source and tiles, p.buf[at:at+n].
type meldAt struct {
	typ   MeldType
	from  uint8
	at, n uint8
}

// handIn is the hand p read, copied to ts, which holds p.tiles(): the
// concealed tiles, then the flowers, then the melds' tiles. Its melds are
// appended to melds. Empty parts are nil, as they always were.
func (p *parser) handIn(ts []Tile, melds []Meld) Hand {
	var h Hand
	k := 0
	if p.n > 0 {
		k = copy(ts, p.buf[:p.n])
		h.Concealed = ts[:k:k]
	}
	if p.nf > 0 {
		copy(ts[k:], p.flowers[:p.nf])
		h.Flowers = ts[k : k+p.nf : k+p.nf]
		k += p.nf
	}
	if p.nm > 0 {
		for _, r := range p.melds[:p.nm] {
			n := copy(ts[k:], p.buf[r.at:int(r.at)+int(r.n)])
			melds = append(melds, Meld{Type: r.typ, Tiles: ts[k : k+n : k+n], From: int(r.from)})
			k += n
		}
		h.Melds = melds
	}
	return h
}

// handInPlace is handIn with the tiles left in p.buf where they were
// read, the flowers put between the concealed tiles and the melds', where
// buf has room for all the tiles read. (The two are apart so that the
// scratch of a copied hand can stay on its stack.)
func (p *parser) handInPlace(h *Hand, melds []Meld) {
	*h = Hand{}
	ts := p.buf
	if p.n > 0 {
		h.Concealed = ts[:p.n:p.n]
	}
	if p.nf > 0 {
		k := p.n
		copy(ts[k:], p.flowers[:p.nf])
		h.Flowers = ts[k : k+p.nf : k+p.nf]
	}
	if p.nm > 0 {
		for _, r := range p.melds[:p.nm] {
			at, n := int(r.at), int(r.n)
			melds = append(melds, Meld{Type: r.typ, Tiles: ts[at : at+n : at+n], From: int(r.from)})
		}
		h.Melds = melds
	}
}

// tiles is the number of tiles p read.
func (p *parser) tiles() int { return p.n + p.nf + len(p.buf) - p.top }

// run reads the mpsz text of s[p.start:end] as a p.mode run and returns
// where it stopped: end, or in a handRun the space or bracket that ends
// it. The loop reads a group of digits and their suit letter at a time;
// the rest is left to rest, out of its way, with what only errors need
// kept in p rather than in registers.
func (p *parser) run(s string, end int) (int, error) {
	text := s[:end]
	buf, n := p.buf, p.n
	i := p.start
	for i < len(text) {
		ds := i // the digits waiting for their suit letter, text[ds:i]
		for i < len(text) && text[i]-'0' <= 9 {
			i++
		}
		if i == len(text) {
			if ds < i {
				p.n = n
				return 0, p.errAt(s, ds, s[ds:ds+1], "digits with no suit letter after them", ErrSyntax)
			}
			break
		}
		cl := byteClass[text[i]]
		if cl < cSuit || ds == i || cl == cSuit+4 && p.mode == handRun {
			p.n = n
			if ds == i {
				ds = -1
			}
			if stop, err := p.rest(s, ds, i); stop || err != nil {
				return i, err
			}
			i++
			continue
		}
		// buf has room for every copy left (see parser): a digit with
		// no copy is found before the room runs out.
		row := &digitKind[cl-cSuit]
		for j := ds; j < i; j++ {
			t, ok := p.copies.take(row[text[j]&15])
			if !ok {
				p.n = n
				return 0, p.groupError(s, j, i)
			}
			buf[n] = t
			n++
		}
		i++
	}
	p.n = n
	return i, nil
}

// rest is run at s[i] when it is no digit and no suit letter to take
// tiles for, the digits waiting from s[ds] (ds -1 for none): a space or a
// bracket, the hand's flowers, or a fault. stop says the run ends there.
func (p *parser) rest(s string, ds, i int) (stop bool, err error) {
	c := s[i]
	switch cl := byteClass[c]; {
	case cl >= cSuit && ds < 0:
		return true, p.errAt(s, i, s[i:i+1], "suit letter with no digits before it", ErrSyntax)
	case cl >= cSuit:
		// The hand's flowers, kept apart.
		return false, p.flowerGroup(s, ds, i)
	case cl == cSpace && p.mode != meldRun, cl == cBracket && p.mode == handRun:
		// A meld's tiles are one field: a space there is a fault
		// (meldAsWritten relies on it).
		if ds >= 0 {
			return true, p.errAt(s, ds, s[ds:ds+1], "digits with no suit letter after them", ErrSyntax)
		}
		return p.mode == handRun, nil
	}
	ch := s[i : i+1]
	if c >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(s[i:])
		ch = string(r)
	}
	return true, p.errAt(s, i, ch, "unexpected character", ErrSyntax)
}

// flowerGroup takes the flowers of the digits s[ds:i] into the hand's.
func (p *parser) flowerGroup(s string, ds, i int) error {
	for j := ds; j < i; j++ {
		if p.nf == len(p.flowers) {
			return p.groupError(s, j, i)
		}
		t, ok := p.copies.take(digitKind[4][s[j]&15])
		if !ok {
			return p.groupError(s, j, i)
		}
		p.flowers[p.nf] = t
		p.nf++
	}
	return nil
}

// groupError is the fault of the digit s[j] before the suit letter s[i]:
// no tile of the suit, or no copy left of it.
func (p *parser) groupError(s string, j, i int) error {
	suit := byteClass[s[i]] - cSuit
	char := s[j:j+1] + s[i:i+1]
	v := digitKind[suit][s[j]&15]
	if v == noKind {
		return p.errAt(s, j, char, noKindMsg[suit], ErrSyntax)
	}
	k := Kind(v & 63)
	msg := "more than 4 copies of " + k.String()
	if v>>6 == copiesRed {
		msg = "a second red five of " + k.Suit().String()
	} else if k.IsFlower() {
		msg = "a second copy of flower " + k.String()
	}
	return p.errAt(s, j, char, msg, ErrTooMany)
}

// errAt reports a fault at s[i], in the run that starts at s[p.start]:
// its position counts the characters before it, from p.base when that is
// not -1. Faults are rare: kept out of line, the loops that find them
// keep their registers.
//
//go:noinline
func (p *parser) errAt(s string, i int, char, msg string, kind error) error {
	pos := utf8.RuneCountInString(s[:i]) + 1
	if p.base >= 0 {
		pos = p.base + utf8.RuneCountInString(s[p.start:i]) + 1
	}
	return &ParseError{Input: s, Pos: pos, Char: char, Msg: msg, Err: kind}
}

// meld reads the meld whose bracket is s[i] into p.melds and returns the
// index past its closing bracket. Its tiles end up at the top of buf.
func (p *parser) meld(s string, i int) (int, error) {
	open, closer := s[i], byte(')')
	if open == '[' {
		closer = ']'
	}
	j := strings.IndexByte(s[i+1:], closer)
	if j < 0 {
		return 0, &ParseError{Input: s, Pos: charPos(s, i), Char: s[i : i+1], Msg: "meld not closed by " + string(closer), Err: ErrSyntax}
	}
	next := i + 1 + j + 1
	if p.meldAsWritten(s, i+1, i+1+j, open == '[') {
		return next, nil
	}
	return next, p.meldExact(s, i, i+1, i+1+j)
}

// meldAsWritten reads the meld body s[b0:b1] the way ParseHand and
// Hand.String write one, "pon 555z<1": the type from the first byte to
// one space, the tiles to the end. It reports whether that reading
// stands; when it does not (any other spacing, any fault), it leaves p as
// it found it for meldExact, which knows every form and words every
// fault. A body read here is one meldExact would read alike: a known
// type, one space, then tiles and a source that run and the check
// accept, in which there is no space.
func (p *parser) meldAsWritten(s string, b0, b1 int, closed bool) bool {
	// The types are three letters or five, none with a space: the first
	// space, when a type is known, is the fourth byte or the sixth.
	sp := b0 + 3
	if sp < b1 && s[sp] != ' ' {
		sp = b0 + 5
	}
	if sp >= b1 || s[sp] != ' ' {
		return false
	}
	typ, ok := meldType(s[b0:sp], closed)
	if !ok {
		return false
	}
	m := Meld{Type: typ}
	at, end := sp+1, b1
	if !closed {
		if end-at < 3 || s[end-2] != '<' || s[end-1] < '1' || s[end-1] > '3' {
			return false
		}
		m.From = int(s[end-1] - '0')
		end -= 2
	}
	n0 := p.n
	p.start, p.base, p.mode = at, -1, meldRun
	if _, err := p.run(s, end); err != nil {
		p.untake(n0)
		return false
	}
	m.Tiles = p.buf[n0:p.n:p.n]
	if !m.valid() {
		p.untake(n0)
		return false
	}
	p.keep(&m, n0)
	return true
}

// untake gives back the copies of the tiles read from p.buf[n0] on and
// drops those tiles, for a reading given up: every copy taken since is
// one of them (run stores each tile it takes). Undoing the few tiles of
// a meld, rarely, costs less than keeping a copy of the tracker each time.
func (p *parser) untake(n0 int) {
	for _, t := range p.buf[n0:p.n] {
		p.copies[t.Kind&63] &^= 1 << (t.Copy & 3)
	}
	p.n = n0
}

// meldType is the type a meld's first field names, in round brackets or
// (closed) square ones.
func meldType(typ string, closed bool) (MeldType, bool) {
	switch {
	case closed && (typ == "ankan" || typ == "kan"):
		return ClosedKan, true
	case !closed && typ == "chi":
		return Chi, true
	case !closed && typ == "pon":
		return Pon, true
	case !closed && typ == "kan":
		return Kan, true
	case !closed && typ == "kakan":
		return AddedKan, true
	}
	return 0, false
}

// keep records m, whose tiles were read at p.buf[n0:p.n], as a meld of
// the hand, its tiles moved to the top of buf.
func (p *parser) keep(m *Meld, n0 int) {
	k := p.n - n0
	p.top -= k
	copy(p.buf[p.top:], m.Tiles)
	p.n = n0
	// A meld holds three tiles or more, so there are never more than
	// maxMelds; buf holds at most maxTiles, so the bounds fit a byte.
	p.melds[p.nm] = meldAt{typ: m.Type, from: uint8(m.From), at: uint8(p.top), n: uint8(k)}
	p.nm++
}

// meldExact reads the meld body s[b0:b1], whose bracket is s[i], in any
// form the notation allows, or words its first fault.
func (p *parser) meldExact(s string, i, b0, b1 int) error {
	open := s[i]
	body := s[b0:b1]
	// The type and the tiles, as two fields; their places in s for
	// errors. The usual body, ASCII in two fields, is split here; any
	// other goes through twoFields, which knows every Unicode space, and
	// the positions are counted as they always were.
	var typ string
	var typPos int        // 0: that of s[typAt]
	var typAt int         // where typ starts in s
	var tilesAt, tEnd int // the tiles field, s[tilesAt:tEnd]
	base := -1            // characters before s[tilesAt] (see run), -1 when counted from s
	if f, ok := twoFieldsASCII(body); ok {
		typ, typAt = body[f[0][0]:f[0][1]], b0+f[0][0]
		tilesAt, tEnd = b0+f[1][0], b0+f[1][1]
	} else {
		a, b, ok := twoFields(body)
		if !ok {
			return p.meldShapeError(s, i, body)
		}
		// The positions as the text is read: the type where it first
		// occurs in the body, the tiles where they last occur.
		ti, bi := strings.Index(body, a), strings.LastIndex(body, b)
		typ = a
		typPos = charPos(s, i) + 1 + utf8.RuneCountInString(body[:ti])
		tilesPos := typPos + utf8.RuneCountInString(a) + utf8.RuneCountInString(body[ti+len(a):bi])
		tilesAt, tEnd, base = b0+bi, b0+bi+len(b), tilesPos-1
	}
	closed := open == '['
	var m Meld
	var ok bool
	if m.Type, ok = meldType(typ, closed); !ok {
		if typPos == 0 {
			typPos = charPos(s, typAt)
		}
		msg := "unknown meld type (chi, pon, kan, kakan in round brackets; ankan in square ones)"
		return &ParseError{Input: s, Pos: typPos, Char: typ, Msg: msg, Err: ErrSyntax}
	}
	p.start, p.base, p.mode = tilesAt, base, meldRun
	if !closed {
		lt := strings.LastIndexByte(s[tilesAt:tEnd], '<')
		if lt < 0 {
			return p.errAt(s, tilesAt, s[tilesAt:tEnd], "a called meld needs the seat its tile came from, e.g. <3", ErrSyntax)
		}
		from := s[tilesAt+lt+1 : tEnd]
		if len(from) != 1 || from[0] < '1' || from[0] > '3' {
			// Pos is that of the '<' that starts Char.
			return p.errAt(s, tilesAt+lt, "<"+from, "the source seat is <1, <2 or <3", ErrSyntax)
		}
		m.From = int(from[0] - '0')
		tEnd = tilesAt + lt
	}
	n0 := p.n
	if _, err := p.run(s, tEnd); err != nil {
		return err
	}
	m.Tiles = p.buf[n0:p.n:p.n]
	if !m.valid() {
		msg := strings.TrimPrefix(strings.TrimSuffix(m.checkError().Error(), ": "+ErrSyntax.Error()), "tile: ")
		return p.errAt(s, tilesAt, s[tilesAt:tEnd], msg, ErrSyntax)
	}
	p.keep(&m, n0)
	return nil
}

// meldShapeError is the fault of a meld body that is not two fields.
func (p *parser) meldShapeError(s string, i int, body string) error {
	return &ParseError{Input: s, Pos: charPos(s, i), Char: body, Msg: "a meld is a type and its tiles, e.g. (pon 555z<1)", Err: ErrSyntax}
}

// twoFieldsASCII splits the common meld body, ASCII with two fields
// apart at white space, as twoFields would: the bounds of the fields, or
// ok false for any other body, left to twoFields.
func twoFieldsASCII(body string) (f [2][2]int, ok bool) {
	i := 0
	for k := range f {
		for i < len(body) && fieldByte[body[i]] == fSpace {
			i++
		}
		f[k][0] = i
		for i < len(body) && fieldByte[body[i]] == fText {
			i++
		}
		f[k][1] = i
		if f[k][0] == i {
			return f, false
		}
	}
	for i < len(body) && fieldByte[body[i]] == fSpace {
		i++
	}
	return f, i == len(body)
}

// Classes of a meld body's bytes for twoFieldsASCII: white space to
// unicode.IsSpace, other ASCII, and the rest.
const (
	fText uint8 = iota
	fSpace
	fOther
)

var fieldByte = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = fOther
		case c == ' ' || c >= '\t' && c <= '\r':
			t[c] = fSpace
		}
	}
	return t
}()

// charPos is the position, counted in characters from 1, of s[i].
func charPos(s string, i int) int { return utf8.RuneCountInString(s[:i]) + 1 }
