package mcr

import (
	"fmt"
	"math/bits"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// fanValues is each fan's points under each edition (Options.Points):
// the WMO rulebook's, and the 1998 Chinese text's, where only 双暗杠
// differs. Read-only.
var fanValues, fanValues1998 = func() (wmo, cn [numFans]int) {
	for f := BigFourWinds; f < numFans; f++ {
		wmo[f] = f.Points()
	}
	cn = wmo
	cn[TwoConcealedKongs] = 6
	return wmo, cn
}()

// table counts each fan of one reading; has holds the fans counted, so
// that the combination rules and the total visit only those (a reading
// scores a handful of the 82). A count is read only for a fan in has:
// the others are left as they were rather than cleared.
type table struct {
	n   [numFans]uint8
	has FanSet
}

// scorer holds what every reading of one hand shares.
type scorer struct {
	c       Conditions    // a value, not a pointer, so a scorer leaks nothing
	ho      *hand.Options // the shapes of the preset, read-only
	enabled FanSet
	hc      hand.Counted // the concealed tiles, counted once for the setup, the readings and the wait
	all     tile.Counts  // every tile of the hand, kongs as four
	sets    [4]set       // the melds as sets
	nsets   int
	held    hand.Mask     // the kinds of all
	four    hand.Mask     // the kinds all holds four of
	base    table         // fans of the tiles, the melds and the win alone
	values  *[numFans]int // each fan's points under the options' edition
	unique  int8          // 0 not known yet, 1 a single winning kind, -1 several
}

type set struct {
	chow   bool
	tile   tile.Kind // the kind of a pung, the lowest tile of a chow
	melded bool      // claimed (a concealed kong is not)
	kong   bool
}

func (s *scorer) put(t *table, f Fan, n int) {
	if n > 0 && s.enabled.Has(f) {
		if !t.has.Has(f) {
			t.n[f] = 0
		}
		t.n[f] += uint8(n)
		t.has[f/64] |= 1 << (f % 64)
	}
}

func (s *scorer) init(h *Hand, c *Conditions, o *Options) error {
	// Field by field: the melds' sets past nsets are not read, so the
	// struct is not cleared as a whole.
	s.c, s.ho = *c, shapes(o)
	s.nsets, s.unique = 0, 0
	s.base.has = FanSet{}
	s.values = &fanValues
	if o.Edition == EditionCN1998 {
		s.values = &fanValues1998
	}
	s.enabled = o.set()
	if o.MixedKongs5 {
		s.enabled.add(MixedKongs)
	}
	if c.Win >= tile.NumKinds {
		return fmt.Errorf("%w: winning tile %s", ErrBadHand, c.Win)
	}
	if h.Concealed[c.Win] == 0 {
		return fmt.Errorf("%w: the winning tile %s is not among the concealed tiles", ErrBadHand, c.Win)
	}
	if len(h.Melds) > 4 {
		return fmt.Errorf("%w: %d melds", ErrBadHand, len(h.Melds))
	}
	if h.Flowers < 0 || h.Flowers > 8 || (h.Flowers > 0 && !o.Flowers) {
		return fmt.Errorf("%w: %d flowers at a table with flowers %v", ErrBadHand, h.Flowers, o.Flowers)
	}
	s.all = h.Concealed
	melded, mk, ck := 0, 0, 0
	var inMelds hand.Mask // the kinds of the melds
	for i := range h.Melds {
		m := &h.Melds[i]
		// A checked meld holds playing tiles only: three of a run, or
		// three or four of one kind.
		if !m.Valid() {
			return fmt.Errorf("%w: %w", ErrBadHand, m.Check())
		}
		base := m.Tiles[0].Kind // the lowest kind (Meld.Base)
		if m.Type == tile.Chi {
			base = min(base, m.Tiles[1].Kind, m.Tiles[2].Kind)
			s.all[base]++
			s.all[base+1]++
			s.all[base+2]++
			inMelds |= 0b111 << base
		} else {
			s.all[base] += uint8(len(m.Tiles))
			inMelds |= 1 << base
		}
		st := set{chow: m.Type == tile.Chi, tile: base, melded: m.Open(), kong: m.IsKong()}
		s.sets[s.nsets] = st
		s.nsets++
		if st.melded {
			melded++
		}
		if st.kong && st.melded {
			mk++
		} else if st.kong {
			ck++
		}
	}
	s.hc.Set(&h.Concealed)
	if n := s.hc.Total() + 3*len(h.Melds); n != 14 {
		return fmt.Errorf("%w: %d tiles with kongs as three, not 14", ErrBadHand, n)
	}
	// The kinds of all the tiles: the concealed ones' masks, changed
	// only where a meld adds copies.
	held, four, over := s.hc.Held()|inMelds, s.hc.Four(), s.hc.Over()
	for m := inMelds; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(uint64(m))
		four &^= 1 << k
		switch {
		case s.all[k] == 4:
			four |= 1 << k
		case s.all[k] > 4:
			over |= 1 << k
		}
	}
	if over != 0 {
		k := tile.Kind(bits.TrailingZeros64(uint64(over)))
		return fmt.Errorf("%w: %d of %s", ErrBadHand, s.all[k], k)
	}
	s.held, s.four = held, four
	t := &s.base
	s.winFans(t, h, melded, mk+ck)
	s.kongFans(t, mk, ck)
	s.tileFans(t, h, mk+ck)
	return nil
}

