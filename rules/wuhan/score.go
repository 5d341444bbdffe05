package wuhan

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Errors of Score. The reasons a hand does not win also wrap
// game.ErrNotWinning; ErrDead, from Ruleset.Win, wraps game.ErrIllegal.
var (
	ErrSituation     = errors.New("wuhan: inconsistent situation")
	ErrKongTile      = errors.New("a kong-only tile is in the hand (W1)")
	ErrNoOpening     = errors.New("no opening (W2)")
	ErrShape         = errors.New("not four sets and a pair with a 2-5-8 pair or a pattern (W3, W4)")
	ErrWildcardLimit = errors.New("a small win with more than one wildcard (W5)")
	ErrWildDiscard   = errors.New("a discarded wildcard cannot be won on (W7)")
	ErrAnyTileWait   = errors.New("an any-tile wait wins only by self-draw or robbing (W7, DEC-12)")
	ErrThreshold     = errors.New("below the minimum points (W6)")
	ErrDead          = errors.New("a dead hand cannot win (W8, §12)")
)

// notWinning wraps a reason with game.ErrNotWinning.
func notWinning(reason error, format string, args ...any) error {
	return fmt.Errorf("wuhan: %s: %w (%w)", fmt.Sprintf(format, args...), reason, game.ErrNotWinning)
}

// Way is how a win was made (§8.1).
type Way uint8

// The ways to win.
const (
	BySelfDraw Way = iota // 自摸, replacement and 海底 draws included
	ByDiscard             // 放銃: on another player's discard
	ByRobbing             // 搶槓: on a tile added to a pon
)

func (w Way) String() string { return [...]string{"self-draw", "discard", "robbing"}[w%3] }

// Player is one seat as Score needs it.
type Player struct {
	Dealer bool
	// Concealed are the concealed tiles, wildcards included. The winner's
	// are without the winning tile; a discarder's (after the discard) are
	// needed for 全求人's 包 (§11.5.3); the others' are not read.
	Concealed []tile.Kind
	// Melds in the order made: chi, pon, kan (from a discard), kakan,
	// ankan. Meld.From names the feeder for 包 (§11.5).
	Melds []tile.Meld
	// Specials are the wildcards and kong-only tiles single-konged or
	// discarded (§7.1.3): they score as kongs.
	Specials []tile.Kind
}

// Situation is a win to be scored.
type Situation struct {
	Indicator   tile.Kind // the wildcard indicator (頼子皮)
	Players     []Player  // by seat, 4 (3 in 荊州)
	Winner      game.Seat
	Tile        tile.Kind // the winning tile
	Way         Way
	From        game.Seat // the discarder or the robbed player; NoSeat for a self-draw
	Replacement bool      // self-drawn on a kong replacement (槓上開)
	Seabed      bool      // self-drawn in the 海底撈 phase
}

// Share is one payer's part of a win.
type Share struct {
	Seat   game.Seat
	Fan    []Fan   // the payer's own items
	Base   float64 // the base for this payer: 1 (小胡) or Y_p (§11.2)
	Exp    int     // winner's fan plus this payer's fan
	Raw    float64 // base × 2^Exp, before caps (§11.1)
	Cap    CapKind
	Points float64 // after caps
	Money  int     // the share in money, rounded (§11.6)
	Pays   int     // what the payer actually pays: Money, or under 包 the liable player pays all
}

// Result is a scored win.
type Result struct {
	Patterns []Pattern // none for 小胡
	Hard     bool      // 硬胡
	// Arrangement is the reading of the concealed tiles scored; nil when
	// the hand was read as 風一色 or 将一色 without a shape. Score sets it;
	// a Scorer leaves it nil and gives it on demand (Scorer.Arrangement).
	Arrangement *hand.Arrangement
	Wildcards   int     // wildcards in the hand, the winning tile included
	Base        float64 // the winner's side of the base: 1, or Y (§11.2)
	WinnerFan   int
	Winner      []Fan // the winner's items
	Shares      []Share
	// Bao is the player liable for everyone's share (包, §11.5); NoSeat.
	Bao       game.Seat
	BaoReason string
	Points    float64 // received, after caps
	Money     int     // received, in money
}

// Big reports whether the win is a 大胡.
func (r Result) Big() bool { return len(r.Patterns) > 0 }

// Payments returns the money moves of the win.
func (r Result) Payments(winner game.Seat) []game.Payment {
	var out []game.Payment
	for _, s := range r.Shares {
		if s.Pays != 0 {
			reason := "win"
			if r.Bao != game.NoSeat {
				reason = "win (包)"
			}
			out = append(out, game.Payment{From: s.Seat, To: winner, Amount: s.Pays, Reason: reason})
		}
	}
	return out
}

// Score checks and values a win (spec/wuhan.md §§8–11): the error wraps
// game.ErrNotWinning and one of ErrKongTile, ErrNoOpening, ErrShape,
// ErrWildcardLimit, ErrWildDiscard, ErrAnyTileWait or ErrThreshold when the
// hand does not win, ErrSituation or ErrOptions for bad input.
//
// Score allocates the Result's storage; a Scorer reuses its own.
func Score(o Options, s Situation) (Result, error) {
	var z Scorer
	res, err := z.scoreWith(&o, &s, nil)
	if err != nil {
		return Result{}, err
	}
	out := res.detached(&z)
	out.BaoReason = z.bao.String()
	return out, nil
}

// detached copies r out of a Scorer's storage, field by field so that
// nothing of the storage goes with it (the Scorer stays on the stack).
// It leaves out BaoReason: a string read from r would, to the escape
// analysis, carry the storage with it.
func (r *Result) detached(z *Scorer) Result {
	out := Result{Patterns: slices.Clone(r.Patterns), Hard: r.Hard, Wildcards: r.Wildcards, Base: r.Base,
		WinnerFan: r.WinnerFan, Winner: slices.Clone(r.Winner), Bao: r.Bao, Points: r.Points, Money: r.Money}
	b := &z.bufs[z.best]
	if b.arrange() {
		d := &b.dec
		out.Arrangement = &hand.Arrangement{Shape: d.Shape, Groups: slices.Clone(d.Groups()), Wild: slices.Clone(d.Wild())}
	}
	if r.Shares != nil {
		out.Shares = make([]Share, len(r.Shares))
		for i := range r.Shares {
			sh := &r.Shares[i]
			out.Shares[i] = Share{Seat: sh.Seat, Fan: trimFans(slices.Clone(b.fans[i][:b.nfans[i]])), Base: sh.Base, Exp: sh.Exp, Raw: sh.Raw,
				Cap: sh.Cap, Points: sh.Points, Money: sh.Money, Pays: sh.Pays}
		}
	}
	return out
}

