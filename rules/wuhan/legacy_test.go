package wuhan

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"jantaku/internal/difftest"
	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// The differential test of the scorer: readings (one reading per set of
// props, found by hand.FindStandard) against legacyReadings below, the
// scorer as it stood before, which reads the hand every way
// (hand.Arrangements). Random situations, seeded; JANTAKU_DIFF_HANDS
// raises the count.

// legacyReadings puts in set the readings of the real tiles c and w
// wildcards with melds that meet W3–W5, and whether some reading failed
// W5 alone, reading the hand every way.
func (sc *scorer) legacyReadings(cp *tile.Counts, w int, melds []tile.Meld, ctx winCtx, set *readingSet) {
	c := *cp
	set.n, set.limited = 0, false
	h := hand.Count(&c)
	col := sc.colours(h.Held() | meldKinds(melds))
	meldPungs := true
	for _, m := range melds {
		if m.Type == tile.Chi {
			meldPungs = false
		}
	}
	add := func(d *hand.Decomposition, ps []Pattern, hard bool) {
		rd := reading{hard: hard}
		if d != nil {
			rd.d, rd.shaped = *d, true
		}
		for _, p := range ps {
			rd.add(p)
		}
		set.add(&rd)
	}
	opts := hand.Options{Wildcards: w, WildNever: sc.r.never()}
	if hand.Complete(&c, &opts) {
		ds, _ := hand.Decompose(nil, &c, &opts)
		for i := range ds {
			a := ds[i].Arrangement()
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
				continue // W4 (DEC-56)
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
				set.limited = true // W5
				continue
			}
			add(&ds[i], ps, hard)
		}
	}
	// 風一色 and 将一色 need no shape (W3 b); DEC-17 for 硬胡.
	if col.feng {
		add(nil, []Pattern{FengYiSe}, w == 0 || sc.r.Wildcard.IsHonor())
	}
	if col.jiang {
		add(nil, []Pattern{JiangYiSe}, w == 0 || is258(sc.r.Wildcard))
	}
}

func diffSituations(t *testing.T) int { return difftest.Hands(t, 20000, 3000) }