// The arrangement options of each preset (spec/mcr.md §3), read-only.
var (
	simplifiedShapes = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans), FourAsTwoPairs: true}
	officialShapes   = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans, hand.KnittedHonors, hand.GreaterKnitted, hand.KnittedStraight), FourAsTwoPairs: true}
)

// shapes returns the arrangement options of o's preset, shared: the
// caller does not change them.
func shapes(o *Options) *hand.Options {
	if o.Fans == FansSimplified {
		return &simplifiedShapes
	}
	return &officialShapes
}

// winFans: how the hand was won (spec/mcr.md §4.1, §4.2, §8.1), with
// melded melds and kongs of either kind.
func (s *scorer) winFans(t *table, h *Hand, melded, kongs int) {
	c := &s.c
	lastCopy := c.LastCopy
	inMelds := s.all[c.Win] - h.Concealed[c.Win]
	if h.Concealed[c.Win] != 1 {
		lastCopy = false // another copy is held
	}
	if inMelds == 3 {
		lastCopy = true // three copies in the exposed melds
	}
	s.put(t, LastTile, b2i(lastCopy))
	if c.SelfDrawn {
		s.put(t, SelfDrawn, 1)
		s.put(t, LastTileDraw, b2i(c.LastTile))
		s.put(t, OutWithReplacement, b2i(c.Replacement && kongs > 0))
	} else {
		s.put(t, LastTileClaim, b2i(c.LastTile && !c.Robbing))
		s.put(t, RobbingTheKong, b2i(c.Robbing && inMelds == 0 && h.Concealed[c.Win] == 1))
	}
	switch {
	case melded == 0 && c.SelfDrawn:
		s.put(t, FullyConcealed, 1)
	case melded == 0:
		s.put(t, ConcealedHand, 1)
	case melded == 4 && !c.SelfDrawn:
		s.put(t, MeldedHand, 1)
	}
}

// kongFans: kongs by kind (spec/mcr.md §8.1, D-MC-12, D-MC-13).
func (s *scorer) kongFans(t *table, mk, ck int) {
	switch mk + ck {
	case 4:
		s.put(t, FourKongs, 1)
	case 3:
		s.put(t, ThreeKongs, 1)
	case 2:
		switch ck {
		case 0:
			s.put(t, TwoMeldedKongs, 1)
		case 1:
			if s.enabled.Has(MixedKongs) {
				s.put(t, MixedKongs, 1)
			} else {
				s.put(t, MeldedKong, 1)
				s.put(t, ConcealedKong, 1)
			}
		case 2:
			s.put(t, TwoConcealedKongs, 1)
		}
	case 1:
		if mk == 1 {
			s.put(t, MeldedKong, 1)
		} else {
			s.put(t, ConcealedKong, 1)
		}
	}
}

// reversible is 1234589p, 245689s and the white dragon (推不倒).
var reversible = hand.MaskOf(tile.P1, tile.P2, tile.P3, tile.P4, tile.P5, tile.P8, tile.P9,
	tile.S2, tile.S4, tile.S5, tile.S6, tile.S8, tile.S9, tile.White)

// green is 23468s and the green dragon (绿一色).
var green = hand.MaskOf(tile.S2, tile.S3, tile.S4, tile.S6, tile.S8, tile.Green)