// Scorer scores wins in storage of its own: the Result it returns shares
// that storage and is valid until the Scorer's next call. Reusing a
// Scorer, scoring a win allocates nothing (an error does). The zero value
// is ready to use; a Scorer is not safe for concurrent use.
//
// A Scorer's Result has no Arrangement: what a win is worth does not
// depend on how its tiles are arranged (the need tables tell which
// readings exist), and a search for one arrangement, with wildcards, costs
// as much as the rest of the scoring. A table that shows the arranged hand
// asks Arrangement for it.
type Scorer struct {
	bufs  [2]resultBuf // the best reading's and the one being valued
	rs    readingSet
	probe readingSet // the any-tile wait check's
	// spare judges the discarder's hands for 包 (§11.5.3) while the
	// win's own reading is held here; made on first use.
	spare *Scorer
	bao   baoRule // the last win's
	best  int     // the bufs entry of the last win's reading
	// scored: the last Score or FalseWin valued a win, whose
	// arrangement Arrangement may give.
	scored bool
	// The options and indicator last validated, and their roles: a
	// table scores under the same ones win after win.
	known   bool
	knownO  Options
	knownI  tile.Kind
	knownRs Roles
}

// roles validates o and returns the roles of the indicator, from z when
// it has them.
func (z *Scorer) roles(o *Options, indicator tile.Kind) (Roles, error) {
	if z.known && z.knownI == indicator && z.knownO == *o {
		return z.knownRs, nil
	}
	if err := o.Validate(); err != nil {
		return Roles{}, err
	}
	r, err := o.Roles(indicator)
	if err != nil {
		return Roles{}, err
	}
	z.known, z.knownO, z.knownI, z.knownRs = true, *o, indicator, r
	return r, nil
}

// Score is the package's Score in z's storage, the Result without its
// Arrangement.
func (z *Scorer) Score(o Options, s Situation) (Result, error) {
	z.scored = false
	res, err := z.scoreWith(&o, &s, nil)
	if err == nil {
		z.attach(&res)
		z.scored = true
	}
	return res, err
}

// Arrangement returns the arrangement of the concealed tiles in the
// reading the last Score or FalseWin valued (the Arrangement Score
// gives): nil when that hand was read without a shape (風一色, 将一色) or
// the last call failed. The search for it is made here, once a win; the
// arrangement is z's storage, valid until z's next call.
func (z *Scorer) Arrangement() *hand.Arrangement {
	b := &z.bufs[z.best]
	if !z.scored || !b.arrange() {
		return nil
	}
	b.arr = b.dec.Arrangement() // slices of dec: no copy
	return &b.arr
}

// FalseWin is the package's FalseWin in z's storage, the Result without
// its Arrangement (Arrangement gives it).
func (z *Scorer) FalseWin(o Options, s Situation) (Result, error) {
	z.scored = false
	res, err := z.falseWinWith(o, s, nil)
	if err == nil {
		z.attach(&res)
		z.scored = true
	}
	return res, err
}

// maxFans is the most fan items one side has: an opening, four kinds of
// special kong, open and closed kongs, the dealer, 硬胡 and the self-draw
// (or the deal-in).
const maxFans = 10

// resultBuf is the storage of one Result's slices and arrangement.
type resultBuf struct {
	pats   [maxPatterns]Pattern
	dec    hand.Decomposition
	shaped bool
	lazy   bool  // dec is still to be found (arrange) for the props want
	want   props // the props of a lazy reading
	// q is the search that finds dec when lazy, set by judge for the
	// reading it chose.
	q      arrangeQuery
	arr    hand.Arrangement
	winner [maxFans]Fan
	shares [3]Share
	fans   [3][maxFans]Fan
	nfans  [3]int
}

// attach gives res, valued in z.bufs[z.best], its shares' items, in z's
// storage.
func (z *Scorer) attach(res *Result) {
	b := &z.bufs[z.best]
	for i := range res.Shares {
		res.Shares[i].Fan = trimFans(b.fans[i][:b.nfans[i]])
	}
}

// readFunc reads a hand as scorer.readings does.
type readFunc = func(sc *scorer, c *tile.Counts, w int, melds []tile.Meld, ctx winCtx, out *readingSet)

// scoreWith is Score reading hands with read (nil: scorer.readings). s
// is the caller's copy, which check may change.
func (z *Scorer) scoreWith(o *Options, s *Situation, read readFunc) (Result, error) {
	roles, err := z.roles(o, s.Indicator)
	if err != nil {
		return Result{}, err
	}
	sc := &scorer{o: &z.knownO, r: roles, n: z.knownO.Players(), read: read}
	if err := sc.check(s); err != nil {
		return Result{}, err
	}
	if w := &s.Players[s.Winner]; !fullHand(w) {
		return Result{}, fmt.Errorf("%w: the winner holds %d concealed tiles with %d melds, want %d",
			ErrSituation, len(w.Concealed), len(w.Melds), 13-3*len(w.Melds))
	}
	return sc.score(s, z)
}

// scorer holds what every step of scoring reads.
type scorer struct {
	o *Options // the Scorer's copy, validated
	r Roles
	n int
	// lax keeps the readings that fail only W4 or W5 (as 小胡): FalseWin
	// values a declared hand ignoring the condition it failed.
	lax bool
	// read, if set, replaces readings (the differential test puts the
	// exhaustive reading of the hand here).
	read readFunc
}