// randomSituation draws a win to score: a variant, an indicator, the
// winner's melds (one opening at least) and concealed tiles made of sets
// and a pair from a narrow range of kinds (so that they win and read many
// ways) with 0–4 of them wildcards, a way of winning and payers' melds.
func randomSituation(r *rand.Rand) (Options, Situation, bool) {
	names := []string{"hzfc", "hz", "qipi", "koukou", "jingzhou3p"}
	o, _ := Preset(names[r.IntN(len(names))])
	if r.IntN(3) == 0 {
		o.DaihuBase = BaseCompound
	}
	if r.IntN(3) == 0 {
		o.ThresholdUnit, o.Threshold = UnitFan, r.IntN(6)
	}
	o.YiseBase15 = r.IntN(2) == 0
	set, _ := o.Set()
	var inds []tile.Kind
	for k := range tile.Kind(tile.NumKinds) {
		if set.Has(k) {
			inds = append(inds, k)
		}
	}
	ind := inds[r.IntN(len(inds))]
	roles, _ := o.Roles(ind)
	var play []tile.Kind
	for k := range tile.Kind(tile.NumKinds) {
		if roles.playable(k) && k != roles.Wildcard {
			play = append(play, k)
		}
	}
	n := o.Players()
	from := func() int { return 1 + r.IntN(n-1) }
	meld := func(c *tile.Counts, open bool) (tile.Meld, bool) {
		k := play[r.IntN(len(play))]
		ts := func(ks ...tile.Kind) []tile.Tile {
			out := make([]tile.Tile, len(ks))
			for i, x := range ks {
				out[i] = tile.Tile{Kind: x}
				c[x]++
			}
			return out
		}
		switch {
		case !open:
			return tile.Meld{Type: tile.ClosedKan, Tiles: ts(k, k, k, k)}, c[k] <= 4
		case r.IntN(2) == 0 && k.IsSuited() && k.Rank() <= 7 && roles.playable(k+1) && roles.playable(k+2) &&
			k+1 != roles.Wildcard && k+2 != roles.Wildcard:
			return tile.Meld{Type: tile.Chi, Tiles: ts(k, k+1, k+2), From: from()}, c[k] <= 4 && c[k+1] <= 4 && c[k+2] <= 4
		}
		return tile.Meld{Type: tile.Pon, Tiles: ts(k, k, k), From: from()}, c[k] <= 4
	}
	var used tile.Counts
	nm := 1 + r.IntN(4)
	var melds []tile.Meld
	for i := range nm {
		m, ok := meld(&used, i == 0 || r.IntN(5) > 0)
		if !ok {
			return o, Situation{}, false
		}
		melds = append(melds, m)
	}
	// The concealed tiles: sets and a pair from a few kinds.
	lo := r.IntN(len(play))
	span := min(len(play)-lo, 3+r.IntN(8))
	var ks []tile.Kind
	pick := func() tile.Kind { return play[lo+r.IntN(span)] }
	for range 4 - nm {
		k := pick()
		if r.IntN(2) == 0 && k.IsSuited() && k.Rank() <= 7 && slices.Contains(play, k+1) && slices.Contains(play, k+2) {
			ks = append(ks, k, k+1, k+2)
		} else {
			ks = append(ks, k, k, k)
		}
	}
	p := pick()
	ks = append(ks, p, p)
	if r.IntN(4) == 0 { // a random tile changed
		ks[r.IntN(len(ks))] = pick()
	}
	for range r.IntN(5) {
		ks[r.IntN(len(ks))] = roles.Wildcard
	}
	var cc tile.Counts
	for _, k := range ks {
		if cc[k]++; cc[k] > 4 {
			return o, Situation{}, false
		}
	}
	if cc[roles.Wildcard] > 4 {
		return o, Situation{}, false
	}
	r.Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
	winner := game.Seat(r.IntN(n))
	s := Situation{Indicator: ind, Players: make([]Player, n), Winner: winner, Tile: ks[len(ks)-1], From: game.NoSeat}
	s.Players[winner] = Player{Concealed: ks[:len(ks)-1], Melds: melds}
	s.Players[r.IntN(n)].Dealer = true
	for i := range n {
		if game.Seat(i) == winner {
			continue
		}
		var pm []tile.Meld
		var pc tile.Counts
		for range r.IntN(3) {
			m, _ := meld(&pc, r.IntN(4) > 0)
			pm = append(pm, m)
		}
		s.Players[i].Melds = pm
		if r.IntN(3) == 0 {
			s.Players[i].Specials = []tile.Kind{roles.Wildcard}
		}
		for range 13 - 3*len(pm) {
			s.Players[i].Concealed = append(s.Players[i].Concealed, play[r.IntN(len(play))])
		}
	}
	switch r.IntN(4) {
	case 0, 1:
		s.Way = BySelfDraw
		switch r.IntN(4) {
		case 0:
			s.Replacement = true
		case 1:
			s.Seabed = n == 4
		}
	case 2:
		s.Way = ByDiscard
	default:
		s.Way = ByRobbing
	}
	if s.Way != BySelfDraw {
		s.From = game.Seat((int(winner) + from()) % n)
	}
	return o, s, true
}

var scoreErrors = []error{ErrSituation, ErrKongTile, ErrNoOpening, ErrShape, ErrWildcardLimit,
	ErrWildDiscard, ErrAnyTileWait, ErrThreshold, ErrOptions, game.ErrNotWinning}

// sameValue compares two scorings of one win: the same errors, or the
// same amounts (when readings tie on points, which one is reported is
// free, spec/wuhan.md §8.7).
func sameValue(a, b Result, ea, eb error) string {
	for _, e := range scoreErrors {
		if errors.Is(ea, e) != errors.Is(eb, e) {
			return fmt.Sprintf("errors %v and %v", ea, eb)
		}
	}
	if ea != nil {
		return ""
	}
	if a.Points != b.Points || a.Money != b.Money || a.Bao != b.Bao || a.Wildcards != b.Wildcards || len(a.Shares) != len(b.Shares) {
		return fmt.Sprintf("points %v/%v money %v/%v bao %v/%v", a.Points, b.Points, a.Money, b.Money, a.Bao, b.Bao)
	}
	for i := range a.Shares {
		x, y := a.Shares[i], b.Shares[i]
		if x.Seat != y.Seat || x.Points != y.Points || x.Money != y.Money || x.Pays != y.Pays || x.Cap != y.Cap {
			return fmt.Sprintf("share %d: %+v and %+v", i, x, y)
		}
	}
	return ""
}

func TestReadingsMatchExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 9))
	n := diffSituations(t)
	legacy := (*scorer).legacyReadings
	wins, wild, tested := 0, 0, 0
	var z Scorer
	for tested < n {
		o, s, ok := randomSituation(r)
		if !ok {
			continue
		}
		tested++
		got, err := Score(o, s)
		so, ss := o, s // scoreWith's to change
		want, werr := new(Scorer).scoreWith(&so, &ss, legacy)
		if d := sameValue(got, want, err, werr); d != "" {
			t.Fatalf("case %d: %+v %+v: %s\nnow:    %+v %v\nbefore: %+v %v", tested, o, s, d, got, err, want, werr)
		}
		// A Scorer reused from case to case gives what Score gives, the
		// arrangement when asked.
		zgot, zerr := z.Score(o, s)
		if zgot.Arrangement != nil {
			t.Fatalf("case %d: a Scorer's Result has an Arrangement", tested)
		}
		if zerr == nil {
			zgot.Arrangement = z.Arrangement()
		}
		if !reflect.DeepEqual(zgot, got) || fmt.Sprint(zerr) != fmt.Sprint(err) {
			t.Fatalf("case %d: %+v %+v: a reused Scorer gives %+v %v, Score %+v %v", tested, o, s, zgot, zerr, got, err)
		}
		if err == nil {
			wins++
			if got.Wildcards > 0 {
				wild++
			}
			if d := arrangementFits(o, s, got); d != "" {
				t.Fatalf("case %d: %+v %+v: arrangement %+v: %s", tested, o, s, got.Arrangement, d)
			}
		}
		fgot, err := FalseWin(o, s)
		fwant, werr := new(Scorer).falseWinWith(o, s, legacy)
		if d := sameValue(fgot, fwant, err, werr); d != "" {
			t.Fatalf("case %d: FalseWin %+v %+v: %s\nnow:    %+v %v\nbefore: %+v %v", tested, o, s, d, fgot, err, fwant, werr)
		}
	}
	if wins < n/10 || wild < n/20 {
		t.Fatalf("only %d of %d random situations won (%d with wildcards)", wins, n, wild)
	}
	t.Logf("%d situations, %d wins, %d with wildcards", n, wins, wild)
}

// TestScorerAllocs: a Scorer reused scores a win, wildcards or not,
// without allocating.
func TestScorerAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	var z Scorer
	checked := 0
	for checked < 200 {
		o, s, ok := randomSituation(r)
		if !ok {
			continue
		}
		if _, err := z.Score(o, s); err != nil {
			continue
		}
		checked++
		if n := testing.AllocsPerRun(5, func() { z.Score(o, s) }); n != 0 {
			t.Fatalf("%+v %+v: %v allocations a win", o, s, n)
		}
	}
}

// arrangementFits reports how res.Arrangement fails to read the winner's
// concealed tiles and winning tile as res scores them: its groups must be
// the real tiles and one stand-in per wildcard, four sets less the melds
// and a pair; all triplets for 碰碰胡, a 2, 5 or 8 pair for a 小胡, every
// wildcard as itself for 硬胡; none only for 風一色 or 将一色. "" when it
// fits.
func arrangementFits(o Options, s Situation, res Result) string {
	a := res.Arrangement
	if a == nil {
		if slices.Contains(res.Patterns, FengYiSe) || slices.Contains(res.Patterns, JiangYiSe) {
			return "" // read without a shape
		}
		return "no arrangement for a hand read with a shape"
	}
	roles, err := o.Roles(s.Indicator)
	if err != nil {
		return err.Error()
	}
	var real, groups tile.Counts
	w := 0
	win := s.Players[s.Winner]
	for _, k := range append(slices.Clone(win.Concealed), s.Tile) {
		if k == roles.Wildcard {
			w++
		} else {
			real[k]++
		}
	}
	if len(a.Wild) != w || w != res.Wildcards {
		return fmt.Sprintf("%d stand-ins for %d wildcards (result %d)", len(a.Wild), w, res.Wildcards)
	}
	for _, st := range a.Wild {
		if res.Hard && st.For != roles.Wildcard {
			return fmt.Sprintf("硬胡 with a wildcard standing for %v", st.For)
		}
		real[st.For]++
	}
	pairs, sets, seqs := 0, 0, 0
	var pair tile.Kind
	for _, g := range a.Groups {
		switch g.Kind {
		case hand.Pair:
			pairs++
			pair = g.Tile
			groups[g.Tile] += 2
		case hand.Triplet:
			sets++
			groups[g.Tile] += 3
		case hand.Sequence:
			sets, seqs = sets+1, seqs+1
			for i := range tile.Kind(3) {
				groups[g.Tile+i]++
			}
		default:
			return fmt.Sprintf("a group of kind %v", g.Kind)
		}
	}
	if groups != real {
		return "the groups are not the tiles and the stand-ins"
	}
	if pairs != 1 || sets+len(win.Melds) != 4 {
		return fmt.Sprintf("%d pairs and %d sets with %d melds", pairs, sets, len(win.Melds))
	}
	if slices.Contains(res.Patterns, PengPeng) && seqs > 0 {
		return "碰碰胡 with a sequence"
	}
	if len(res.Patterns) == 0 && !is258(pair) {
		return fmt.Sprintf("a 小胡 with the pair %v", pair)
	}
	return ""
}