// tileFans: fans of the tiles whatever the reading: suits, ranks, kinds,
// 四归一, 九莲宝灯.
func (s *scorer) tileFans(t *table, h *Hand, kongs int) {
	held := s.held
	honors := held & hand.HonorKinds
	m, p, so := held.SuitRanks(0), held.SuitRanks(1), held.SuitRanks(2)
	ranks := (m | p | so) << 1 // bit r for rank r of any suit
	missing := b2i(m == 0) + b2i(p == 0) + b2i(so == 0)
	only := func(m hand.Mask) int { return b2i(held&^m == 0) }
	s.put(t, NoHonors, b2i(honors == 0))
	s.put(t, OneVoidedSuit, b2i(missing == 1))
	s.put(t, HalfFlush, b2i(missing == 2 && honors != 0))
	s.put(t, FullFlush, b2i(missing == 2 && honors == 0))
	s.put(t, AllTypes, b2i(missing == 0 && held&hand.WindKinds != 0 && held&hand.DragonKinds != 0))
	s.put(t, AllSimples, only(hand.SimpleKinds))
	s.put(t, ReversibleTiles, only(reversible))
	s.put(t, AllGreen, only(green))
	s.put(t, AllHonors, only(hand.HonorKinds))
	s.put(t, AllTerminals, only(hand.TerminalKinds))
	s.put(t, AllTerminalsAndHonors, only(hand.TerminalKinds|hand.HonorKinds))
	if honors == 0 {
		in := func(lo, hi int) bool { return ranks&^(uint16(1<<(hi+1)-1)&^uint16(1<<lo-1)) == 0 }
		s.put(t, LowerTiles, b2i(in(1, 3)))
		s.put(t, LowerFour, b2i(in(1, 4)))
		s.put(t, MiddleTiles, b2i(in(4, 6)))
		s.put(t, UpperFour, b2i(in(6, 9)))
		s.put(t, UpperTiles, b2i(in(7, 9)))
	}
	s.put(t, TileHog, bits.OnesCount64(uint64(s.four))-kongs)
	s.put(t, NineGates, b2i(s.nineGates(h)))
}

// nineGates: concealed, and 1112345678999 of one suit before the win
// (spec/mcr.md §4.1 #4).
func (s *scorer) nineGates(h *Hand) bool {
	if s.nsets > 0 || !s.c.Win.IsSuited() {
		return false
	}
	c := h.Concealed
	c[s.c.Win]--
	base := int(s.c.Win) / 9 * 9
	for r := range 9 {
		want := uint8(1)
		if r == 0 || r == 8 {
			want = 3
		}
		if c[base+r] != want {
			return false
		}
	}
	return true
}

// uniqueWait reports whether the hand waited on a single kind, not
// counting kinds whose four copies the winner holds (D-MC-15).
func (s *scorer) uniqueWait() bool {
	if s.unique == 0 {
		// The hand before the winning tile, from the counts already
		// read. Another kind held four times is no wait; the winning
		// kind is never four apart from the winning tile.
		before := s.hc.Less(s.c.Win)
		skip := s.four &^ hand.MaskOf(s.c.Win)
		n, _ := before.CountWaits(s.ho, skip, 2)
		s.unique = -1
		if n == 1 {
			s.unique = 1
		}
	}
	return s.unique == 1
}

// arrangement scores one reading into t and returns its total; false if it
// is not one the preset accepts.
func (s *scorer) arrangement(d *hand.Decomposition, t *table) (int, bool) {
	*t = s.base
	switch d.Shape {
	case hand.Standard:
		s.standard(d.Groups(), t)
	case hand.SevenPairs:
		s.put(t, SevenPairs, 1)
		s.put(t, SevenShiftedPairs, b2i(shiftedPairs(d.Groups())))
	case hand.ThirteenOrphans:
		s.put(t, ThirteenOrphans, 1)
	case hand.KnittedHonors:
		s.put(t, LesserHonorsKnitted, 1)
		suited := 0
		for _, g := range d.Groups() {
			suited += b2i(g.Tile.IsSuited())
		}
		s.put(t, KnittedStraight, b2i(suited == 9))
	case hand.GreaterKnitted:
		s.put(t, GreaterHonorsKnitted, 1)
	case hand.KnittedStraight:
		s.knitted(d.Groups(), t)
	default:
		return 0, false
	}
	// A fan counted drops the fans it implies, in fan order: a fan
	// dropped drops nothing. The set is read again after each fan, so
	// that a fan dropped is not visited; a dropped fan's count is left
	// (only the fans in has are read).
	for w := range t.has {
		for m := t.has[w]; m != 0; {
			b := bits.TrailingZeros64(m)
			drop := &notWithSet[w*64+b]
			t.has[0] &^= drop[0]
			t.has[1] &^= drop[1]
			m = t.has[w] &^ (1<<(b+1) - 1)
		}
	}
	total := s.total(t)
	if total == 0 {
		s.put(t, ChickenHand, 1)
		total = s.total(t)
	}
	return total, true
}

// value is f's points under the options.
func (s *scorer) value(f Fan) int { return s.values[f] }

