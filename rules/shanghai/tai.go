package shanghai

// The 胡 and 台 (番) of each variant: LAOSHI §3.2–§3.3, LIUXING §4.2,
// XINSHI §5, LATE80S §6.2, as defined in spec/shanghai.md §7.

import (
	"math/bits"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// facts are what the tile-based items need about the whole hand.
type facts struct {
	suits   [3]bool
	nsuits  int
	winds   bool
	dragons bool
	honors  bool
	terms   bool // any terminal or honour
}

// Masks over a set of kinds, bit k for kind k (see factsOf).
const (
	suitMask   = 1<<9 - 1 // the nine kinds of suit 0; shift by 9×suit
	windMask   = (1<<4 - 1) << tile.East
	dragonMask = (1<<3 - 1) << tile.White
	termMask   = 1<<0 | 1<<8 | 1<<9 | 1<<17 | 1<<18 | 1<<26 | windMask | dragonMask
)

// factsOf reads the facts off the set of kinds the hand holds, one bit a
// kind, rather than off its 34 counts: a hand holds at most 18 tiles.
func factsOf(h tile.Hand) facts {
	var seen uint64
	for _, t := range h.Concealed {
		seen |= 1 << t.Kind
	}
	return factsOfKinds(seen | meldKinds(h.Melds))
}

// meldKinds is the set of kinds of the melds' tiles, bit k for kind k.
func meldKinds(ms []tile.Meld) uint64 {
	var seen uint64
	for _, m := range ms {
		for _, t := range m.Tiles {
			seen |= 1 << t.Kind
		}
	}
	return seen
}

// factsOfKinds reads the facts off the set of kinds a hand holds, bit k
// for kind k; flowers' bits are left out.
func factsOfKinds(seen uint64) facts {
	seen &= 1<<tile.NumKinds - 1 // flowers are not playing tiles
	var f facts
	for s := range f.suits {
		if seen>>(9*s)&suitMask != 0 {
			f.suits[s] = true
			f.nsuits++
		}
	}
	f.winds = seen&windMask != 0
	f.dragons = seen&dragonMask != 0
	f.honors = f.winds || f.dragons
	f.terms = seen&termMask != 0
	return f
}

// seatWind returns seat's wind (the dealer is East).
func (s *Situation) seatWind(seat game.Seat) tile.Kind {
	return tile.East + tile.Kind(s.Dealer.Offset(seat, Players))
}

// flowerItems returns 坐花 and 四只花 for flowers held by the player whose
// wind is wind (L-7, L-8; P-9, P-10, D-SH-15, D-SH-16). The flowers have
// passed the check (each a flower, none twice), so a mask of them, a bit
// a flower, tells both items of each group of four (TestFlowerItemsAsBefore).
func flowerItems(items []Item, flowers []tile.Tile, wind tile.Kind) []Item {
	var held uint // bit n: flower Spring+n
	for _, f := range flowers {
		held |= 1 << (f.Kind - tile.Spring)
	}
	own := wind - tile.East // the player's flower in each group
	items = flowerGroupItems(items, held&0b1111, tile.Spring, own)
	return flowerGroupItems(items, held>>4&0b1111, tile.Plum, own)
}

// flowerGroupItems is flowerItems for the group of four from first, of
// which the player holds the flowers in the mask held.
func flowerGroupItems(items []Item, held uint, first, own tile.Kind) []Item {
	switch {
	case held == 0b1111:
		items = append(items, Item{Name: FourFlowers, Tai: 2, Tiles: kindRun(first, 4)})
	case held>>own&1 != 0:
		items = append(items, Item{Name: OwnFlower, Tai: 1, Tiles: kindRun(first+own, 1)})
	}
	return items
}

// setFu is a pung's or kong's 胡 (§3.2): 2/4/8/16, doubled for terminals
// and honours.
func setFu(x *set) (Name, int) {
	n, fu := ExposedPung, 2
	switch {
	case x.kong && x.open:
		n, fu = ExposedKong, 8
	case x.kong:
		n, fu = ConcealedKong, 16
	case !x.open:
		n, fu = ConcealedPung, 4
	}
	if x.kind.IsTerminalOrHonor() {
		fu *= 2
	}
	return n, fu
}

// setItems returns the 胡 and the win-or-not 台 of pungs and kongs
// (L-1, L-2) for LAOSHI.
func laoshiSetItems(items []Item, sets []set, wind tile.Kind) []Item {
	for i := range sets {
		x := &sets[i]
		if x.seq {
			continue
		}
		n, fu := setFu(x)
		items = append(items, Item{Name: n, Fu: fu, Tiles: kindRun(x.kind, 1)})
		switch {
		case x.kind.IsDragon():
			items = append(items, Item{Name: DragonPung, Tai: 1, Tiles: kindRun(x.kind, 1)})
		case x.kind == wind:
			items = append(items, Item{Name: OwnWind, Tai: 1, Tiles: kindRun(x.kind, 1)})
		}
	}
	return items
}

func flowerFu(items []Item, flowers []tile.Tile) []Item {
	for _, f := range flowers {
		items = append(items, Item{Name: FlowerFu, Fu: 4, Tiles: kindRun(f.Kind, 1)})
	}
	return items
}

func valuePair(k, wind tile.Kind) bool { return k.IsDragon() || k == wind }

// laoshiWinner lists the winner's 胡 and 台 (§3.2, §3.3).
func (sc *scorer) laoshiWinner(items []Item, r *reading) []Item {
	s, w := sc.s, sc.s.Win
	h := &s.Hands[w.Seat]
	wind := s.seatWind(w.Seat)
	if sc.o.LaoshiBaseFu > 0 {
		items = append(items, Item{Name: BaseFu, Fu: sc.o.LaoshiBaseFu})
	}
	items = laoshiSetItems(items, r.sets(), wind)
	if r.hasPair && valuePair(r.pair, wind) {
		items = append(items, Item{Name: ValuePair, Fu: 4, Tiles: kindRun(r.pair, 1)})
	}
	items = flowerFu(items, h.Flowers)
	switch r.wait {
	case hand.Penchan:
		items = append(items, Item{Name: EdgeWaitFu, Fu: 2})
	case hand.Kanchan:
		items = append(items, Item{Name: ClosedWaitFu, Fu: 2})
	case hand.Tanki:
		items = append(items, Item{Name: SingleWaitFu, Fu: 2})
	}
	if w.SelfDrawn() {
		items = append(items, Item{Name: SelfDrawFu, Fu: 2})
	}
	if sc.o.LaoshiRoundFu {
		fu := 0
		for _, it := range items {
			fu += it.Fu
		}
		if up := (fu+9)/10*10 - fu; up > 0 {
			items = append(items, Item{Name: RoundedFu, Fu: up})
		}
	}
	f := &sc.facts
	if allChows(r) && !valuePair(r.pair, wind) && r.wait == hand.Ryanmen {
		items = append(items, Item{Name: PingHu, Tai: 1})
	}
	if allPungs(r) {
		items = append(items, Item{Name: AllPungs, Tai: 1})
	}
	items = flushItems(items, f, 1, 3)
	items = flowerItems(items, h.Flowers, wind)
	items = sc.specialWinItems(items)
	return items
}

// nonWinner scores a LAOSHI non-winner's hand (§3.2, D-SH-08).
func (sc *scorer) nonWinner(seat game.Seat, items []Item) Tally {
	h := &sc.s.Hands[seat]
	wind := sc.s.seatWind(seat)
	var sets [8]set
	ns := meldSets(&sets, h.Melds)
	// The check counted the concealed tiles and noted the kinds that
	// reach three: the concealed pungs, with no walk over all 34 kinds.
	c := &sc.tiles.concealed[seat]
	for m := sc.tiles.threes[seat]; m != 0; m &= m - 1 {
		if k := bits.TrailingZeros64(m); c[k] >= 3 && ns < len(sets) {
			sets[ns] = set{kind: tile.Kind(k)}
			ns++
		}
	}
	items = laoshiSetItems(items, sets[:ns], wind)
	// Only the seat wind and the dragons make a value pair (in kind order).
	items = concealedValuePair(items, c, wind)
	items = concealedValuePair(items, c, tile.White)
	items = concealedValuePair(items, c, tile.Green)
	items = concealedValuePair(items, c, tile.Red)
	items = flowerFu(items, h.Flowers)
	items = flowerItems(items, h.Flowers, wind)
	t := Tally{Seat: seat, Items: trimItems(items)}
	t.total()
	return t
}

// concealedValuePair is a non-winner's 対子 of k, a dragon or its seat
// wind, if its concealed tiles c pair k.
func concealedValuePair(items []Item, c *tile.Counts, k tile.Kind) []Item {
	if c[k] == 2 {
		items = append(items, Item{Name: ValuePair, Fu: 2, Tiles: kindRun(k, 1)})
	}
	return items
}

// specialWinItems: 槓頭開花 and 搶槓 (L-9/L-10, P-11/P-12, E-5).
func (sc *scorer) specialWinItems(items []Item) []Item {
	if sc.s.Win.Replacement {
		items = append(items, Item{Name: ReplacementWin, Tai: 1})
	}
	if sc.s.Win.Robbed {
		items = append(items, Item{Name: RobbingKong, Tai: 1})
	}
	return items
}

func allChows(r *reading) bool {
	if r.shape != hand.Standard || r.nsets != 4 {
		return false
	}
	for _, x := range r.sets() {
		if !x.seq {
			return false
		}
	}
	return true
}

func allPungs(r *reading) bool {
	if r.shape != hand.Standard || r.nsets != 4 {
		return false
	}
	for _, x := range r.sets() {
		if x.seq {
			return false
		}
	}
	return true
}

// flushItems returns 混一色 or 清一色 at the variant's values.
func flushItems(items []Item, f *facts, half, full int) []Item {
	switch {
	case f.nsuits == 1 && !f.honors:
		return append(items, Item{Name: FullFlush, Tai: full})
	case f.nsuits == 1 && f.honors:
		return append(items, Item{Name: HalfFlush, Tai: half})
	}
	return items
}

// liuxing lists the LIUXING 台 (§4.2), which XINSHI keeps (D-SH-17).
func (sc *scorer) liuxing(items []Item, r *reading) []Item {
	s, w := sc.s, sc.s.Win
	h := &s.Hands[w.Seat]
	wind := s.seatWind(w.Seat)
	f := &sc.facts
	items = sc.windDragonItems(items, r, wind)
	if allChows(r) && !r.pair.IsDragon() && r.pair != wind && r.pair != s.Round {
		items = append(items, Item{Name: PingHu, Tai: 1})
	}
	if allPungs(r) {
		items = append(items, Item{Name: AllPungs, Tai: 2})
	}
	items = flushItems(items, f, 2, 4)
	if r.shape == hand.Standard && (r.wait == hand.Penchan || r.wait == hand.Kanchan || r.wait == hand.Tanki) {
		items = append(items, Item{Name: EdgeClosedSingle, Tai: 1})
	}
	items = flowerItems(items, h.Flowers, wind)
	items = sc.specialWinItems(items)
	return items
}

// windDragonItems: P-1 dragon pungs, P-7 seat wind, P-8 round wind.
func (sc *scorer) windDragonItems(items []Item, r *reading, wind tile.Kind) []Item {
	for _, x := range r.sets() {
		if x.seq {
			continue
		}
		if x.kind.IsDragon() {
			items = append(items, Item{Name: DragonPung, Tai: 1, Tiles: kindRun(x.kind, 1)})
		}
		if x.kind == wind {
			items = append(items, Item{Name: SeatWind, Tai: 1, Tiles: kindRun(x.kind, 1)})
		}
		if x.kind == sc.s.Round {
			items = append(items, Item{Name: RoundWind, Tai: 1, Tiles: kindRun(x.kind, 1)})
		}
	}
	return items
}

// xinshi lists the 台 XINSHI adds (§5, §7).
func (sc *scorer) xinshi(items []Item, r *reading) []Item {
	s, w := sc.s, sc.s.Win
	h := &s.Hands[w.Seat]
	f := &sc.facts
	add := func(n Name, tai int) { items = append(items, Item{Name: n, Tai: tai}) }
	if !f.terms {
		add(AllSimples, 1)
	}
	if sc.outside(r) {
		add(Outside, 1)
	}
	items = chowPatterns(items, r, sc.o.LiangBanGao)
	concealed := true
	for _, m := range h.Melds {
		concealed = concealed && !m.Open()
	}
	if concealed {
		if w.SelfDrawn() {
			add(ConcealedTsumo, 2)
		} else {
			add(ConcealedRon, 1)
		}
	}
	if f.nsuits == 2 && (!f.honors || sc.o.QueYiMenAllowsHonors) {
		add(TwoSuits, 1)
	}
	if !f.honors && len(h.Flowers) == 0 {
		add(NoHonorsNoFlowers, 1)
	}
	switch r.shape {
	case hand.SevenStars:
		add(SevenStars, 2)
	case hand.ThirteenUnrelated:
		add(Unrelated, 1)
	case hand.SevenPairs:
		add(SevenPairs, 1)
	}
	if f.nsuits == 3 && f.winds && f.dragons {
		add(FiveGates, 1)
	}
	if r.shape == hand.Standard && r.wait == hand.Kanchan && w.Tile.IsSuited() && w.Tile.Rank() == 5 {
		add(CentreFive, 1)
	}
	return items
}

// outside: 全么九, every set and the pair with a terminal or honour
// (D-SH-38).
func (sc *scorer) outside(r *reading) bool {
	switch r.shape {
	case hand.SevenPairs:
		for _, k := range r.pairs() {
			if !k.IsTerminalOrHonor() {
				return false
			}
		}
		return true
	case hand.Standard:
		for _, x := range r.sets() {
			if x.seq && x.kind.Rank() != 1 && x.kind.Rank() != 7 {
				return false
			}
			if !x.seq && !x.kind.IsTerminalOrHonor() {
				return false
			}
		}
		return r.hasPair && r.pair.IsTerminalOrHonor()
	}
	return false
}

// chowPatterns finds 一般高/両般高, 喜相逢/双相逢, 清龍 and 混龍 (§7,
// D-SH-18, D-SH-19, D-SH-22).
func chowPatterns(items []Item, r *reading, lbg LiangBanGao) []Item {
	// n counts the chows by first kind; seen has bit k set for each kind
	// that starts one, so that the loops below visit only those kinds
	// instead of all 34.
	var n [tile.NumKinds]uint8
	var seen uint64
	for _, x := range r.sets() {
		if x.seq {
			n[x.kind]++
			seen |= 1 << x.kind
		}
	}
	add := func(name Name, tai int, k tile.Kind) {
		items = append(items, Item{Name: name, Tai: tai, Tiles: kindRun(k, 3)})
	}
	// Identical chows.
	var pairBuf [4]tile.Kind
	triple, pairs := tile.Kind(0), pairBuf[:0]
	hasTriple := false
	for m := seen; m != 0; m &= m - 1 {
		k := tile.Kind(bits.TrailingZeros64(m))
		c := n[k]
		if c >= 3 {
			triple, hasTriple = k, true
		}
		for range c / 2 {
			pairs = append(pairs, k)
		}
	}
	switch lbg {
	case LBGUnion:
		switch {
		case hasTriple:
			add(TwoPureDoubles, 2, triple)
		case len(pairs) >= 2:
			add(TwoPureDoubles, 2, pairs[0])
		case len(pairs) == 1:
			add(PureDouble, 1, pairs[0])
		}
	case LBGThreeIdentical:
		if hasTriple {
			add(TwoPureDoubles, 2, triple)
		} else {
			for _, k := range pairs {
				add(PureDouble, 1, k)
			}
		}
	case LBGTwoPairs:
		switch {
		case len(pairs) >= 2:
			add(TwoPureDoubles, 2, pairs[0])
		case len(pairs) == 1:
			add(PureDouble, 1, pairs[0])
		}
	}
	// The same chow in other suits.
	// ranks has bit r set when some suit has a chow starting at rank r+1.
	ranks := (seen | seen>>9 | seen>>18) & (1<<7 - 1)
	for m := ranks; m != 0; m &= m - 1 {
		rank := bits.TrailingZeros64(m)
		var c [3]uint8
		suits := 0
		for s := range 3 {
			c[s] = n[s*9+rank]
			if c[s] > 0 {
				suits++
			}
		}
		switch suits {
		case 3:
			add(MixedTriple, 2, tile.Kind(rank))
		case 2: // with one suit, no pair below has a chow on both sides
			for a := range 3 {
				for b := a + 1; b < 3; b++ {
					for range min(c[a], c[b]) {
						add(MixedDouble, 1, tile.Kind(a*9+rank))
					}
				}
			}
		}
	}
	// Straights: each needs chows starting at ranks 1, 4 and 7.
	const straightRanks = 1<<0 | 1<<3 | 1<<6
	if ranks&straightRanks != straightRanks {
		return items
	}
	for s := range 3 {
		base := tile.Kind(9 * s)
		if n[base] > 0 && n[base+3] > 0 && n[base+6] > 0 {
			items = append(items, Item{Name: PureStraight, Tai: 2})
		}
	}
	// A mixed straight needs chows in all three suits among those ranks.
	inSuits := func(rank int) uint64 { return seen>>rank&1 | seen>>(9+rank)&1<<1 | seen>>(18+rank)&1<<2 }
	if inSuits(0)|inSuits(3)|inSuits(6) != 0b111 {
		return items
	}
	for _, p := range [...][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		if n[9*p[0]] > 0 && n[9*p[1]+3] > 0 && n[9*p[2]+6] > 0 {
			items = append(items, Item{Name: MixedStraight, Tai: 1})
			break
		}
	}
	return items
}

// late80s lists the chips and 番 of the late-1980s rule (§6.1, §6.2).
func (sc *scorer) late80s(items []Item, r *reading) []Item {
	s, w := sc.s, sc.s.Win
	h := &s.Hands[w.Seat]
	f := &sc.facts
	start := len(items)
	items = append(items, Item{Name: ChipBase, Chips: sc.o.ChipBase})
	for _, fl := range h.Flowers {
		items = append(items, Item{Name: FlowerChip, Chips: 1, Tiles: kindRun(fl.Kind, 1)})
	}
	items = flushItems(items, f, 2, 4)
	if allPungs(r) {
		items = append(items, Item{Name: AllPungs, Tai: 2})
	}
	claimed := 0
	for _, x := range r.sets() {
		if x.claimed {
			claimed++
		}
	}
	if claimed == 4 && r.wait == hand.Tanki {
		items = append(items, Item{Name: BigHook, Tai: 1})
	}
	if w.Replacement && (!w.FlowerReplacement || sc.o.FlowerKaiKong) {
		items = append(items, Item{Name: ReplacementWin, Tai: 1}) // D-SH-29
	}
	if sc.o.ExtraFan { // D-SH-26: P-1, P-2, P-6, P-7, P-8, P-12
		wind := s.seatWind(w.Seat)
		items = sc.windDragonItems(items, r, wind)
		if allChows(r) && !r.pair.IsDragon() && r.pair != wind && r.pair != s.Round {
			items = append(items, Item{Name: PingHu, Tai: 1})
		}
		if r.wait == hand.Penchan || r.wait == hand.Kanchan || r.wait == hand.Tanki {
			items = append(items, Item{Name: EdgeClosedSingle, Tai: 1})
		}
		if w.Robbed {
			items = append(items, Item{Name: RobbingKong, Tai: 1})
		}
	}
	for i := range items[start:] {
		items[start+i].fan = true
	}
	return items
}

// kindSeq is every kind in order, read only: an item's Tiles, a run of
// consecutive kinds, is a slice of it, so that listing items allocates
// nothing.
var kindSeq = func() (a [tile.NumAll + 4]tile.Kind) {
	for i := range a {
		a[i] = tile.Kind(i)
	}
	return a
}()

// kindRun returns the n kinds from k on (no room to append: an append
// copies).
func kindRun(k tile.Kind, n int) []tile.Kind { return kindSeq[k : int(k)+n : int(k)+n] }

// trimItems is nil for no items (as a Tally has always said) and items
// with no room to append otherwise.
func trimItems(items []Item) []Item {
	if len(items) == 0 {
		return nil
	}
	return items[:len(items):len(items)]
}
