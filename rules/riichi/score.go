package riichi

import (
	"fmt"
	"math/bits"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Limit is the limit a hand's points reached (spec/riichi.md §11.2).
type Limit uint8

// The limits.
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	KazoeYakuman // 13+ han with kazoe_yakuman on
	Yakuman      // one or more yakuman (Result.Yakuman says how many)
)

// String returns the limit's name in English ("" for none).
func (l Limit) String() string {
	if l <= Yakuman {
		return [...]string{"", "mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman"}[l]
	}
	return fmt.Sprintf("Limit(%d)", uint8(l))
}

// Japanese returns the limit's name in Japanese ("" for none).
func (l Limit) Japanese() string {
	if l <= Yakuman {
		return [...]string{"", "満貫", "跳満", "倍満", "三倍満", "数え役満", "役満"}[l]
	}
	return l.String()
}

// Result is what a win is worth: the reading worth the most
// (spec/riichi.md §10.5, §11.7) and its payments.
type Result struct {
	Yaku    []Scored // yaku in table order, then dora, ura dora, red fives; only yakuman when there are any
	Han     int      // yaku and dora; 0 for a yakuman
	Fu      int      // rounded; 0 for a yakuman
	FuParts []FuPart // what the fu are made of, before rounding
	Yakuman int      // yakuman counted (doubles and stacking as the options say)
	Limit   Limit
	Base    int // base points (基準点) after the limit
	// Arrangement is the reading of the concealed tiles that scored, and
	// Wait how the winning tile completed it.
	Arrangement hand.Arrangement
	Wait        hand.WaitKind
	Payments    []Payment
	Deposits    int // points the winner takes from the table
	Total       int // the winner's gain: every payment and the deposits
}

// Score values the win w under the options o: every reading of the hand
// is scored and the one with the highest payment kept, then the higher
// han, then the higher fu (spec/riichi.md §10.5, D-RI-26). The error wraps
// ErrBadHand, ErrConditions, ErrNotWinning or ErrNoYaku.
//
// Score allocates the Result's storage once; a Scorer reuses its own.
func Score(w Win, o Options) (Result, error) {
	var wk work
	best, d, err := wk.best(&w, &o)
	if err != nil {
		return Result{}, err
	}
	buf := new(resultBuf) // one allocation holds the result's slices
	ny, nf := best.ny, best.nf
	ys, fs := buf.yaku[:ny:ny], buf.fu[:nf:nf]
	if ny > len(buf.yaku) {
		ys = make([]Scored, ny)
	}
	if nf > len(buf.fu) {
		fs = make([]FuPart, nf)
	}
	copy(ys, best.yaku[:ny])
	copy(fs, best.fuParts[:nf])
	var r Result
	best.setResult(&r, ys, fs, buf.arrangement(d))
	r.pay(&w, best, &o, buf.pay[:0:len(buf.pay)])
	return r, nil
}

// Scorer scores wins in storage of its own: the Result it returns shares
// that storage and is valid until the Scorer's next call. Reusing a
// Scorer, scoring a win allocates nothing (an error does). The zero value
// is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	res Result
	pay [4]Payment
	wk  work
}

// work is what one scoring works in: a Scorer keeps it from win to win
// rather than clear it each time, and its Result refers to the scoring
// candidate and decomposition there instead of copying them.
type work struct {
	dbuf  [8]hand.Decomposition
	cands [2]cand
}

// Score is the package's Score in z's storage.
func (z *Scorer) Score(w Win, o Options) (Result, error) {
	r, err := z.ScoreWin(&w, &o)
	if err != nil {
		return Result{}, err
	}
	return *r, nil
}

// ScoreWin is Score for a win and options passed by pointer, which saves
// copying them, and a Result in z's storage, which saves copying it: w and
// o are read and not kept, and the Result is valid until z's next call.
func (z *Scorer) ScoreWin(w *Win, o *Options) (*Result, error) {
	best, d, err := z.wk.best(w, o)
	if err != nil {
		return nil, err
	}
	r := &z.res
	best.setResult(r, best.yaku[:best.ny:best.ny], best.fuParts[:best.nf:best.nf], d.Arrangement())
	r.pay(w, best, o, z.pay[:0:len(z.pay)])
	return r, nil
}