func (s *scorer) total(t *table) int {
	// The values' table is loaded once and indexed by an int, not a
	// Fan: the loop runs once for each fan of every reading.
	values := s.values
	n := 0
	for w, m := range t.has {
		for ; m != 0; m &= m - 1 {
			f := w*64 + bits.TrailingZeros64(m)
			n += int(t.n[f]) * values[f]
		}
	}
	return n
}

// shiftedPairs: seven pairs of one suit, consecutive (连七对).
func shiftedPairs(gs []hand.Group) bool {
	for i, g := range gs {
		if !g.Tile.IsSuited() || (i > 0 && (g.Tile != gs[i-1].Tile+1 || g.Tile.Suit() != gs[0].Tile.Suit())) {
			return false
		}
	}
	return true
}

// standard scores four sets and a pair (spec/mcr.md §8.2).
func (s *scorer) standard(groups []hand.Group, t *table) {
	sets := s.sets
	n := s.nsets
	var pair tile.Kind
	winChow := false // the winning kind sits in a concealed chow
	var edge, closed, single bool
	for _, g := range groups {
		switch g.Kind {
		case hand.Pair:
			pair = g.Tile
			single = single || g.Tile == s.c.Win
		case hand.Sequence, hand.Triplet:
			if n == 4 {
				return
			}
			sets[n] = set{chow: g.Kind == hand.Sequence, tile: g.Tile}
			n++
			if g.Kind == hand.Sequence && s.c.Win >= g.Tile && s.c.Win <= g.Tile+2 {
				winChow = true
				r := g.Tile.Rank()
				switch {
				case s.c.Win == g.Tile+1:
					closed = true
				case (r == 1 && s.c.Win == g.Tile+2) || (r == 7 && s.c.Win == g.Tile):
					edge = true
				}
			}
		}
	}
	var chows, pungs [4]tile.Kind
	nc, np := 0, 0
	concealed, windPungs, dragonPungs := 0, 0, 0
	var ranks rankShare
	ranks.add(set{tile: pair})
	for _, st := range sets[:n] {
		ranks.add(st)
		if st.chow {
			chows[nc] = st.tile
			nc++
			continue
		}
		pungs[np] = st.tile
		np++
		if !st.melded && !(st.tile == s.c.Win && !st.kong && !s.c.SelfDrawn && !winChow) {
			concealed++
		}
		switch {
		case st.tile.IsDragon():
			dragonPungs++
		case st.tile.IsWind():
			windPungs++
		case st.tile.IsTerminal():
			s.put(t, PungOfTerminals, 1)
		}
	}
	sortKinds(chows[:nc])
	sortKinds(pungs[:np])
	switch concealed {
	case 2:
		s.put(t, TwoConcealedPungs, 1)
	case 3:
		s.put(t, ThreeConcealedPungs, 1)
	case 4:
		s.put(t, FourConcealedPungs, 1)
	}
	s.put(t, AllPungs, b2i(np == 4))
	s.put(t, DragonPung, dragonPungs)
	for _, k := range pungs[:np] {
		if k.IsWind() {
			s.windPung(t, k, windPungs)
		}
	}
	s.put(t, LittleThreeDragons, b2i(dragonPungs == 2 && pair.IsDragon()))
	s.put(t, LittleFourWinds, b2i(windPungs == 3 && pair.IsWind()))

	switch {
	case nc == 4 && s.terminalChows(t, chows, pair):
	case nc == 4:
		s.fourChows(t, chows)
	case nc == 3:
		s.threeChows(t, chows[:3])
	case nc == 2:
		s.put(t, twoChows(chows[0], chows[1]), 1)
	}
	switch np {
	case 4:
		s.fourPungs(t, pungs)
	case 3:
		s.threePungs(t, pungs[:3])
	case 2:
		s.put(t, twoPungs(pungs[0], pungs[1]), 1)
	}
	s.put(t, AllChows, b2i(nc == 4 && pair.IsSuited()))

	// Every set and the pair: 全带幺, 全带五, 全双刻.
	s.put(t, OutsideHand, b2i(ranks.outside() == 5))
	s.put(t, AllFives, b2i(ranks.fives() == 5))
	s.put(t, AllEvenPungs, b2i(ranks.evens() == 5))

	if (edge || closed || single) && s.uniqueWait() {
		switch {
		case edge:
			s.put(t, EdgeWait, 1)
		case closed:
			s.put(t, ClosedWait, 1)
		default:
			s.put(t, SingleWait, 1)
		}
	}
}

// rankShare counts the sets and the pair of a reading that hold a
// terminal or honour (全带幺, byte 0), a five (全带五, byte 1), and the
// pungs and pair of an even rank (全双刻, byte 2).
type rankShare uint32