// readingsOf is readings, or the replacement the scorer was given. h is
// c counted, or nil.
func (sc *scorer) readingsOf(c *tile.Counts, h *hand.Counted, w int, melds []tile.Meld, ctx winCtx, out *readingSet) {
	if sc.read != nil {
		// Copies, so that what a function value is given (and so
		// escapes) is allocated on this path only: the scorer is made
		// anew, without read, rather than copied, or what it points
		// to (the Scorer's options) would escape with it.
		co, cc, set := *sc.o, *c, new(readingSet)
		cp := scorer{o: &co, r: sc.r, n: sc.n, lax: sc.lax}
		sc.read(&cp, &cc, w, melds, ctx, set)
		*out = *set
		return
	}
	if h == nil {
		hc := hand.Count(c)
		h = &hc
	}
	sc.readings(c, h, w, melds, ctx, out)
}

// check rejects a situation that cannot arise at the table, but for the
// winner's tile count (FalseWin values a hand of any count).
func (sc *scorer) check(s *Situation) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrSituation, fmt.Sprintf(format, args...))
	}
	if len(s.Players) != sc.n {
		return bad("%d players, the variant has %d", len(s.Players), sc.n)
	}
	if s.Winner < 0 || int(s.Winner) >= sc.n {
		return bad("winner %d", s.Winner)
	}
	if s.Way == BySelfDraw {
		if s.From != game.NoSeat && s.From != s.Winner {
			return bad("a self-draw has no discarder (from %d)", s.From)
		}
		s.From = game.NoSeat
	} else if s.From < 0 || int(s.From) >= sc.n || s.From == s.Winner {
		return bad("%s from seat %d", s.Way, s.From)
	}
	if (s.Replacement || s.Seabed) && s.Way != BySelfDraw || s.Replacement && s.Seabed {
		return bad("replacement %v and seabed %v with a %s", s.Replacement, s.Seabed, s.Way)
	}
	if s.Seabed && sc.n == 3 {
		return bad("荊州 has no 海底撈")
	}
	if s.Tile >= tile.NumKinds || sc.r.Absent.Has(s.Tile) {
		return bad("winning tile %v is not in play", s.Tile)
	}
	// The kinds no meld holds: the specials and the kinds not in play
	// (a tile kind outside the mask is caught by Meld.Check).
	uncallable := sc.r.KongOnly | sc.r.Absent | hand.MaskOf(sc.r.Wildcard)
	dealers := 0
	for i := range s.Players {
		p := &s.Players[i]
		if p.Dealer {
			dealers++
		}
		for j := range p.Melds {
			m := &p.Melds[j]
			if err := m.Check(); err != nil {
				return bad("seat %d: %v", i, err)
			}
			for _, t := range m.Tiles {
				if uncallable.Has(t.Kind) {
					return bad("seat %d: meld %v holds %v, which cannot be called", i, m, t.Kind)
				}
			}
		}
		for _, k := range p.Specials {
			if !sc.r.Special(k) {
				return bad("seat %d: %v does not score as a kong", i, k)
			}
		}
		if seat := game.Seat(i); seat != s.Winner && seat != s.From {
			continue // the others' concealed tiles are not read
		}
		for _, k := range p.Concealed {
			if k >= tile.NumKinds || sc.r.Absent.Has(k) {
				return bad("seat %d holds %v, which is not a tile in play", i, k)
			}
		}
	}
	if dealers > 1 {
		return bad("%d dealers", dealers)
	}
	return nil
}

// fullHand reports whether p holds the concealed tiles a winner holds
// before the winning tile: 13, less 3 a meld.
func fullHand(p *Player) bool { return len(p.Concealed) == 13-3*len(p.Melds) }

// winCtx is how the winning tile came.
type winCtx struct {
	way         Way
	replacement bool
	seabed      bool
	bare        bool      // four opening melds and one concealed tile before the win (全求人's shape)
	probe       bool      // the any-tile check's: most hands it tries do not win
	melded      hand.Mask // the kinds in the winner's melds
	// hint, when hinted, is the props by which the any-tile check's last
	// hand won: the next hand it tries likely wins by them too.
	hint   props
	hinted bool
}

// maxPatterns is the most patterns a reading has: all pungs, the three
// 一色 and one way of winning.
const maxPatterns = 5

// reading is one legal reading of the winner's hand (§8.7).
type reading struct {
	d      hand.Decomposition // the arrangement, when shaped and not lazy
	shaped bool               // false: 風一色 or 将一色 read without a shape
	// lazy: the tables showed a reading with the props want exists, and
	// d is left for arrange to find, for the best reading only.
	lazy  bool
	want  props
	pats  [maxPatterns]Pattern
	npats uint8
	hard  bool
}

func (rd *reading) patterns() []Pattern { return rd.pats[:rd.npats] }

func (rd *reading) add(p Pattern) {
	rd.pats[rd.npats] = p
	rd.npats++
}

// readingSet is the readings of one hand, held by value: at most one per
// set of props and the two without a shape.
type readingSet struct {
	rs      [10]reading
	n       int
	limited bool // some reading failed W5 alone
	// wonBy is the props of the reading the any-tile check stopped at.
	wonBy props
	// ds receives the hand core's readings of a hand without wildcards,
	// here rather than on the stack so that it is not cleared each time.
	ds [8]hand.Decomposition
}

func (set *readingSet) list() []reading { return set.rs[:set.n] }

// add keeps rd unless a reading that scores alike is already kept.
func (set *readingSet) add(rd *reading) {
	for i := range set.rs[:set.n] {
		if r := &set.rs[i]; r.hard == rd.hard && slices.Equal(r.patterns(), rd.patterns()) {
			return
		}
	}
	if set.n == len(set.rs) {
		return // cannot happen: eight sets of props and two readings without a shape
	}
	set.rs[set.n] = *rd
	set.n++
}

// colours are the one-colour properties of the real tiles (wildcards join
// any pattern, §9).
type colours struct{ qing, feng, jiang bool }

// colours returns the colours of a hand holding the kinds held, its melds
// included.
func (sc *scorer) colours(held hand.Mask) colours {
	suited := held & suitedKinds
	oneSuit := suited&^(suitMask<<0) == 0 || suited&^(suitMask<<9) == 0 || suited&^(suitMask<<18) == 0
	return colours{
		qing:  held&honourKinds == 0 && oneSuit,
		feng:  suited == 0,
		jiang: held&^mask258 == 0,
	}
}

