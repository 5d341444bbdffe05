package shanghai

import (
	"errors"
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// ErrBadHand is wrapped by errors about a described hand that cannot be
// (wrong tile counts, a flower not in play, a fifth copy). A hand that is
// well formed but not winning wraps game.ErrNotWinning instead.
var ErrBadHand = errors.New("bad hand description")

// Players is the number of players at a Shanghai table.
const Players = 4

// Win describes how a hand was won.
type Win struct {
	Seat game.Seat
	Tile tile.Kind // the winning tile
	// From is the discarder, or the player whose added kong was robbed;
	// game.NoSeat for a self-draw.
	From game.Seat
	// Robbed: won by robbing an added kong (搶槓, §2.4); From is the robbed player.
	Robbed bool
	// Replacement: self-drawn on the replacement tile after a kong or a
	// flower during play (槓頭開花, §2.3; not at the deal, D-SH-40).
	Replacement bool
	// FlowerReplacement: with Replacement, the replacement was for a
	// flower (LATE80S counts it only with Options.FlowerKaiKong).
	FlowerReplacement bool
}

// SelfDrawn reports whether the win was by self-draw.
func (w Win) SelfDrawn() bool { return w.From == game.NoSeat }

// Situation is the end of a won hand as Score reads it.
type Situation struct {
	Dealer game.Seat
	Round  tile.Kind // prevailing wind, East–North (LIUXING, XINSHI; LAOSHI has none)
	// Hands holds every seat's tiles. The winner's Concealed includes the
	// winning tile (14 − 3 per meld); a non-winner holds 13 − 3 per meld.
	// Outside LAOSHI non-winners do not score and their hands may be left
	// empty.
	Hands [Players]tile.Hand
	Win   Win
}

// Tally is one player's score: its items and totals.
type Tally struct {
	Seat  game.Seat
	Items []Item
	Fu    int // LAOSHI: 胡, the winner's base included
	Tai   int // 台 (番 in LATE80S)
	Chips int // LATE80S: chips before doubling
	// Score is LAOSHI's 胡 × 2^台 (§3.1); for the winner elsewhere the hand
	// value H before any cap.
	Score int
	// The winner's chosen reading (§2.7): its shape and the wait the
	// winning tile completed.
	Shape hand.Shape
	Wait  hand.WaitKind
}

// Result is a scored win.
type Result struct {
	Variant Variant
	Winner  Tally
	// Others are the non-winners' own scores, in seat order (LAOSHI only,
	// §3.2; empty elsewhere, D-SH-37).
	Others []Tally
	// Value is what one payment unit is worth: W in LAOSHI, H (after the
	// LATE80S cap) elsewhere.
	Value int
	// Liable is the player who pays alone under a 包 rule (§4.3, §6.5), or
	// game.NoSeat.
	Liable   game.Seat
	Payments []game.Payment
}

// Net returns what each seat gains (negative: loses) from the payments.
func (r Result) Net() [Players]int {
	var n [Players]int
	for _, p := range r.Payments {
		n[p.From] -= p.Amount
		n[p.To] += p.Amount
	}
	return n
}

// Summary writes the winner's totals, e.g. "30胡 2台 = 120" or "7台 = 128".
func (r Result) Summary() string {
	w := r.Winner
	switch r.Variant {
	case Laoshi:
		return fmt.Sprintf("%d胡 %d台 = %d", w.Fu, w.Tai, w.Score)
	case Late80s:
		s := fmt.Sprintf("%d枚 × 2^%d番 = %d", w.Chips, w.Tai, w.Score)
		if r.Value != w.Score {
			s += fmt.Sprintf(", 辣子 %d", r.Value)
		}
		return s
	}
	return fmt.Sprintf("%d台 = %d", w.Tai, w.Score)
}

// Score values a win under o: the winner's items in the reading that pays
// the winner most (§2.7), the non-winners' scores in LAOSHI, and every
// payment. The hand is not checked against the wall or the order of play;
// the referee adapter (Ruleset) does that.
//
// Score allocates the Result's storage; a Scorer reuses its own.
func Score(o Options, s Situation) (Result, error) {
	var z winStore
	sc := scorer{o: &o, s: &s}
	res, err := z.score(&sc)
	if err != nil {
		return Result{}, err
	}
	// LAOSHI's non-winners as Scorer.Score scores them, but in storage of
	// Score's own, and kept out of res until detached: a Scorer's, or
	// res holding them, would take that storage to the heap.
	var nonWinners []Tally
	if o.Variant == Laoshi {
		var others [Players - 1]Tally
		var items [Players - 1][maxItems]Item
		var ps [6]game.Payment
		n := 0
		for i := range Players {
			if seat := game.Seat(i); seat != s.Win.Seat {
				others[n] = sc.nonWinner(seat, items[n][:0])
				n++
			}
		}
		nonWinners = others[:n]
		res.Payments = laoshiPayments(ps[:0], &s, res.Winner.Score, nonWinners)
	}
	out := res.detached(nonWinners)
	out.Variant = o.Variant
	return out, nil
}

// detached copies r, with others as its Others (none outside LAOSHI), out
// of storage that is not the caller's to keep, field by field so that
// nothing of the storage goes with it (a Scorer's stays on the stack):
// the tallies' items into one new array, the others and the payments into
// one each. It leaves out Variant: a string read from r would, to the
// escape analysis, carry the storage with it.
func (r *Result) detached(others []Tally) Result {
	n := len(r.Winner.Items)
	for i := range others {
		n += len(others[i].Items)
	}
	items := make([]Item, 0, n)
	out := Result{Winner: r.Winner.detached(&items), Value: r.Value, Liable: r.Liable}
	if len(r.Payments) > 0 {
		out.Payments = slices.Clone(r.Payments)
	}
	if len(others) > 0 {
		out.Others = make([]Tally, len(others))
		for i := range others {
			out.Others[i] = others[i].detached(&items)
		}
	}
	return out
}

// detached copies t, its items appended to *items, which has the room,
// and cut off there: appending to one tally's items cannot reach the
// next one's.
func (t *Tally) detached(items *[]Item) Tally {
	var own []Item // nil for no items, as a Tally says
	if len(t.Items) > 0 {
		from := len(*items)
		*items = append(*items, t.Items...)
		own = (*items)[from:len(*items):len(*items)]
	}
	return Tally{Seat: t.Seat, Items: own, Fu: t.Fu, Tai: t.Tai, Chips: t.Chips,
		Score: t.Score, Shape: t.Shape, Wait: t.Wait}
}

// maxItems is room for a tally's items without growing: more than any
// hand lists.
const maxItems = 48

// Scorer scores wins in storage of its own: the Result it returns shares
// that storage and is valid until the Scorer's next call. Reusing a
// Scorer, scoring a win allocates nothing (an error does). The zero value
// is ready to use; a Scorer is not safe for concurrent use.
type Scorer struct {
	winStore
	others [Players - 1]Tally
	oitems [Players - 1][maxItems]Item
}

// winStore is a Scorer's storage for the winner and the payments: all
// that Score takes of a Scorer, which it zeroes each call.
type winStore struct {
	items    [2][maxItems]Item     // the best reading's items and the one being tallied
	decomps  [8]hand.Decomposition // the winner's hand read: kept, not zeroed each win
	payments [6]game.Payment
}

// Score is the package's Score in z's storage.
func (z *Scorer) Score(o Options, s Situation) (Result, error) {
	sc := scorer{o: &o, s: &s}
	res, err := z.score(&sc)
	if err == nil && o.Variant == Laoshi {
		res.Others = z.others[:0]
		for i := range Players {
			seat := game.Seat(i)
			if seat != s.Win.Seat {
				n := len(res.Others)
				z.others[n] = sc.nonWinner(seat, z.oitems[n][:0])
				res.Others = z.others[:n+1]
			}
		}
		res.Payments = laoshiPayments(z.payments[:0], &s, res.Winner.Score, res.Others)
	}
	return res, err
}

// score is Score but for LAOSHI's non-winners and payments, which the
// callers work out in storage of their own with sc, which score leaves
// holding the table's counts.
func (z *winStore) score(sc *scorer) (Result, error) {
	o, s := sc.o, sc.s
	if err := o.validate(); err != nil {
		return Result{}, err
	}
	if err := s.check(o, &sc.tiles); err != nil {
		return Result{}, err
	}
	best, err := sc.winner(z)
	if err != nil {
		return Result{}, err
	}
	res := Result{Variant: o.Variant, Winner: best, Value: best.Score, Liable: game.NoSeat}
	ps := z.payments[:0]
	switch o.Variant {
	case Liuxing, Xinshi:
		res.Liable = flushLiable(s)
		ps = liuxingPayments(ps, s, best.Score, res.Liable)
	case Late80s:
		if o.Cap != nil && res.Value > *o.Cap {
			res.Value = *o.Cap
		}
		res.Liable = late80sLiable(*o, s)
		ps = late80sPayments(ps, s, res.Value, res.Liable)
	}
	if len(ps) > 0 {
		res.Payments = ps[:len(ps):len(ps)]
	}
	return res, nil
}

// badHand is an error about the described hand, wrapping ErrBadHand.
func badHand(format string, args ...any) error {
	return fmt.Errorf("shanghai: "+format+": %w", append(args, ErrBadHand)...)
}

// check validates the description and counts its tiles into tc. A good
// table's tiles are read once, by countTiles; only a table it turns down
// is walked again, by tilesError, which words the fault.
func (s *Situation) check(o *Options, tc *tableTiles) error {
	bad := badHand
	seatOK := func(x game.Seat) bool { return x >= 0 && x < Players }
	w := s.Win
	switch {
	case !seatOK(s.Dealer):
		return bad("dealer %d", s.Dealer)
	case !seatOK(w.Seat):
		return bad("winner %d", w.Seat)
	case w.From != game.NoSeat && (!seatOK(w.From) || w.From == w.Seat):
		return bad("seat %d won on a tile from seat %d", w.Seat, w.From)
	case w.Robbed && w.From == game.NoSeat:
		return bad("a robbed kong needs the robbed player in From")
	case w.Replacement && w.From != game.NoSeat:
		return bad("a replacement-tile win is self-drawn")
	case w.FlowerReplacement && !w.Replacement:
		return bad("a flower replacement win needs Replacement")
	case !w.Tile.Valid() || w.Tile.IsFlower():
		return bad("winning tile %s", w.Tile)
	}
	if o.Variant == Liuxing || o.Variant == Xinshi || (o.Variant == Late80s && o.ExtraFan) {
		if !s.Round.IsWind() {
			return bad("round wind %s is not a wind", s.Round)
		}
	}
	if !s.countTiles(o, tc) {
		// countTiles turns down the tables in which tilesError finds a
		// fault, and only those (TestCountTilesAsTilesError).
		return s.tilesError(o)
	}
	if tc.concealed[w.Seat][w.Tile] == 0 {
		return bad("the winning tile %s is not among seat %d's concealed tiles", w.Tile, w.Seat)
	}
	return nil
}

// tableTiles is what the table's check counts, kept for the scorer so
// that no hand's tiles are counted twice: each seat's concealed tiles by
// kind, and the kinds it holds three or four of concealed (a LAOSHI
// non-winner's concealed pungs).
type tableTiles struct {
	concealed [Players]tile.Counts
	threes    [Players]uint64
}

// countTiles counts every seat's concealed tiles into tc, which must be
// zero, and reports whether the tiles are good: what tilesError checks,
// without its words. It reads each tile once, and adds up the copies of
// each kind on the table as it goes, noting one past its limit.
func (s *Situation) countTiles(o *Options, tc *tableTiles) bool {
	var copies [tile.NumAll]uint8
	over := false
	seasonsOnly := o.flowerSets() == Seasons
	allScored := o.Variant == Laoshi // read once: the variant is a string
	for i := range s.Hands {
		h := &s.Hands[i]
		c := &tc.concealed[i]
		var threes uint64
		for _, t := range h.Concealed {
			k := t.Kind
			if k >= tile.Spring { // a flower (exposed, not held) or no kind
				return false
			}
			c[k]++
			if c[k] == 3 {
				threes |= 1 << k
			}
			copies[k]++
			if copies[k] > 4 {
				over = true
			}
		}
		tc.threes[i] = threes
		for j := range h.Melds {
			m := &h.Melds[j]
			if m.Check() != nil {
				return false
			}
			// A meld that passed Check holds playing tiles only.
			for _, t := range m.Tiles {
				copies[t.Kind]++
				if copies[t.Kind] > 4 {
					over = true
				}
			}
		}
		for _, t := range h.Flowers {
			if !t.Kind.IsFlower() || (seasonsOnly && t.Kind > tile.Winter) {
				return false
			}
			copies[t.Kind]++
			if copies[t.Kind] > 1 {
				over = true
			}
		}
		want := 13 - 3*len(h.Melds)
		if game.Seat(i) == s.Win.Seat {
			want++
		} else if len(h.Concealed) == 0 && len(h.Melds) == 0 && !allScored {
			continue // not described; not scored
		}
		if len(h.Concealed) != want {
			return false
		}
	}
	return !over
}

// tilesError words the first fault of the table's tiles, seat by seat,
// then a kind on the table too often; nil if it has none.
func (s *Situation) tilesError(o *Options) error {
	bad := badHand
	w := s.Win
	// over notes a count past its limit as it happens, so that the walk
	// over every kind that names it runs only for a bad table.
	var copies [tile.NumAll]int
	over := false
	// limit is 4 for a playing tile, 1 for a flower: the caller knows
	// which it counts (a meld that passed Check holds no flower).
	count := func(k tile.Kind, limit int) {
		copies[k]++
		if copies[k] > limit {
			over = true
		}
	}
	seasonsOnly := o.flowerSets() == Seasons
	for i := range s.Hands {
		h := &s.Hands[i]
		seat := game.Seat(i)
		for _, t := range h.Concealed {
			if t.Kind.IsFlower() || !t.Kind.Valid() {
				return bad("seat %d holds %s among its concealed tiles; flowers are exposed", seat, t)
			}
			count(t.Kind, 4)
		}
		for _, m := range h.Melds {
			if err := m.Check(); err != nil {
				return bad("seat %d meld %s: %v", seat, m, err)
			}
			for _, t := range m.Tiles {
				count(t.Kind, 4)
			}
		}
		for _, t := range h.Flowers {
			if !t.Kind.IsFlower() {
				return bad("seat %d exposes %s as a flower", seat, t)
			}
			if seasonsOnly && t.Kind > tile.Winter {
				return bad("seat %d exposes %s; %s plays the seasons only", seat, t.Kind.Han(), o.Variant.Han())
			}
			count(t.Kind, 1)
		}
		want := 13 - 3*len(h.Melds)
		if seat == w.Seat {
			want++
		} else if o.Variant != Laoshi && len(h.Concealed) == 0 && len(h.Melds) == 0 {
			continue // not described; not scored
		}
		if len(h.Concealed) != want {
			return bad("seat %d holds %d concealed tiles with %d melds, want %d", seat, len(h.Concealed), len(h.Melds), want)
		}
	}
	if over {
		for k, n := range copies {
			if n > 4 || (n > 1 && tile.Kind(k).IsFlower()) {
				return bad("%d copies of %s on the table", n, tile.Kind(k))
			}
		}
	}
	return nil
}

// set is one set of a player's hand: a meld or a group of an arrangement.
type set struct {
	seq     bool // a chow; else a pung or kong
	kind    tile.Kind
	kong    bool
	open    bool // exposed: claimed, or a pung completed by a discard (§3.2)
	claimed bool // a claimed meld (not a concealed kong)
	from    int  // a claimed meld: tile.Meld.From
}

// reading is one way of reading the winner's hand with the winning tile
// placed in one group (§2.7), held by value.
type reading struct {
	shape   hand.Shape
	setArr  [8]set
	nsets   int
	pair    tile.Kind
	hasPair bool
	pairArr [7]tile.Kind // seven pairs
	npairs  int
	wait    hand.WaitKind
}

func (r *reading) sets() []set        { return r.setArr[:r.nsets] }
func (r *reading) pairs() []tile.Kind { return r.pairArr[:r.npairs] }

func (r *reading) addSet(x set) {
	if r.nsets < len(r.setArr) {
		r.setArr[r.nsets] = x
		r.nsets++
	}
}

// meldSets puts the sets of the melds ms in out and returns how many.
func meldSets(out *[8]set, ms []tile.Meld) int {
	n := 0
	for i := range ms {
		if n == len(out) {
			break
		}
		// The fields read as Meld's methods read them: each method takes
		// the meld by value, a copy of five words a call.
		m := &ms[i]
		open := m.Type != tile.ClosedKan
		out[n] = set{
			seq:     m.Type == tile.Chi,
			kind:    meldKind(m),
			kong:    m.Type >= tile.Kan,
			open:    open,
			claimed: open,
			from:    m.From,
		}
		n++
	}
	return n
}

// meldKind is Base of a meld that passed Check: the kind of its tiles, the
// lowest for a chi.
func meldKind(m *tile.Meld) tile.Kind {
	ts := m.Tiles
	if m.Type == tile.Chi {
		return min(ts[0].Kind, ts[1].Kind, ts[2].Kind)
	}
	return ts[0].Kind
}

type scorer struct {
	// o and s point to the caller's, which outlive the scorer: no copy.
	o *Options
	s *Situation
	// facts are the winner's hand's, the same in every reading; winner
	// sets them.
	facts facts
	// tiles are the table's counts, which check makes.
	tiles tableTiles
}

func (sc *scorer) shapes() hand.Options {
	if sc.o.Variant != Xinshi {
		return hand.Options{} // special shapes only in XINSHI (D-SH-25)
	}
	return hand.Options{
		Shapes:         hand.ShapesOf(hand.SevenPairs, hand.ThirteenUnrelated, hand.SevenStars),
		FourAsTwoPairs: sc.o.QiDuiAllowFour,
	}
}

// winner scores every reading of the winner's hand and keeps the best
// for the winner, its items in z.
func (sc *scorer) winner(z *winStore) (Tally, error) {
	w := sc.s.Win
	h := &sc.s.Hands[w.Seat]
	var rbuf [hand.MaxGroups]hand.Reading
	ho := sc.shapes()
	hc := hand.Count(&sc.tiles.concealed[w.Seat])
	as, err := hc.Decompose(z.decomps[:0], &ho)
	if err != nil {
		return Tally{}, fmt.Errorf("shanghai: %v: %w", err, ErrBadHand)
	}
	// The kinds held concealed come with the counted hand: factsOf(*h),
	// with no walk over its tiles.
	sc.facts = factsOfKinds(uint64(hc.Held()) | meldKinds(h.Melds))
	var best Tally
	found, bi := false, 1 // best's items are in z.items[bi]
	var melds [8]set
	nm := meldSets(&melds, h.Melds)
	for i := range as {
		a := as[i].Arrangement()
		for _, rd := range a.AppendReadings(rbuf[:0], w.Tile) {
			r := reading{shape: a.Shape, setArr: melds, nsets: nm, wait: rd.Wait}
			for i, g := range a.Groups {
				switch g.Kind {
				case hand.Sequence:
					r.addSet(set{seq: true, kind: g.Tile})
				case hand.Triplet:
					// A pung completed by a discard is exposed (§3.2).
					open := i == rd.Group && !w.SelfDrawn()
					r.addSet(set{kind: g.Tile, open: open})
				case hand.Pair:
					if a.Shape == hand.SevenPairs {
						if r.npairs < len(r.pairArr) {
							r.pairArr[r.npairs] = g.Tile
							r.npairs++
						}
					} else {
						r.pair, r.hasPair = g.Tile, true
					}
				}
			}
			t := sc.tally(&r, z.items[1-bi][:0])
			if !found || t.Score > best.Score || (t.Score == best.Score && t.Tai > best.Tai) {
				best, found, bi = t, true, 1-bi
			}
		}
	}
	if !found {
		return Tally{}, fmt.Errorf("shanghai: seat %d: %s with %d melds under %s: %w", w.Seat, tile.Format(h.Concealed), len(h.Melds), sc.o.Variant.Han(), game.ErrNotWinning)
	}
	return best, nil
}

// tally scores the winner's hand in one reading.
func (sc *scorer) tally(r *reading, items []Item) Tally {
	switch sc.o.Variant {
	case Laoshi:
		items = sc.laoshiWinner(items, r)
	case Liuxing, Xinshi:
		items = sc.liuxing(items, r)
		if sc.o.Variant == Xinshi {
			items = sc.xinshi(items, r)
		}
	case Late80s:
		items = sc.late80s(items, r)
	}
	t := Tally{Seat: sc.s.Win.Seat, Items: trimItems(items), Shape: r.shape, Wait: r.wait}
	t.total()
	switch sc.o.Variant {
	case Liuxing, Xinshi:
		t.Score = sc.o.Base << t.Tai
	case Late80s:
		t.Score = t.Chips << t.Tai
	}
	return t
}

// total adds up the items; LAOSHI's score is 胡 × 2^台 (§3.1).
func (t *Tally) total() {
	// Summed in locals, the items read in place: through t, each sum
	// would be stored and the slice read again at every item.
	fu, tai, chips := 0, 0, 0
	items := t.Items
	for i := range items {
		it := &items[i]
		fu += it.Fu
		tai += it.Tai
		chips += it.Chips
	}
	t.Fu, t.Tai, t.Chips = fu, tai, chips
	t.Score = fu << tai
}

// laoshiPayments: the three non-winners pay W, and pay each other the
// differences of their scores; doubled when the dealer pays or receives
// (§3.4, D-SH-09).
func laoshiPayments(ps []game.Payment, s *Situation, w int, others []Tally) []game.Payment {
	mult := func(a, b game.Seat) int {
		if a == s.Dealer || b == s.Dealer {
			return 2
		}
		return 1
	}
	// The tallies by index: a Tally is eleven words, not worth copying
	// for its seat and score.
	for i := range others {
		o := &others[i]
		if amt := w * mult(o.Seat, s.Win.Seat); amt > 0 {
			ps = append(ps, game.Payment{From: o.Seat, To: s.Win.Seat, Amount: amt, Reason: "和"})
		}
	}
	for i := range others {
		a := &others[i]
		for j := i + 1; j < len(others); j++ {
			b := &others[j]
			from, to, d := a.Seat, b.Seat, b.Score-a.Score
			if d < 0 {
				from, to, d = to, from, -d
			}
			if d > 0 {
				ps = append(ps, game.Payment{From: from, To: to, Amount: d * mult(from, to), Reason: "差額"})
			}
		}
	}
	return ps
}

// flushLiable returns the discarder liable for a 清一色 fed to a player
// showing three exposed sets of its suit (§4.3, D-SH-14), or NoSeat.
func flushLiable(s *Situation) game.Seat {
	w := s.Win
	if w.SelfDrawn() {
		return game.NoSeat // D-SH-36
	}
	h := s.Hands[w.Seat]
	// The melds first: most hands have fewer than three, and they are
	// quicker to read than the whole hand's facts.
	if exposedOfOneSuit(h.Melds) < 3 {
		return game.NoSeat
	}
	if f := factsOf(h); f.nsuits != 1 || f.honors {
		return game.NoSeat
	}
	return w.From
}

func exposedOfOneSuit(ms []tile.Meld) int {
	var per [3]int
	best := 0
	for _, m := range ms {
		if k := m.Base(); m.Open() && k.IsSuited() {
			per[k.Suit()]++
			best = max(best, per[k.Suit()])
		}
	}
	return best
}

// liuxingPayments: everyone pays H, doubled for the self-drawer or the
// discarder; a liable discarder pays 4H alone (§4.3, D-SH-13, D-SH-14).
func liuxingPayments(ps []game.Payment, s *Situation, h int, liable game.Seat) []game.Payment {
	w := s.Win
	if liable != game.NoSeat {
		return append(ps, game.Payment{From: liable, To: w.Seat, Amount: 4 * h, Reason: "包 清一色"})
	}
	for _, seat := range othersOf(w.Seat) {
		amt := h
		if w.SelfDrawn() || seat == w.From {
			amt = 2 * h
		}
		ps = append(ps, game.Payment{From: seat, To: w.Seat, Amount: amt, Reason: "和"})
	}
	return ps
}

// othersOf lists the seats after seat in turn order.
func othersOf(seat game.Seat) [Players - 1]game.Seat {
	return [Players - 1]game.Seat{seat.Next(Players), seat.Next(Players).Next(Players), seat.Next(Players).Next(Players).Next(Players)}
}

// late80sLiable applies the chosen reading of 3組の包 (§6.5, D-SH-28).
func late80sLiable(o Options, s *Situation) game.Seat {
	w := s.Win
	h := s.Hands[w.Seat]
	switch o.Pao {
	case ThreeFromSame:
		var per [Players]int
		for _, m := range h.Melds {
			if m.Open() {
				per[m.From]++
				if per[m.From] == 3 {
					return game.Seat((int(w.Seat) + m.From) % Players)
				}
			}
		}
	case ThirdSetFlush:
		f := factsOf(h)
		if f.nsuits != 1 || f.honors {
			return game.NoSeat
		}
		n := 0
		for _, m := range h.Melds {
			if m.Open() {
				n++
				if n == 3 {
					return game.Seat((int(w.Seat) + m.From) % Players)
				}
			}
		}
	}
	return game.NoSeat
}

// late80sPayments: the discarder pays H, or each other player on a
// self-draw; a liable player pays all of it (§6.3).
func late80sPayments(ps []game.Payment, s *Situation, h int, liable game.Seat) []game.Payment {
	w := s.Win
	total := h
	if w.SelfDrawn() {
		total = 3 * h
	}
	switch {
	case liable != game.NoSeat:
		return append(ps, game.Payment{From: liable, To: w.Seat, Amount: total, Reason: "包"})
	case !w.SelfDrawn():
		return append(ps, game.Payment{From: w.From, To: w.Seat, Amount: h, Reason: "和"})
	}
	for _, seat := range othersOf(w.Seat) {
		ps = append(ps, game.Payment{From: seat, To: w.Seat, Amount: h, Reason: "和"})
	}
	return ps
}
