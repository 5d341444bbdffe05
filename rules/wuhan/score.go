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
	// the hand was read as 風一色 or 将一色 without a shape.
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
func Score(o Options, s Situation) (Result, error) { return scoreWith(o, s, nil) }

// readFunc reads a hand as scorer.readings does.
type readFunc = func(sc *scorer, c tile.Counts, w int, melds []tile.Meld, ctx winCtx) ([]reading, bool)

// scoreWith is Score reading hands with read (nil: scorer.readings).
func scoreWith(o Options, s Situation, read readFunc) (Result, error) {
	if err := o.Validate(); err != nil {
		return Result{}, err
	}
	roles, err := o.Roles(s.Indicator)
	if err != nil {
		return Result{}, err
	}
	sc := &scorer{o: o, r: roles, n: o.Players(), read: read}
	if err := sc.check(&s); err != nil {
		return Result{}, err
	}
	if w := &s.Players[s.Winner]; !fullHand(w) {
		return Result{}, fmt.Errorf("%w: the winner holds %d concealed tiles with %d melds, want %d",
			ErrSituation, len(w.Concealed), len(w.Melds), 13-3*len(w.Melds))
	}
	return sc.score(&s, true)
}

// scorer holds what every step of scoring reads.
type scorer struct {
	o Options
	r Roles
	n int
	// lax keeps the readings that fail only W4 or W5 (as 小胡): FalseWin
	// values a declared hand ignoring the condition it failed.
	lax bool
	// read, if set, replaces readings (the differential test puts the
	// exhaustive reading of the hand here).
	read readFunc
}