// meldKinds is the mask of the kinds in melds.
func meldKinds(melds []tile.Meld) hand.Mask {
	var held hand.Mask
	for _, m := range melds {
		for _, t := range m.Tiles {
			held |= hand.MaskOf(t.Kind)
		}
	}
	return held
}

func is258(k tile.Kind) bool {
	r := k.Rank()
	return k.IsSuited() && (r == 2 || r == 5 || r == 8)
}

// The properties a reading scores by (§9, §10): all pungs (碰碰胡), a
// 2-5-8 pair (W4 and the patterns that need it) and 硬胡. A reading with
// more of them never scores less nor fails where one with fewer passes.
type props uint8

const (
	propPungs props = 1 << iota
	prop258
	propHard
	allProps = propPungs | prop258 | propHard
)

// readings puts in out the readings of the real tiles c (counted as h)
// and w wildcards with melds that meet W3–W5, one for each way they
// score (patterns and 硬胡), and whether some reading failed W5 alone.
//
// With wildcards a hand reads hundreds of ways, but a reading's score
// depends only on its props. So rather than every reading, it asks for
// one reading with each set of props, the largest sets first, and skips
// a set that a reading found already has: whatever such a search would
// find is worth no more than that reading, or than one found for a
// larger set. The best reading is among those found. Whether a set has
// a reading the need tables tell (has); only the best reading's
// arrangement is searched for (arrange), after valuing.
func (sc *scorer) readings(c *tile.Counts, h *hand.Counted, w int, melds []tile.Meld, ctx winCtx, out *readingSet) {
	out.n, out.limited, out.wonBy = 0, false, 0
	col := sc.colours(h.Held() | ctx.melded)
	meldPungs := true
	for _, m := range melds {
		if m.Type == tile.Chi {
			meldPungs = false
		}
	}
	opts := hand.Options{Wildcards: w, WildNever: sc.r.never()}
	if w == 0 {
		// Without wildcards a hand has a few readings, which the hand
		// core's table gives at once.
		ds, _ := h.Decompose(out.ds[:0], &opts)
		for i := range ds {
			rd := reading{d: ds[i], shaped: true}
			sc.classify(&rd, meldPungs, col, w, ctx, out)
		}
		sc.shapeless(col, w, out)
		return
	}
	var found [8]props
	nfound := 0
	var memo hasMemo
	// The any-tile check first tries the props its last hand won by. A
	// reading found for them may have more props than it is valued
	// with; valued with fewer it wins only if it wins with all of them.
	if ctx.probe && ctx.hinted {
		if ok, tabled := sc.hasMemo(&memo, c, h, w, ctx.hint); tabled && ok {
			rd := reading{shaped: true, lazy: true, want: ctx.hint}
			if sc.classifyProps(&rd, ctx.hint, col, w, ctx, out); out.n > 0 {
				out.wonBy = ctx.hint
				return
			}
		}
	}
	// Every set of props narrows the plain reading: a hand without one
	// has none of them. Most hands the any-tile check tries have none,
	// nor have most 風一色 and 将一色 hands, which need no shape: for
	// those the plain reading is asked first.
	if ctx.probe || col.feng || col.jiang {
		if ok, tabled := sc.hasMemo(&memo, c, h, w, 0); tabled && !ok {
			sc.shapeless(col, w, out)
			return
		}
	}
	for want := allProps; ; want-- {
		// Without wildcards every reading is hard: asking for it again
		// would find the same.
		skip := !meldPungs && want&propPungs != 0 || w == 0 && want&propHard == 0
		for _, f := range found[:nfound] {
			skip = skip || f&want == want
		}
		skip = skip || memo.ruledOut(want)
		if !skip {
			switch ok, tabled := sc.hasMemo(&memo, c, h, w, want); {
			case tabled && ok:
				// A reading found for want has the props want and no
				// more: a larger set would have been found first.
				rd := reading{shaped: true, lazy: true, want: want}
				found[nfound] = sc.classifyProps(&rd, want, col, w, ctx, out)
				nfound++
			case !tabled:
				if rd := (reading{shaped: true}); sc.find(c, h.Held(), &opts, want, &rd.d) {
					found[nfound] = sc.classify(&rd, meldPungs, col, w, ctx, out)
					nfound++
				}
			}
			if ctx.probe && out.n > 0 {
				out.wonBy = want
				return // the any-tile check asks only whether the hand wins
			}
		}
		if want == 0 {
			break
		}
	}
	sc.shapeless(col, w, out)
}

// shapeless adds the readings of 風一色 and 将一色, which need no shape
// (W3 b); DEC-17 for 硬胡.
func (sc *scorer) shapeless(col colours, w int, out *readingSet) {
	if col.feng {
		rd := reading{hard: w == 0 || sc.r.Wildcard.IsHonor()}
		rd.add(FengYiSe)
		out.add(&rd)
	}
	if col.jiang {
		rd := reading{hard: w == 0 || is258(sc.r.Wildcard)}
		rd.add(JiangYiSe)
		out.add(&rd)
	}
}

// classify works out the props of the arrangement rd.d and its patterns,
// and adds rd to out when it meets W4 and W5.
func (sc *scorer) classify(rd *reading, meldPungs bool, col colours, w int, ctx winCtx, out *readingSet) props {
	pungs, pair, pi := meldPungs, tile.Kind(0), -1
	for j, g := range rd.d.Groups() {
		switch g.Kind {
		case hand.Pair:
			pair, pi = g.Tile, j
		case hand.Sequence:
			pungs = false
		}
	}
	wild := rd.d.Wild()
	inPair := 0
	for _, st := range wild {
		if st.Group == pi {
			inPair++
		}
	}
	if inPair == 2 {
		pair = sc.r.Wildcard // DEC-15: two wildcards pair at face value
	}
	hard := true
	for _, st := range wild {
		if st.For != sc.r.Wildcard && !(inPair == 2 && st.Group == pi) {
			hard = false
		}
	}
	var got props
	if pungs {
		got |= propPungs
	}
	if is258(pair) {
		got |= prop258
	}
	if hard {
		got |= propHard
	}
	return sc.classifyProps(rd, got, col, w, ctx, out)
}