// best scores every reading of the win w under o in wk and returns the
// one worth the most and the decomposition it reads.
func (wk *work) best(w *Win, o *Options) (*cand, *hand.Decomposition, error) {
	var s scorer // on the stack: cleared there for less than a copy costs
	// Set here, on the local scorer, w and o stay on the caller's stack;
	// set through a pointer to s they would move to the heap.
	s.w, s.o = w, o
	if err := s.read(w, o); err != nil {
		return nil, nil, err
	}
	s.init(w, o)
	ho := shapes()
	arrs, err := s.hc.Decompose(wk.dbuf[:0], &ho)
	if err != nil {
		return nil, nil, fmt.Errorf("riichi: %v: %w", err, ErrBadHand)
	}
	if len(arrs) == 0 {
		return nil, nil, fmt.Errorf("riichi: %v does not make four sets and a pair, seven pairs or thirteen orphans: %w", handString(w), ErrNotWinning)
	}
	best, c := &wk.cands[0], &wk.cands[1]
	found := false
	keep := func() {
		if c.valid() && (!found || c.better(best)) {
			best, c, found = c, best, true
		}
	}
	var waits [5]hand.WaitKind
	for i := range arrs {
		d := &arrs[i]
		switch d.Shape {
		case hand.Standard:
			// A reading's score depends on its sets and its wait alone:
			// each wait is scored once, in the readings' order.
			sets := d.Sets()
			for _, wait := range sets.AppendWaits(waits[:0], w.WinTile) {
				s.standard(&sets, wait, c)
				c.arr = i
				keep()
			}
		case hand.SevenPairs:
			s.sevenPairs(c)
			c.arr = i
			keep()
		case hand.ThirteenOrphans:
			s.orphans(c)
			c.arr = i
			keep()
		}
	}
	if !found {
		return nil, nil, fmt.Errorf("riichi: %v wins on %v with no yaku (dora do not count): %w", handString(w), w.WinTile, ErrNoYaku)
	}
	return best, &arrs[best.arr], nil
}

// setResult sets r, payments aside, to the candidate c, its yaku ys and
// fu parts fs and the arrangement a it read.
func (c *cand) setResult(r *Result, ys []Scored, fs []FuPart, a hand.Arrangement) {
	r.Yaku, r.Han, r.Fu, r.FuParts = ys, c.han, c.fu, fs
	r.Yakuman, r.Limit, r.Base = c.yakuman, c.limit, c.base
	r.Arrangement, r.Wait = a, c.wait
	if r.Yakuman > 0 {
		r.Fu, r.FuParts = 0, nil
	}
}

// pay sets r's payments, in out, deposits and total for the win w scored
// as c under o.
func (r *Result) pay(w *Win, c *cand, o *Options, out []Payment) {
	r.Payments, r.Deposits = winPayments(w, c, o, out)
	r.Total = r.Deposits
	for _, p := range r.Payments {
		r.Total += p.Total()
	}
}

func handString(w *Win) string {
	h := tile.Hand{Concealed: w.Concealed, Melds: w.Melds}
	return h.String()
}

// set is a set of a reading: a meld or a group of the concealed tiles.
type set struct {
	kind      setKind
	tile      tile.Kind // the lowest tile of a sequence
	concealed bool      // a concealed triplet or kong (暗刻, 暗槓); a triplet completed by ron is not
}

type setKind uint8

const (
	seqSet setKind = iota
	tripSet
	kongSet
)

// tally is what a reading's sets tell the yaku: the kinds that start a
// sequence, those that start an odd number of them, the kinds of the
// triplets and kongs, and counts. The melds are added one by one (add),
// the concealed sets all at once (addSets).
type tally struct {
	seq, seqOdd, trip               uint64
	seqs, trips, kongs, anko, peiko uint8 // peiko: pairs of identical sequences
}