// add counts the set st (the pair as a pung).
func (r *rankShare) add(st set) { *r += setShares[b2i(st.chow)][st.tile] }

func (r rankShare) outside() int { return int(r & 0xff) }
func (r rankShare) fives() int   { return int(r >> 8 & 0xff) }
func (r rankShare) evens() int   { return int(r >> 16 & 0xff) }

// setShares is what a pung (0) or a chow (1) of each kind, its lowest
// for a chow, adds to a rankShare. Read-only.
var setShares = func() (v [2][tile.NumKinds]rankShare) {
	for k := range tile.Kind(tile.NumKinds) {
		r := k.Rank()
		switch {
		case !k.IsSuited():
			v[0][k] = 1
			v[1][k] = 1
		default:
			v[0][k] = rankShare(b2i(r == 1 || r == 9) | b2i(r == 5)<<8 | b2i(r%2 == 0)<<16)
			v[1][k] = rankShare(b2i(r == 1 || r == 7) | b2i(r >= 3 && r <= 5)<<8)
		}
	}
	return v
}()

// sortKinds sorts a reading's four sets at most, in place: an insertion
// sort, cheaper than slices.Sort at this size.
func sortKinds(ks []tile.Kind) {
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// windPung scores a wind pung: prevalent and seat wind, else 幺九刻, which
// three or four wind pungs absorb (spec/mcr.md §8.1 #9, #38, #60, #61).
func (s *scorer) windPung(t *table, k tile.Kind, windPungs int) {
	prev, seat := k == s.c.Prevalent, k == s.c.Seat
	s.put(t, PrevalentWind, b2i(prev))
	s.put(t, SeatWind, b2i(seat))
	s.put(t, PungOfTerminals, b2i(!prev && !seat && windPungs < 3))
}

// terminalChows: 一色双龙会 or 三色双龙会, which take the four chows.
func (s *scorer) terminalChows(t *table, cs [4]tile.Kind, pair tile.Kind) bool {
	if !pair.IsSuited() || pair.Rank() != 5 {
		return false
	}
	var lo, hi [3]int
	for _, c := range cs {
		switch c.Rank() {
		case 1:
			lo[c.Suit()]++
		case 7:
			hi[c.Suit()]++
		default:
			return false
		}
	}
	f := PureTerminalChows
	ps := pair.Suit()
	if lo[ps] != 2 || hi[ps] != 2 {
		f = ThreeSuitedTerminalChows
		for su := range 3 {
			want := 1
			if su == int(ps) {
				want = 0
			}
			if lo[su] != want || hi[su] != want {
				return false
			}
		}
	}
	if !s.enabled.Has(f) {
		return false
	}
	s.put(t, f, 1)
	return true
}

// knitted scores a knitted straight with a set and a pair (spec/mcr.md
// §8.1 #35): the set's own fans, 平和, and a wait fan only for a winning
// tile outside the knitted tiles.
func (s *scorer) knitted(groups []hand.Group, t *table) {
	s.put(t, KnittedStraight, 1)
	var st set
	var pair tile.Kind
	var knit hand.Mask
	have := false
	win := s.c.Win
	var edge, closed, single bool
	for _, g := range groups {
		switch g.Kind {
		case hand.Knitted:
			knit |= hand.MaskOf(g.Tile, g.Tile+3, g.Tile+6)
		case hand.Pair:
			pair = g.Tile
			single = g.Tile == win
		case hand.Sequence, hand.Triplet:
			st, have = set{chow: g.Kind == hand.Sequence, tile: g.Tile}, true
			if st.chow && win >= g.Tile && win <= g.Tile+2 {
				r := g.Tile.Rank()
				closed = closed || win == g.Tile+1
				edge = edge || (r == 1 && win == g.Tile+2) || (r == 7 && win == g.Tile)
			}
		}
	}
	if !have && s.nsets == 1 {
		st = s.sets[0]
	}
	switch {
	case st.chow:
		s.put(t, AllChows, b2i(pair.IsSuited()))
	case st.tile.IsDragon():
		s.put(t, DragonPung, 1)
	case st.tile.IsWind():
		s.windPung(t, st.tile, 1)
	case st.tile.IsTerminal():
		s.put(t, PungOfTerminals, 1)
	}
	switch {
	case knit.Has(win):
	case s.nsets > 0:
		s.put(t, SingleWait, 1)
	case (edge || closed || single) && s.uniqueWait():
		switch {
		case edge:
			s.put(t, EdgeWait, 1)
		case closed:
			s.put(t, ClosedWait, 1)
		default:
			s.put(t, SingleWait, 1)
		}
	}
}