// classifyProps works out the patterns of a reading with the props got,
// and adds rd to out when it meets W4 and W5. It returns got.
func (sc *scorer) classifyProps(rd *reading, got props, col colours, w int, ctx winCtx, out *readingSet) props {
	pungs, pair258 := got&propPungs != 0, got&prop258 != 0
	rd.hard = got&propHard != 0
	if pungs {
		rd.add(PengPeng)
	}
	if col.qing {
		rd.add(QingYiSe)
	}
	if col.feng {
		rd.add(FengYiSe)
	}
	if col.jiang {
		rd.add(JiangYiSe)
	}
	if !pair258 && rd.npats == 0 && !sc.lax {
		return got // W4 (DEC-56)
	}
	if pair258 {
		switch {
		case ctx.way == BySelfDraw && ctx.replacement:
			rd.add(GangShangKai)
		case ctx.way == BySelfDraw && ctx.seabed:
			rd.add(HaiDiLao)
		case ctx.way == ByRobbing:
			rd.add(QiangGang)
		case ctx.way == ByDiscard && ctx.bare:
			rd.add(QuanQiuRen)
		}
	}
	if rd.npats == 0 && w > 1 && !sc.lax {
		out.limited = true // W5
		return got
	}
	out.add(rd)
	return got
}

// find asks the hand core for one standard reading of c under o with the
// props in want: all triplets; a pair of 2, 5 or 8 holding a real tile,
// or of two wildcards when they pair as a 2, 5 or 8 (DEC-15); every
// wildcard standing for itself.
func (sc *scorer) find(c *tile.Counts, held hand.Mask, o *hand.Options, want props, d *hand.Decomposition) bool {
	return find(c, held, o, sc.r.Wildcard, want, d)
}

// find is scorer.find for the wildcard kind wild.
func find(c *tile.Counts, held hand.Mask, o *hand.Options, wild tile.Kind, want props, d *hand.Decomposition) bool {
	q := *o
	if want&propHard != 0 && q.Wildcards > 0 {
		q.WildNever = allKinds &^ hand.MaskOf(wild)
	}
	triplets := want&propPungs != 0
	var ok bool
	if want&prop258 == 0 {
		*d, ok, _ = hand.FindStandard(c, &q, triplets)
		return ok
	}
	if q.PairOnly = held & mask258; q.PairOnly != 0 {
		if *d, ok, _ = hand.FindStandard(c, &q, triplets); ok {
			return true
		}
	}
	// A pair of two wildcards: of a kind with no real tile, which they
	// may stand for (DEC-15 reads it at face value).
	if q.Wildcards >= 2 && is258(wild) {
		if q.PairOnly = allKinds &^ held &^ q.WildNever; q.PairOnly != 0 {
			if *d, ok, _ = hand.FindStandard(c, &q, triplets); ok {
				return true
			}
		}
	}
	return false
}

// allKinds are the 34 playing kinds; mask258 the 2s, 5s and 8s.
const (
	allKinds = hand.Mask(1)<<tile.NumKinds - 1
	mask258  = hand.Mask(0x92 | 0x92<<9 | 0x92<<18)
)

// anyTile reports whether the waiting hand (real tiles c, w wildcards) is
// completed by every kind a winning hand may hold (DEC-12); h is c
// counted.
func (sc *scorer) anyTile(c tile.Counts, h *hand.Counted, w int, melds []tile.Meld, ctx winCtx, rs *readingSet) bool {
	ctx.probe = true
	for k := range tile.Kind(tile.NumKinds) {
		if !sc.r.playable(k) || k == sc.r.Wildcard || c[k] >= 4 {
			continue
		}
		c[k]++
		hk := h.Plus(k)
		sc.readingsOf(&c, &hk, w, melds, ctx, rs)
		c[k]--
		if rs.n == 0 {
			return false
		}
		ctx.hint, ctx.hinted = rs.wonBy, true
	}
	return true
}

// openings counts a player's openings: chi, pon, kan from a discard, and
// a pon later added to (§10 F1).
func openings(p *Player) int {
	n := 0
	for i := range p.Melds {
		if p.Melds[i].Type != tile.ClosedKan {
			n++
		}
	}
	return n
}

// common returns the fan items counted for winner and payers alike
// (F1–F7, F11).
func (sc *scorer) common(p *Player, big bool, out []Fan) []Fan {
	add := func(k FanKind, count, per int) {
		if count > 0 {
			out = append(out, Fan{Kind: k, Count: count, Fan: count * per})
		}
	}
	// The melds read once: openings (as openings counts them) and
	// kongs.
	var op, open, closed int
	for i := range p.Melds {
		switch p.Melds[i].Type {
		case tile.Kan, tile.AddedKan:
			op++
			open++
		case tile.ClosedKan:
			closed++
		default:
			op++
		}
	}
	if op > 0 {
		if sc.o.KaikouFan == KaikouPerCall {
			add(Opening, op, 1)
		} else {
			out = append(out, Fan{Kind: Opening, Count: op, Fan: 1})
		}
	}
	var red, green, wild, pi int
	for _, k := range p.Specials {
		switch {
		case k == sc.r.Wildcard:
			wild++
		case sc.o.Ruleset == QiPi:
			pi++
		case k == tile.Red:
			red++
		case k == tile.Green:
			green++
		}
	}
	add(RedKong, red, 1)
	add(GreenKong, green, 1)
	add(WildKong, wild, 2)
	add(PiKong, pi, 1)
	add(OpenKong, open, 1)
	add(ClosedKong, closed, 2)
	if p.Dealer && !big {
		add(Dealer, 1, 1)
	}
	return out
}

func sumFan(fs []Fan) int {
	n := 0
	for _, f := range fs {
		n += f.Fan
	}
	return n
}

// selfDrawFactor is the self-draw multiplier of one big-hand pattern.
func (sc *scorer) selfDrawFactor(p Pattern) float64 {
	switch {
	case p == GangShangKai || (p == HaiDiLao && sc.n == 4):
		return 1
	case sc.n == 3:
		return 2 // 荊州: a full fan even for 大胡 (§13.6, DEC-28)
	}
	return 1.5
}