// add counts the set st.
func (t *tally) add(st set) {
	bit := uint64(1) << (st.tile & 63) // a kind is under 64: the shift needs no test
	if st.kind == seqSet {
		t.seqs++
		t.seq |= bit
		if t.seqOdd&bit != 0 {
			t.peiko++ // a second (or fourth) copy of the sequence
		}
		t.seqOdd ^= bit
		return
	}
	t.trips++
	t.trip |= bit
	if st.kind == kongSet {
		t.kongs++
	}
	if st.concealed {
		t.anko++
	}
}

// addSets counts the concealed sets cs, their triplets concealed.
func (t *tally) addSets(cs *hand.Sets) {
	seq, odd, trip := uint64(cs.Sequences), uint64(cs.OddSequences), uint64(cs.Triplets)
	// Each kind's sequences make pairs (peiko) of the melds' and the
	// concealed together: the concealed pairs, and one more where both
	// hold an odd number.
	t.peiko += uint8((cs.NumSequences-bits.OnesCount64(odd))/2 + bits.OnesCount64(t.seqOdd&odd))
	t.seqs += uint8(cs.NumSequences)
	t.seq |= seq
	t.seqOdd ^= odd
	n := uint8(bits.OnesCount64(trip))
	t.trips += n
	t.anko += n
	t.trip |= trip
}

// The yaku's tests on a tally: kinds are bits, so a suit is 9 bits and a
// sequence's start is its lowest kind.

// dragons and winds count the triplets and kongs of dragons, of winds.
func (t *tally) dragons() int { return bits.OnesCount64(t.trip & dragonKinds) }
func (t *tally) winds() int   { return bits.OnesCount64(t.trip & windKinds) }

// sanshoku: a sequence in each suit at one rank; doukou: a triplet.
func (t *tally) sanshoku() bool { return t.seq&(t.seq>>9)&(t.seq>>18)&0x1ff != 0 }
func (t *tally) doukou() bool   { return t.trip&(t.trip>>9)&(t.trip>>18)&0x1ff != 0 }

// ittsu: 123, 456 and 789 of one suit, the starts 1, 4 and 7.
func (t *tally) ittsu() bool { return t.seq&(t.seq>>3)&(t.seq>>6)&(1|1<<9|1<<18) != 0 }

// chanta reports whether every set and the pair hold a terminal or an
// honour: sequences starting at 1 or 7, no triplet of a simple.
func (t *tally) chanta(pair tile.Kind) bool {
	return pair.IsTerminalOrHonor() && t.seq&^chantaSeqKinds == 0 && t.trip&simpleKinds == 0
}

// scorer holds what does not depend on the reading.
type scorer struct {
	w     *Win
	o     *Options
	conc  tile.Counts  // concealed part with the winning tile
	hc    hand.Counted // conc counted once, for Decompose and the masks
	all   tile.Counts  // every tile, melds included (a kong counts 4)
	held  uint64       // the kinds of all
	melds [4]set
	nm    int
	// the melds' tally, which every reading adds its groups to
	meldTally tally
	closed    bool
	dealer    bool
	// suits present: bit 0 characters, 1 circles, 2 bamboo, 3 honours.
	suits                                      uint8
	allSimple, allTermHonor, allHonor, allTerm bool
	allGreen                                   bool
	// situational yaku (riichi, tsumo, haitei, ...) and dora.
	situ       [8]yakuHan
	ns         int
	dora, ura  int
	aka        int
	kita       int
	shapeYaku  [8]Yaku // yakuman that do not depend on the reading
	nShapeYaku int
}