// readingsOf is readings, or the replacement the scorer was given.
func (sc *scorer) readingsOf(c tile.Counts, w int, melds []tile.Meld, ctx winCtx) ([]reading, bool) {
	if sc.read != nil {
		return sc.read(sc, c, w, melds, ctx)
	}
	return sc.readings(c, w, melds, ctx)
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
	dealers := 0
	for i, p := range s.Players {
		if p.Dealer {
			dealers++
		}
		for _, m := range p.Melds {
			if err := m.Check(); err != nil {
				return bad("seat %d: %v", i, err)
			}
			for _, t := range m.Tiles {
				if sc.r.Special(t.Kind) || sc.r.Absent.Has(t.Kind) {
					return bad("seat %d: meld %v holds %v, which cannot be called", i, m, t.Kind)
				}
			}
		}
		for _, k := range p.Specials {
			if !sc.r.Special(k) {
				return bad("seat %d: %v does not score as a kong", i, k)
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
	bare        bool // four opening melds and one concealed tile before the win (全求人's shape)
}

// reading is one legal reading of the winner's hand (§8.7).
type reading struct {
	arr      *hand.Arrangement
	patterns []Pattern
	hard     bool
}

// colours are the one-colour properties of the real tiles (wildcards join
// any pattern, §9).
type colours struct{ qing, feng, jiang bool }

func (sc *scorer) colours(c *tile.Counts, melds []tile.Meld) colours {
	col := colours{qing: true, feng: true, jiang: true}
	suit := tile.Suit(255)
	see := func(k tile.Kind) {
		if k.IsSuited() {
			col.feng = false
			if suit != 255 && k.Suit() != suit {
				col.qing = false
			}
			suit = k.Suit()
			if r := k.Rank(); r != 2 && r != 5 && r != 8 {
				col.jiang = false
			}
		} else {
			col.qing, col.jiang = false, false
		}
	}
	for k, v := range c {
		if v > 0 {
			see(tile.Kind(k))
		}
	}
	for _, m := range melds {
		for _, t := range m.Tiles {
			see(t.Kind)
		}
	}
	return col
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

// readings returns the readings of the real tiles c and w wildcards with
// melds that meet W3–W5, one for each way they score (patterns and 硬胡);
// limited reports whether some reading failed W5 alone.
//
// With wildcards a hand reads hundreds of ways, but a reading's score
// depends only on its props. So rather than every reading, it asks the
// hand core for one reading with each set of props, the largest sets
// first, and skips a set that a reading found already has: whatever such
// a search would find is worth no more than that reading, or than one
// found for a larger set. The best reading is among those found.
func (sc *scorer) readings(c tile.Counts, w int, melds []tile.Meld, ctx winCtx) (out []reading, limited bool) {
	col := sc.colours(&c, melds)
	meldPungs := true
	for _, m := range melds {
		if m.Type == tile.Chi {
			meldPungs = false
		}
	}
	add := func(rd reading) {
		// Readings that score alike are one reading.
		for _, r := range out {
			if r.hard == rd.hard && slices.Equal(r.patterns, rd.patterns) {
				return
			}
		}
		out = append(out, rd)
	}
	var found [8]props
	nfound := 0
	opts := hand.Options{Wildcards: w, WildNever: sc.r.never()}
	for want := allProps; ; want-- {
		dominated := !meldPungs && want&propPungs != 0
		for _, f := range found[:nfound] {
			dominated = dominated || f&want == want
		}
		d, ok := hand.Decomposition{}, false
		if !dominated {
			d, ok = sc.find(&c, &opts, want)
		}
		if ok {
			a := d.Arrangement()
			pungs, pair, pi := meldPungs, tile.Kind(0), -1
			for j, g := range a.Groups {
				switch g.Kind {
				case hand.Pair:
					pair, pi = g.Tile, j
				case hand.Sequence:
					pungs = false
				}
			}
			inPair := 0
			for _, st := range a.Wild {
				if st.Group == pi {
					inPair++
				}
			}
			if inPair == 2 {
				pair = sc.r.Wildcard // DEC-15: two wildcards pair at face value
			}
			hard := true
			for _, st := range a.Wild {
				if st.For != sc.r.Wildcard && !(inPair == 2 && st.Group == pi) {
					hard = false
				}
			}
			pair258 := is258(pair)
			var got props
			if pungs {
				got |= propPungs
			}
			if pair258 {
				got |= prop258
			}
			if hard {
				got |= propHard
			}
			found[nfound] = got
			nfound++
			if rd, ok, lim := sc.reading(&a, pungs, pair258, hard, col, w, ctx); ok {
				add(rd)
			} else {
				limited = limited || lim
			}
		}
		if want == 0 {
			break
		}
	}
	// 風一色 and 将一色 need no shape (W3 b); DEC-17 for 硬胡.
	if col.feng {
		add(reading{patterns: []Pattern{FengYiSe}, hard: w == 0 || sc.r.Wildcard.IsHonor()})
	}
	if col.jiang {
		add(reading{patterns: []Pattern{JiangYiSe}, hard: w == 0 || is258(sc.r.Wildcard)})
	}
	return out, limited
}

// find asks the hand core for one standard reading of c under o with the
// props in want: all triplets; a pair of 2, 5 or 8 holding a real tile,
// or of two wildcards when they pair as a 2, 5 or 8 (DEC-15); every
// wildcard standing for itself.
func (sc *scorer) find(c *tile.Counts, o *hand.Options, want props) (hand.Decomposition, bool) {
	q := *o
	if want&propHard != 0 && q.Wildcards > 0 {
		q.WildNever = allKinds &^ hand.MaskOf(sc.r.Wildcard)
	}
	triplets := want&propPungs != 0
	if want&prop258 == 0 {
		d, ok, _ := hand.FindStandard(c, &q, triplets)
		return d, ok
	}
	var held hand.Mask
	for k, v := range c {
		if v > 0 {
			held |= 1 << k
		}
	}
	if q.PairOnly = held & mask258; q.PairOnly != 0 {
		if d, ok, _ := hand.FindStandard(c, &q, triplets); ok {
			return d, true
		}
	}
	// A pair of two wildcards: of a kind with no real tile, which they
	// may stand for (DEC-15 reads it at face value).
	if q.Wildcards >= 2 && is258(sc.r.Wildcard) {
		if q.PairOnly = allKinds &^ held &^ q.WildNever; q.PairOnly != 0 {
			if d, ok, _ := hand.FindStandard(c, &q, triplets); ok {
				return d, true
			}
		}
	}
	return hand.Decomposition{}, false
}

// reading values one arrangement by its props (W4, W5 and the
// patterns); ok is false when it fails W4 or W5, limited when W5 alone.
func (sc *scorer) reading(a *hand.Arrangement, pungs, pair258, hard bool, col colours, w int, ctx winCtx) (rd reading, ok, limited bool) {
	var ps []Pattern
	if pungs {
		ps = append(ps, PengPeng)
	}
	if col.qing {
		ps = append(ps, QingYiSe)
	}
	if col.feng {
		ps = append(ps, FengYiSe)
	}
	if col.jiang {
		ps = append(ps, JiangYiSe)
	}
	if !pair258 && len(ps) == 0 && !sc.lax {
		return rd, false, false // W4 (DEC-56)
	}
	if pair258 {
		switch {
		case ctx.way == BySelfDraw && ctx.replacement:
			ps = append(ps, GangShangKai)
		case ctx.way == BySelfDraw && ctx.seabed:
			ps = append(ps, HaiDiLao)
		case ctx.way == ByRobbing:
			ps = append(ps, QiangGang)
		case ctx.way == ByDiscard && ctx.bare:
			ps = append(ps, QuanQiuRen)
		}
	}
	if len(ps) == 0 && w > 1 && !sc.lax {
		return rd, false, true // W5
	}
	return reading{arr: a, patterns: ps, hard: hard}, true, false
}

// allKinds are the 34 playing kinds; mask258 the 2s, 5s and 8s.
const (
	allKinds = hand.Mask(1)<<tile.NumKinds - 1
	mask258  = hand.Mask(0x92 | 0x92<<9 | 0x92<<18)
)

// anyTile reports whether the waiting hand (real tiles c, w wildcards) is
// completed by every kind a winning hand may hold (DEC-12).
func (sc *scorer) anyTile(c tile.Counts, w int, melds []tile.Meld, ctx winCtx) bool {
	for k := range tile.Kind(tile.NumKinds) {
		if !sc.r.playable(k) || k == sc.r.Wildcard || c[k] >= 4 {
			continue
		}
		c[k]++
		rs, _ := sc.readingsOf(c, w, melds, ctx)
		c[k]--
		if len(rs) == 0 {
			return false
		}
	}
	return true
}

// openings counts a player's openings: chi, pon, kan from a discard, and
// a pon later added to (§10 F1).
func openings(p *Player) int {
	n := 0
	for _, m := range p.Melds {
		if m.Type != tile.ClosedKan {
			n++
		}
	}
	return n
}

// common returns the fan items counted for winner and payers alike
// (F1–F7, F11).
func (sc *scorer) common(p *Player, big bool) []Fan {
	var out []Fan
	add := func(k FanKind, count, per int) {
		if count > 0 {
			out = append(out, Fan{Kind: k, Count: count, Fan: count * per})
		}
	}
	if op := openings(p); op > 0 {
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
	var open, closed int
	for _, m := range p.Melds {
		switch m.Type {
		case tile.Kan, tile.AddedKan:
			open++
		case tile.ClosedKan:
			closed++
		}
	}
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
		b := 10 * math.Pow(2, float64(n-1))
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

// value works out every share of one reading, before 包.
func (sc *scorer) value(s *Situation, rd reading, w int) Result {
	win := &s.Players[s.Winner]
	big := len(rd.patterns) > 0
	res := Result{Patterns: rd.patterns, Hard: rd.hard, Arrangement: rd.arr, Wildcards: w, Bao: game.NoSeat}
	res.Winner = sc.common(win, big)
	if rd.hard {
		res.Winner = append(res.Winner, Fan{Kind: Hard, Count: 1, Fan: 1})
	}
	if s.Way == BySelfDraw {
		switch {
		case !big:
			res.Winner = append(res.Winner, Fan{Kind: SelfDraw, Count: 1, Fan: 1})
		case slices.ContainsFunc(rd.patterns, func(p Pattern) bool { return !p.selfDrawn() }):
			res.Winner = append(res.Winner, Fan{Kind: SelfDraw, Count: 1, Factor: sc.selfDrawFactor(PengPeng)})
		}
	}
	res.WinnerFan = sumFan(res.Winner)
	res.Base = sc.base(rd.patterns, s.Way, false)
	liable := s.From // whose share takes the deal-in item
	if s.Way == ByRobbing && !sc.o.RobCountsAsDealin {
		liable = game.NoSeat // DEC-24
	}
	for i := 1; i < sc.n; i++ {
		seat := game.Seat((int(s.Winner) + i) % sc.n)
		p := &s.Players[seat]
		sh := Share{Seat: seat, Fan: sc.common(p, big), Base: res.Base}
		if seat == liable {
			switch {
			case !big || sc.n == 3:
				sh.Fan = append(sh.Fan, Fan{Kind: DealIn, Count: 1, Fan: 1})
			default:
				sh.Fan = append(sh.Fan, Fan{Kind: DealIn, Count: 1, Factor: 1.5})
				sh.Base = sc.base(rd.patterns, s.Way, true)
			}
		}
		sh.Exp = res.WinnerFan + sumFan(sh.Fan)
		sh.Raw = sh.Base * math.Pow(2, float64(sh.Exp))
		res.Shares = append(res.Shares, sh)
	}
	sc.caps(&res, s)
	return res
}

// caps applies §11.4 to the shares.
func (sc *scorer) caps(res *Result, s *Situation) {
	c := sc.o.Caps
	all := true
	anyOpen := false
	for _, sh := range res.Shares {
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
	ok := func(sh Share) bool {
		if sc.o.ThresholdUnit == UnitFan {
			return res.Big() || sh.Exp >= sc.o.Threshold
		}
		return sh.Raw >= float64(sc.o.Threshold)
	}
	if sc.o.ThresholdScope == ScopeAny {
		return slices.ContainsFunc(res.Shares, ok)
	}
	for _, sh := range res.Shares {
		if !ok(sh) {
			return false
		}
	}
	return true
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

// score checks the win and values its best reading; with bao it also
// settles 包 (the tenpai test of §11.5.3 scores without it).
func (sc *scorer) score(s *Situation, bao bool) (Result, error) {
	win := &s.Players[s.Winner]
	if s.Way != BySelfDraw && s.Tile == sc.r.Wildcard {
		return Result{}, notWinning(ErrWildDiscard, "%v is the wildcard", s.Tile)
	}
	before, w0 := sc.split(win.Concealed)
	for k := range tile.Kind(tile.NumKinds) {
		if before[k] > 0 && sc.r.KongOnly.Has(k) || s.Tile == k && sc.r.KongOnly.Has(k) {
			return Result{}, notWinning(ErrKongTile, "holds %v", k)
		}
	}
	if openings(win) == 0 {
		return Result{}, notWinning(ErrNoOpening, "no chi, pon or open kong")
	}
	c, w := before, w0
	if s.Tile == sc.r.Wildcard {
		w++
	} else {
		c[s.Tile]++
	}
	for k, v := range c {
		if v > 4 {
			return Result{}, fmt.Errorf("%w: %d tiles of %v in the hand", ErrSituation, v, tile.Kind(k))
		}
	}
	ctx := winCtx{way: s.Way, replacement: s.Replacement, seabed: s.Seabed,
		bare: len(win.Melds) == 4 && len(win.Concealed) == 1 && openings(win) == 4}
	rs, limited := sc.readingsOf(c, w, win.Melds, ctx)
	if len(rs) == 0 {
		if limited {
			return Result{}, notWinning(ErrWildcardLimit, "%d wildcards and no pattern", w)
		}
		return Result{}, notWinning(ErrShape, "%v", tile.Format(kindsTiles(win.Concealed, s.Tile)))
	}
	if s.Way == ByDiscard || s.Way == ByRobbing && !sc.o.AnytileMayRob {
		if sc.anyTile(before, w0, win.Melds, ctx) {
			return Result{}, notWinning(ErrAnyTileWait, "every tile completes the hand")
		}
	}
	var best Result
	found := false
	var failed Result
	for _, rd := range rs {
		res := sc.value(s, rd, w)
		if !sc.passes(&res) {
			failed = res
			continue
		}
		if !found || res.Points > best.Points {
			best, found = res, true
		}
	}
	if !found {
		lows := ""
		for _, sh := range failed.Shares {
			lows += fmt.Sprintf(" seat %d %g;", sh.Seat, sh.Raw)
		}
		return Result{}, notWinning(ErrThreshold, "raw points%s minimum %d %s", lows, sc.o.Threshold, sc.o.ThresholdUnit)
	}
	if bao {
		sc.bao(&best, s)
	}
	sc.settle(&best)
	return best, nil
}

// bao finds the player liable for everyone's share (§11.5, DEC-35, DEC-36).
func (sc *scorer) bao(res *Result, s *Situation) {
	has := func(p Pattern) bool { return slices.Contains(res.Patterns, p) }
	win := &s.Players[s.Winner]
	switch {
	case s.Way == ByRobbing:
		res.Bao, res.BaoReason = s.From, "搶槓: the robbed player pays all (B2)"
		return
	case has(QuanQiuRen) && s.Way == ByDiscard && !sc.ready(s, s.From):
		res.Bao, res.BaoReason = s.From, "全求人 dealt in by a player not ready (B3)"
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
			res.BaoReason = "一色 with three openings: the feeder of the third pays all (B1)"
			return
		}
	}
}

// ready reports whether seat's hand (after its discard) is tenpai as
// §11.5.3 and DEC-37 define it.
func (sc *scorer) ready(s *Situation, seat game.Seat) bool {
	p := s.Players[seat]
	if len(p.Concealed) != 13-3*len(p.Melds) {
		return false
	}
	for k := range tile.Kind(tile.NumKinds) {
		if !sc.r.playable(k) {
			continue
		}
		t := Situation{Indicator: s.Indicator, Players: s.Players, Winner: seat, Tile: k, Way: BySelfDraw, From: game.NoSeat}
		if _, err := sc.score(&t, false); err == nil {
			return true
		}
		if k == sc.r.Wildcard {
			continue
		}
		for i := 1; i < sc.n; i++ {
			t.Way, t.From = ByDiscard, game.Seat((int(seat)+i)%sc.n)
			if _, err := sc.score(&t, false); err == nil {
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