// base returns Y for one side (§11.2, §13.7): dealIn for a discarder's
// share of a 4-player big hand.
func (sc *scorer) base(ps []Pattern, way Way, dealIn bool) float64 {
	if len(ps) == 0 {
		return 1
	}
	if sc.o.DaihuBase == BaseCompound {
		n := len(ps)
		b := math.Ldexp(10, n-1)
		s := 0.0
		for _, p := range ps {
			if way == BySelfDraw {
				s += sc.selfDrawFactor(p)
			} else {
				s++
			}
		}
		y := b * s / float64(n)
		if dealIn {
			y *= 1.5
		}
		return y
	}
	y := 0.0
	for _, p := range ps {
		yise := sc.o.YiseBase15 && p.oneColour()
		b := 10.0
		if yise {
			b = 15
		}
		switch {
		case way == BySelfDraw && !p.selfDrawn(), dealIn:
			if yise {
				y += 20 // DEC-40: 15 + 5
			} else if dealIn {
				y += b * 1.5
			} else {
				y += b * sc.selfDrawFactor(p)
			}
		default:
			y += b
		}
	}
	return y
}

// value works out every share of one reading, before 包, in b.
func (sc *scorer) value(s *Situation, rd *reading, w int, b *resultBuf) Result {
	win := &s.Players[s.Winner]
	big := rd.npats > 0
	res := Result{Hard: rd.hard, Wildcards: w, Bao: game.NoSeat}
	if big {
		b.pats = rd.pats
		res.Patterns = b.pats[:rd.npats:rd.npats]
	}
	// The arrangement and the shares' items stay in b until attach
	// (or detached) hands them out: storing into b what points into b
	// would, to the escape analysis, send the Scorer to the heap.
	b.dec, b.shaped, b.lazy, b.want = rd.d, rd.shaped, rd.lazy, rd.want
	res.Winner = sc.common(win, big, b.winner[:0:maxFans])
	if rd.hard {
		res.Winner = append(res.Winner, Fan{Kind: Hard, Count: 1, Fan: 1})
	}
	if s.Way == BySelfDraw {
		switch {
		case !big:
			res.Winner = append(res.Winner, Fan{Kind: SelfDraw, Count: 1, Fan: 1})
		case slices.ContainsFunc(res.Patterns, func(p Pattern) bool { return !p.selfDrawn() }):
			res.Winner = append(res.Winner, Fan{Kind: SelfDraw, Count: 1, Factor: sc.selfDrawFactor(PengPeng)})
		}
	}
	res.Winner = trimFans(res.Winner)
	res.WinnerFan = sumFan(res.Winner)
	res.Base = sc.base(res.Patterns, s.Way, false)
	liable := s.From // whose share takes the deal-in item
	if s.Way == ByRobbing && !sc.o.RobCountsAsDealin {
		liable = game.NoSeat // DEC-24
	}
	res.Shares = b.shares[: 0 : sc.n-1]
	for i := 1; i < sc.n; i++ {
		seat := game.Seat((int(s.Winner) + i) % sc.n)
		p := &s.Players[seat]
		fans := sc.common(p, big, b.fans[i-1][:0:maxFans])
		sh := Share{Seat: seat, Base: res.Base}
		if seat == liable {
			switch {
			case !big || sc.n == 3:
				fans = append(fans, Fan{Kind: DealIn, Count: 1, Fan: 1})
			default:
				fans = append(fans, Fan{Kind: DealIn, Count: 1, Factor: 1.5})
				sh.Base = sc.base(res.Patterns, s.Way, true)
			}
		}
		b.nfans[i-1] = len(fans)
		sh.Exp = res.WinnerFan + sumFan(fans)
		sh.Raw = math.Ldexp(sh.Base, sh.Exp) // Base × 2^Exp, exactly
		res.Shares = append(res.Shares, sh)
	}
	sc.caps(&res, s)
	return res
}

// trimFans is nil for no items (as a Result has always said) and fs with
// no room past its items otherwise, so that a caller's append copies.
func trimFans(fs []Fan) []Fan {
	if len(fs) == 0 {
		return nil
	}
	return fs[:len(fs):len(fs)]
}

// caps applies §11.4 to the shares.
func (sc *scorer) caps(res *Result, s *Situation) {
	c := sc.o.Caps
	all := true
	anyOpen := false
	for i := range res.Shares {
		sh := &res.Shares[i]
		all = all && sh.Raw >= float64(c.Cap)
		anyOpen = anyOpen || openings(&s.Players[sh.Seat]) > 0
	}
	has := func(p Pattern) bool { return slices.Contains(res.Patterns, p) }
	always := has(FengYiSe) && (sc.o.FengyiseJinding || sc.n == 3) || has(JiangYiSe) && sc.n == 3
	res.Points = 0
	for i := range res.Shares {
		sh := &res.Shares[i]
		switch {
		case (all || always) && !anyOpen:
			sh.Cap, sh.Points = San, float64(c.San)
		case (all || always) && openings(&s.Players[sh.Seat]) == 0:
			sh.Cap, sh.Points = Yang, float64(c.Yang)
		case all || always:
			sh.Cap, sh.Points = Jin, float64(c.Jin)
		case sh.Raw >= float64(c.Cap):
			sh.Cap, sh.Points = Capped, float64(c.Cap)
		default:
			sh.Cap, sh.Points = Uncapped, sh.Raw
		}
		res.Points += sh.Points
	}
}

// passes applies the threshold (§8.6, DEC-19, DEC-21).
func (sc *scorer) passes(res *Result) bool {
	anyShare := sc.o.ThresholdScope == ScopeAny
	for i := range res.Shares {
		sh := &res.Shares[i]
		ok := sh.Raw >= float64(sc.o.Threshold)
		if sc.o.ThresholdUnit == UnitFan {
			ok = res.Big() || sh.Exp >= sc.o.Threshold
		}
		if ok == anyShare {
			return anyShare // one share passes (any), or one fails (all)
		}
	}
	return !anyShare
}