// init sets up the rest of s, whose tiles read has read, for w under o.
func (s *scorer) init(w *Win, o *Options) {
	s.dealer = w.Dealer()
	held := s.held
	if o.RedFives == 0 {
		s.aka = 0
	}
	// The whole-hand properties by masks of the kinds held.
	if held&manKinds != 0 {
		s.suits |= 1
	}
	if held&(manKinds<<9) != 0 {
		s.suits |= 2
	}
	if held&(manKinds<<18) != 0 {
		s.suits |= 4
	}
	if held&honorKinds != 0 {
		s.suits |= 8
	}
	s.allSimple = held&^simpleKinds == 0
	s.allTermHonor = held&simpleKinds == 0
	s.allHonor = held&^honorKinds == 0
	s.allTerm = held&^terminalKinds == 0
	s.allGreen = held&^greenKinds == 0
	if o.RyuuiisouRequiresHatsu && s.all[tile.Green] == 0 {
		s.allGreen = false
	}
	// Situational yaku, spec/riichi.md §9.1.
	add := func(y Yaku) {
		h, _ := y.Han()
		s.situ[s.ns] = yakuHan{y: y, han: uint8(h)}
		s.ns++
	}
	switch {
	case w.DoubleRiichi:
		add(DoubleRiichi)
	case w.Riichi:
		add(Riichi)
	}
	if w.Ippatsu {
		add(Ippatsu)
	}
	if w.Tsumo && s.closed {
		add(MenzenTsumo)
	}
	if w.Haitei {
		add(Haitei)
	}
	if w.Houtei {
		add(Houtei)
	}
	if w.Rinshan {
		add(Rinshan)
	}
	if w.Chankan {
		add(Chankan)
	}
	if w.Renhou && o.Renhou == RenhouAsMangan {
		add(Renhou)
	}
	// Dora, §5.
	doras := w.Dora
	if !o.KanDora && len(doras) > 1 {
		doras = doras[:1]
	}
	// North tiles set aside (three players) count as norths for dora.
	// Counted as asked, without a copy of the counts.
	count := func(k tile.Kind) int {
		if k == tile.North {
			return int(s.all[k]) + w.Kita
		}
		return int(s.all[k])
	}
	s.kita = w.Kita
	for _, ind := range doras {
		s.dora += count(o.doraOf(ind))
	}
	if (w.Riichi || w.DoubleRiichi) && o.UraDora {
		uras := w.Ura
		if !o.KanUraDora && len(uras) > 1 {
			uras = uras[:1]
		}
		for _, ind := range uras {
			s.ura += count(o.doraOf(ind))
		}
	}
	// Yakuman that depend on the tiles only, §9.2.
	addY := func(y Yaku) {
		s.shapeYaku[s.nShapeYaku] = y
		s.nShapeYaku++
	}
	switch {
	case w.Tenhou:
		addY(Tenhou)
	case w.Chiihou:
		addY(Chiihou)
	case w.Renhou && o.Renhou == RenhouAsYakuman:
		addY(RenhouYakuman)
	}
}

// doraOf returns the dora an indicator points to (spec/riichi.md §5); in
// a three-player game, whose characters are 1m and 9m only, 1m points to
// 9m.
func (o *Options) doraOf(ind tile.Kind) tile.Kind {
	if o.Players == 3 && ind == tile.M1 {
		return tile.M9
	}
	return doraOf(ind)
}

// doraOf returns the dora an indicator points to (spec/riichi.md §5).
func doraOf(ind tile.Kind) tile.Kind {
	switch {
	case ind.IsSuited():
		if ind%9 == 8 {
			return ind - 8
		}
		return ind + 1
	case ind.IsWind():
		return tile.East + (ind-tile.East+1)%4
	default:
		return tile.White + (ind-tile.White+1)%3
	}
}

// Masks of kinds (bit k for tile.Kind k) for the whole-hand yaku; green
// are those a ryuuiisou may hold: 2s 3s 4s 6s 8s 發.
const (
	suitKinds     = uint64(1)<<27 - 1
	manKinds      = uint64(1)<<9 - 1 // characters; circles and bamboo follow
	honorKinds    = (uint64(1)<<tile.NumKinds - 1) &^ suitKinds
	terminalKinds = uint64(1|1<<8) * (1 | 1<<9 | 1<<18)
	simpleKinds   = suitKinds &^ terminalKinds
	dragonKinds   = uint64(1)<<tile.White | 1<<tile.Green | 1<<tile.Red
	windKinds     = uint64(1)<<tile.East | 1<<tile.South | 1<<tile.West | 1<<tile.North
	// the sequences a chanta or junchan may hold: 123 and 789 of a suit
	chantaSeqKinds = uint64(1|1<<6) * (1 | 1<<9 | 1<<18)
	greenKinds     = uint64(1)<<tile.S2 | 1<<tile.S3 | 1<<tile.S4 | 1<<tile.S6 | 1<<tile.S8 | 1<<tile.Green
)