// money rounds points to money by 四捨六入 with the half rule (§11.6).
func (sc *scorer) money(points float64) int {
	q := points / float64(sc.o.StakeDivisor)
	f := math.Floor(q)
	switch frac := q - f; {
	case frac < 0.5-1e-9:
		return int(f)
	case frac > 0.5+1e-9:
		return int(f) + 1
	}
	switch sc.o.RoundHalf {
	case HalfUp:
		return int(f) + 1
	case HalfDown:
		return int(f)
	}
	if math.Mod(f, 2) == 0 {
		return int(f)
	}
	return int(f) + 1
}

// hand splits the winner's tiles into real counts and wildcards.
func (sc *scorer) split(ks []tile.Kind) (c tile.Counts, w int) {
	for _, k := range ks {
		if k == sc.r.Wildcard {
			w++
		} else {
			c[k]++
		}
	}
	return c, w
}

// score checks the win, values its best reading in z's storage and
// settles 包.
func (sc *scorer) score(s *Situation, z *Scorer) (Result, error) {
	best, failed, reason := sc.judge(s, z)
	if reason != nil {
		return Result{}, sc.explain(s, reason, &failed)
	}
	z.bao = baoNone
	sc.bao(&best, s, z)
	best.BaoReason = z.bao.String()
	sc.settle(&best)
	return best, nil
}

// judge checks the win and values its best reading in z's storage, before
// 包 and rounding. reason is why the hand does not win (ErrSituation or
// one of the reasons of Score, unwrapped: explain words it), failed then
// the last reading below the threshold. It formats no error, so that the
// tenpai test of §11.5.3, which judges many hands that do not win,
// allocates nothing.
func (sc *scorer) judge(s *Situation, z *Scorer) (best Result, failed lows, reason error) {
	win := &s.Players[s.Winner]
	if s.Way != BySelfDraw && s.Tile == sc.r.Wildcard {
		return best, failed, ErrWildDiscard
	}
	before, w0 := sc.split(win.Concealed)
	c, w := sc.add(before, w0, s.Tile)
	// The hand counted once: the wildcard is no kong-only kind, so the
	// kong-only tiles held are those of before and the winning tile.
	h := hand.Count(&c)
	if h.Held()&sc.r.KongOnly != 0 {
		return best, failed, ErrKongTile
	}
	op := openings(win)
	if op == 0 {
		return best, failed, ErrNoOpening
	}
	if h.Over() != 0 {
		return best, failed, ErrSituation
	}
	ctx := winCtx{way: s.Way, replacement: s.Replacement, seabed: s.Seabed,
		bare: len(win.Melds) == 4 && len(win.Concealed) == 1 && op == 4, melded: meldKinds(win.Melds)}
	// The any-tile check first: a hand that waits on every kind wins on
	// the kind it won on (a real tile, in play, held at most three times
	// before), so it would pass the readings below and be refused here.
	if s.Way == ByDiscard || s.Way == ByRobbing && !sc.o.AnytileMayRob {
		hb := h.Less(s.Tile) // not the wildcard (ErrWildDiscard above)
		wins, tabled := false, false
		if sc.read == nil {
			// The differential test's readings go through anyTile.
			wins, tabled = sc.anyTileByTables(&hb, w0, win.Melds, ctx)
		}
		if !tabled {
			wins = sc.anyTile(before, &hb, w0, win.Melds, ctx, &z.probe)
		}
		if wins {
			return best, failed, ErrAnyTileWait
		}
	}
	rs := &z.rs
	sc.readingsOf(&c, &h, w, win.Melds, ctx, rs)
	if rs.n == 0 {
		if rs.limited {
			return best, failed, ErrWildcardLimit
		}
		return best, failed, ErrShape
	}
	found, bi := false, 1 // best is in z.bufs[bi]
	for i := range rs.list() {
		res := sc.value(s, &rs.rs[i], w, &z.bufs[1-bi])
		if !sc.passes(&res) {
			failed.of(&res)
			continue
		}
		if !found || res.Points > best.Points {
			best, found, bi = res, true, 1-bi
		}
	}
	if !found {
		return best, failed, ErrThreshold
	}
	z.best = bi
	sc.toArrange(&c, h.Held(), w, &z.bufs[bi])
	return best, failed, nil
}

// lows is what explain words of a reading below the threshold: each
// share's seat and raw points, without the Result (judge copies it
// for every reading that fails).
type lows struct {
	shares [3]struct {
		Seat game.Seat
		Raw  float64
	}
	n int
}

func (l *lows) of(res *Result) {
	l.n = len(res.Shares)
	for i := range res.Shares[:min(l.n, len(l.shares))] {
		l.shares[i].Seat, l.shares[i].Raw = res.Shares[i].Seat, res.Shares[i].Raw
	}
}

// arrangeQuery is what find needs to search for a reading of the
// winner's real tiles c (holding the kinds held) and w wildcards.
type arrangeQuery struct {
	c     tile.Counts
	held  hand.Mask
	w     int
	wild  tile.Kind
	never hand.Mask
}

// toArrange keeps in b, when the tables rather than a search showed its
// reading, what arrange needs to find the reading's arrangement.
func (sc *scorer) toArrange(c *tile.Counts, held hand.Mask, w int, b *resultBuf) {
	if b.lazy {
		b.q = arrangeQuery{c: *c, held: held, w: w, wild: sc.r.Wildcard, never: sc.r.never()}
	}
}

// arrange makes b.dec the arrangement of the reading valued in b and
// reports whether it has one (false: read without a shape). A lazy
// reading's is the one find gives for its props, as if each set had been
// searched.
func (b *resultBuf) arrange() bool {
	if b.lazy {
		q := &b.q
		opts := hand.Options{Wildcards: q.w, WildNever: q.never}
		find(&q.c, q.held, &opts, q.wild, b.want, &b.dec)
		b.lazy = false
	}
	return b.shaped
}

// kongTile returns a kong-only kind among the real tiles c and the
// winning tile, or -1.
func (sc *scorer) kongTile(c *tile.Counts, win tile.Kind) int {
	for k := range tile.Kind(tile.NumKinds) {
		if (c[k] > 0 || win == k) && sc.r.KongOnly.Has(k) {
			return int(k)
		}
	}
	return -1
}

// add returns the real tiles and wildcards with the winning tile.
func (sc *scorer) add(c tile.Counts, w int, win tile.Kind) (tile.Counts, int) {
	if win == sc.r.Wildcard {
		w++
	} else {
		c[win]++
	}
	return c, w
}

// explain words the reason judge gave for a hand that does not win.
func (sc *scorer) explain(s *Situation, reason error, failed *lows) error {
	win := &s.Players[s.Winner]
	before, w := sc.split(win.Concealed)
	c, w := sc.add(before, w, s.Tile)
	switch reason {
	case ErrWildDiscard:
		return notWinning(reason, "%v is the wildcard", s.Tile)
	case ErrKongTile:
		return notWinning(reason, "holds %v", tile.Kind(sc.kongTile(&before, s.Tile)))
	case ErrNoOpening:
		return notWinning(reason, "no chi, pon or open kong")
	case ErrSituation:
		for k, v := range c {
			if v > 4 {
				return fmt.Errorf("%w: %d tiles of %v in the hand", ErrSituation, v, tile.Kind(k))
			}
		}
	case ErrWildcardLimit:
		return notWinning(reason, "%d wildcards and no pattern", w)
	case ErrShape:
		return notWinning(reason, "%v", tile.Format(kindsTiles(win.Concealed, s.Tile)))
	case ErrAnyTileWait:
		return anyTileWait(s.Winner)<<6 | anyTileWait(s.Tile)
	case ErrThreshold:
		lows := ""
		for _, sh := range failed.shares[:failed.n] {
			lows += fmt.Sprintf(" seat %d %g;", sh.Seat, sh.Raw)
		}
		return notWinning(reason, "raw points%s minimum %d %s", lows, sc.o.Threshold, sc.o.ThresholdUnit)
	}
	return notWinning(reason, "does not win")
}

// anyTileWait is the refusal of a win by an any-tile wait, ErrAnyTileWait
// wrapped with game.ErrNotWinning as notWinning words it, naming the
// winner's seat and the winning tile: seat<<6 | tile. A table refuses
// such wins at every discard it asks about, so the refusal is a small
// number (an interface holds one under 256 without allocating), worded
// only when printed.
type anyTileWait uint16

func (e anyTileWait) Error() string {
	return notWinning(ErrAnyTileWait, "seat %d on %v: every tile completes the hand", e>>6, tile.Kind(e&0x3f)).Error()
}

// Is reports whether target is one of the reasons e wraps, for
// errors.Is without the slice Unwrap returns.
func (e anyTileWait) Is(target error) bool {
	return target == ErrAnyTileWait || target == game.ErrNotWinning
}

func (e anyTileWait) Unwrap() []error { return []error{ErrAnyTileWait, game.ErrNotWinning} }

// baoRule is why a player pays for everyone (§11.5).
type baoRule uint8

const (
	baoNone baoRule = iota
	baoRobbed
	baoNotReady
	baoFlush
)

func (b baoRule) String() string {
	switch b {
	case baoRobbed:
		return "搶槓: the robbed player pays all (B2)"
	case baoNotReady:
		return "全求人 dealt in by a player not ready (B3)"
	case baoFlush:
		return "一色 with three openings: the feeder of the third pays all (B1)"
	}
	return ""
}

// bao finds the player liable for everyone's share (§11.5, DEC-35,
// DEC-36) and records the rule in z.bao.
func (sc *scorer) bao(res *Result, s *Situation, z *Scorer) {
	has := func(p Pattern) bool { return slices.Contains(res.Patterns, p) }
	win := &s.Players[s.Winner]
	switch {
	case s.Way == ByRobbing:
		res.Bao, z.bao = s.From, baoRobbed
		return
	case has(QuanQiuRen) && s.Way == ByDiscard && !sc.ready(s, s.From, z):
		res.Bao, z.bao = s.From, baoNotReady
		return
	}
	if openings(win) < 3 || !(has(QingYiSe) || sc.o.YiseBao && (has(FengYiSe) || has(JiangYiSe))) {
		return
	}
	n := 0
	for _, m := range win.Melds {
		if m.Type == tile.ClosedKan {
			continue
		}
		if n++; n == 3 {
			res.Bao = game.Seat((int(s.Winner) + m.From) % sc.n)
			z.bao = baoFlush
			return
		}
	}
}

// ready reports whether seat's hand (after its discard) is tenpai as
// §11.5.3 and DEC-37 define it.
func (sc *scorer) ready(s *Situation, seat game.Seat, z *Scorer) bool {
	p := s.Players[seat]
	if len(p.Concealed) != 13-3*len(p.Melds) {
		return false
	}
	if z.spare == nil {
		z.spare = new(Scorer)
	}
	for k := range tile.Kind(tile.NumKinds) {
		if !sc.r.playable(k) {
			continue
		}
		t := Situation{Indicator: s.Indicator, Players: s.Players, Winner: seat, Tile: k, Way: BySelfDraw, From: game.NoSeat}
		if _, _, reason := sc.judge(&t, z.spare); reason == nil {
			return true
		}
		if k == sc.r.Wildcard {
			continue
		}
		for i := 1; i < sc.n; i++ {
			t.Way, t.From = ByDiscard, game.Seat((int(seat)+i)%sc.n)
			if _, _, reason := sc.judge(&t, z.spare); reason == nil {
				return true
			}
		}
	}
	return false
}

// settle rounds the shares and says who pays what.
func (sc *scorer) settle(res *Result) {
	res.Money = 0
	for i := range res.Shares {
		sh := &res.Shares[i]
		sh.Money = sc.money(sh.Points)
		res.Money += sh.Money // DEC-30: each notional share rounded, then added
		sh.Pays = sh.Money
		if res.Bao != game.NoSeat {
			sh.Pays = 0
		}
	}
	for i := range res.Shares {
		if res.Shares[i].Seat == res.Bao {
			res.Shares[i].Pays = res.Money
		}
	}
}

func kindsTiles(ks []tile.Kind, extra tile.Kind) []tile.Tile {
	out := make([]tile.Tile, 0, len(ks)+1)
	for _, k := range ks {
		out = append(out, tile.Tile{Kind: k})
	}
	return append(out, tile.Tile{Kind: extra})
}