// yakuHan is a situational yaku and its han, small to clear.
type yakuHan struct {
	y   Yaku
	han uint8
}

// resultBuf backs the slices of a Result that Score returns.
type resultBuf struct {
	yaku [10]Scored
	fu   [10]FuPart
	pay  [4]Payment
	// the scoring reading's groups and stand-ins
	groups [hand.MaxGroups]hand.Group
	wild   [4]hand.Stand
}

// arrangement copies d into b.
func (b *resultBuf) arrangement(d *hand.Decomposition) hand.Arrangement {
	a := hand.Arrangement{Shape: d.Shape}
	n := copy(b.groups[:], d.Groups())
	a.Groups = b.groups[:n:n]
	if ws := d.Wild(); ws != nil {
		n = copy(b.wild[:], ws)
		a.Wild = b.wild[:n:n]
	}
	return a
}

// cand is one scored reading.
type cand struct {
	yaku    [20]Scored
	ny      int
	han     int
	fu      int
	fuParts [12]FuPart
	nf      int
	yakuman int
	limit   Limit
	base    int
	points  int // the hand's payments without honba, for comparing
	wait    hand.WaitKind
	arr     int
	pinfu   bool
}

func (c *cand) reset() {
	c.ny, c.han, c.fu, c.nf, c.yakuman, c.limit, c.base, c.points, c.pinfu = 0, 0, 0, 0, 0, NoLimit, 0, 0, false
}

func (c *cand) add(y Yaku, han int) {
	c.yaku[c.ny] = Scored{Yaku: y, Han: han}
	c.ny++
	c.han += han
}

// valid reports whether the reading is a legal win: it has a yaku.
func (c *cand) valid() bool { return c.base > 0 }

// better orders readings by payment, then yakuman, han, fu (D-RI-26).
func (c *cand) better(b *cand) bool {
	if c.points != b.points {
		return c.points > b.points
	}
	if c.yakuman != b.yakuman {
		return c.yakuman > b.yakuman
	}
	if c.han != b.han {
		return c.han > b.han
	}
	return c.fu > b.fu
}

// standard scores a four-sets-and-a-pair reading: the concealed sets cs
// completed by the winning tile with wait.
func (s *scorer) standard(cs *hand.Sets, wait hand.WaitKind, c *cand) {
	c.reset()
	c.wait = wait
	// The tally of every set, the melds' read once in read.
	t := s.meldTally
	t.addSets(cs)
	// The sets with a triplet, in order (the melds, then the concealed
	// triplets by kind, as the groups are), for the fu and the yakuhai. A
	// triplet completed by ron is open (spec/riichi.md §10.2).
	ronTrip := wait == hand.Shanpon && !s.w.Tsumo
	if ronTrip {
		t.anko--
	}
	sets, n := s.melds, s.nm
	for m := uint64(cs.Triplets); m != 0 && n < len(sets); m &= m - 1 {
		k := tile.Kind(bits.TrailingZeros64(m))
		sets[n] = set{kind: tripSet, tile: k, concealed: !ronTrip || k != s.w.WinTile}
		n++
	}
	pair := cs.Pair
	seqs, trips, kongs, anko, peiko := int(t.seqs), int(t.trips), int(t.kongs), int(t.anko), int(t.peiko)
	dragonTrips, windTrips := t.dragons(), t.winds()
	// Yakuman, spec/riichi.md §9.2.
	ys := s.shapeYaku
	ny := s.nShapeYaku
	addY := func(y Yaku) { ys[ny] = y; ny++ }
	if dragonTrips == 3 {
		addY(Daisangen)
	}
	if windTrips == 4 {
		addY(Daisuushii)
	} else if windTrips == 3 && pair.IsWind() {
		addY(Shousuushii)
	}
	if s.allHonor {
		addY(Tsuuiisou)
	}
	if s.allGreen {
		addY(Ryuuiisou)
	}
	if s.allTerm {
		addY(Chinroutou)
	}
	if anko == 4 {
		if wait == hand.Tanki {
			addY(SuuankouTanki)
		} else {
			addY(Suuankou)
		}
	}
	if kongs == 4 {
		addY(Suukantsu)
	}
	if s.nm == 0 {
		if y, ok := s.chuuren(); ok {
			addY(y)
		}
	}
	if ny > 0 {
		s.finishYakuman(c, ys[:ny])
		return
	}

	// Regular yaku, §9.1.
	for _, y := range s.situ[:s.ns] {
		c.add(y.y, int(y.han))
	}
	closedHan := func(y Yaku) {
		cl, op := y.Han()
		if s.closed {
			c.add(y, cl)
		} else if op > 0 {
			c.add(y, op)
		}
	}
	if s.allSimple && (s.closed || s.o.Kuitan) {
		closedHan(Tanyao)
	}
	seatK, roundK := s.w.Seat.Kind(), s.w.Round.Kind()
	yakuhai := dragonKinds | 1<<seatK | 1<<roundK
	pinfu := s.closed && seqs == 4 && wait == hand.Ryanmen && !pair.IsDragon() && pair != seatK && pair != roundK
	if pinfu {
		closedHan(Pinfu)
	}
	if s.closed {
		switch peiko {
		case 1:
			closedHan(Iipeikou)
		case 2:
			closedHan(Ryanpeikou)
		}
	}
	// Yakuhai in the order of the sets, read only when a triplet is one.
	if t.trip&yakuhai != 0 {
		for _, st := range sets[:n] {
			if st.kind == seqSet {
				continue
			}
			switch st.tile {
			case tile.White:
				closedHan(Haku)
			case tile.Green:
				closedHan(Hatsu)
			case tile.Red:
				closedHan(Chun)
			}
			if st.tile == seatK {
				closedHan(SeatWind)
			}
			if st.tile == roundK {
				closedHan(RoundWind)
			}
		}
	}
	if t.sanshoku() {
		closedHan(SanshokuDoujun)
	}
	if t.ittsu() {
		closedHan(Ittsu)
	}
	if trips == 4 {
		closedHan(Toitoi)
	}
	if anko == 3 {
		closedHan(Sanankou)
	}
	if t.doukou() {
		closedHan(SanshokuDoukou)
	}
	if kongs == 3 {
		closedHan(Sankantsu)
	}
	if seqs > 0 && t.chanta(pair) {
		if s.suits&8 != 0 {
			closedHan(Chanta)
		} else {
			closedHan(Junchan)
		}
	}
	if s.allTermHonor {
		closedHan(Honroutou)
	}
	if dragonTrips == 2 && pair.IsDragon() {
		closedHan(Shousangen)
	}
	s.flush(c, closedHan)
	c.pinfu = pinfu
	s.fuStandard(c, sets[:n], pair, wait, pinfu)
	s.finish(c)
}

// flush adds the one-suit yaku, then dora.
func (s *scorer) flush(c *cand, closedHan func(Yaku)) {
	switch s.suits {
	case 1, 2, 4:
		closedHan(Chinitsu)
	case 9, 10, 12:
		closedHan(Honitsu)
	}
}

// chuuren reports a nine gates hand: the concealed 14 tiles of one suit,
// 1112345678999 plus one (spec/riichi.md §9.2).
func (s *scorer) chuuren() (Yaku, bool) {
	if s.suits != 1 && s.suits != 2 && s.suits != 4 {
		return NoYaku, false
	}
	base := 0
	for s.suits>>(base/9)&1 == 0 {
		base += 9
	}
	want := [9]uint8{3, 1, 1, 1, 1, 1, 1, 1, 3}
	extra := -1
	for r := 0; r < 9; r++ {
		v := s.conc[base+r]
		if v < want[r] {
			return NoYaku, false
		}
		if v > want[r] {
			extra = base + r
		}
	}
	if tile.Kind(extra) == s.w.WinTile {
		return JunseiChuuren, true
	}
	return Chuuren, true
}

// sevenPairs scores a chiitoitsu reading.
func (s *scorer) sevenPairs(c *cand) {
	c.reset()
	c.wait = hand.Tanki
	ys := s.shapeYaku
	ny := s.nShapeYaku
	if s.allHonor && s.o.TsuuiisouSevenPairs {
		ys[ny] = Tsuuiisou
		ny++
	}
	if ny > 0 {
		s.finishYakuman(c, ys[:ny])
		return
	}
	for _, y := range s.situ[:s.ns] {
		c.add(y.y, int(y.han))
	}
	closedHan := func(y Yaku) {
		cl, _ := y.Han()
		c.add(y, cl)
	}
	if s.allSimple {
		closedHan(Tanyao)
	}
	closedHan(Chiitoitsu)
	if s.allTermHonor {
		closedHan(Honroutou)
	}
	s.flush(c, closedHan)
	c.fu = 25 // spec/riichi.md §10.3
	c.fuParts[0] = FuPart{Reason: FuChiitoitsu, Fu: 25}
	c.nf = 1
	s.finish(c)
}

// orphans scores a kokushi reading.
func (s *scorer) orphans(c *cand) {
	c.reset()
	c.wait = hand.Special
	ys := s.shapeYaku
	ny := s.nShapeYaku
	if s.conc[s.w.WinTile] == 2 {
		ys[ny] = Kokushi13
	} else {
		ys[ny] = Kokushi
	}
	ny++
	s.finishYakuman(c, ys[:ny])
}

// finishYakuman values a hand with yakuman: regular yaku and dora are
// ignored (spec/riichi.md §9.2).
func (s *scorer) finishYakuman(c *cand, ys []Yaku) {
	total, most := 0, 0
	for _, y := range ys {
		m := 1
		if s.o.DoubleYakuman {
			m = yakuTable[y].yakuman
		}
		c.yaku[c.ny] = Scored{Yaku: y, Yakuman: m}
		c.ny++
		total += m
		most = max(most, m)
	}
	if !s.o.YakumanStacking {
		total = most
	}
	if s.o.MaxYakuman > 0 {
		total = min(total, s.o.MaxYakuman)
	}
	c.yakuman = total
	c.limit = Yakuman
	c.base = 8000 * total
	c.points = s.points(c.base)
}

// finish adds dora to a hand with a yaku and sets its limit and points.
func (s *scorer) finish(c *cand) {
	if c.ny == 0 {
		c.base = 0
		return
	}
	if s.dora > 0 {
		c.add(Dora, s.dora)
	}
	if s.ura > 0 {
		c.add(UraDora, s.ura)
	}
	if s.aka > 0 {
		c.add(AkaDora, s.aka)
	}
	if s.kita > 0 {
		c.add(Nukidora, s.kita)
	}
	c.base, c.limit = limitBase(c.han, c.fu, s.o)
	c.points = s.points(c.base)
}

// limitBase returns the base points of han and fu (spec/riichi.md §11.2,
// §11.3).
func limitBase(han, fu int, o *Options) (int, Limit) {
	switch {
	case han >= 13 && o.KazoeYakuman:
		n := 1
		if o.KazoeStacking {
			n = han / 13
			if o.MaxYakuman > 0 {
				n = min(n, o.MaxYakuman)
			}
		}
		return 8000 * n, KazoeYakuman
	case han >= 11:
		return 6000, Sanbaiman
	case han >= 8:
		return 4000, Baiman
	case han >= 6:
		return 3000, Haneman
	case han >= 5:
		return 2000, Mangan
	}
	b := fu << (han + 2)
	if b >= 2000 || (o.Kiriage && b == 1920) {
		return 2000, Mangan
	}
	return b, NoLimit
}
