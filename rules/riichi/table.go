package riichi

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// TableOptions are the options of a riichi table: the scoring Options and
// how long a game lasts (spec/riichi.md §3, §14).
type TableOptions struct {
	Options `yaml:",inline"`
	// Length is "hanchan" (East and South rounds, the source) or
	// "tonpuusen" (East only).
	Length string `yaml:"length" json:"length"`
	// WestRound extends a hanchan into the West round, sudden death,
	// while nobody has reached ReturnPoints (Tenhou).
	WestRound bool `yaml:"west_round" json:"west_round"`
	// AgariYame ends the game when the last dealer wins in first place
	// with ReturnPoints or more (Tenhou).
	AgariYame bool `yaml:"agari_yame" json:"agari_yame"`
	// TenpaiYame, with AgariYame, also ends it when the last dealer is
	// ready at an exhaustive draw in first place with ReturnPoints or
	// more (Tenhou from June 2010; before, the game went on).
	TenpaiYame bool `yaml:"tenpai_yame" json:"tenpai_yame"`
	// NagashiHonba adds the repeat counters to a nagashi mangan's
	// payments; Tenhou pays it without them.
	NagashiHonba bool `yaml:"nagashi_honba" json:"nagashi_honba"`
}

// TablePreset returns the table options of a preset (see Preset): the
// seed is a hanchan; tenhou adds the West round and the last dealer's
// stop, as Tenhou's ranked games play.
func TablePreset(name string) (TableOptions, error) {
	o, err := Preset(name)
	if err != nil {
		return TableOptions{}, err
	}
	t := TableOptions{Options: o, Length: "hanchan", NagashiHonba: true}
	if name == "tenhou" || name == "mahjongsoul" || name == "sanma" {
		t.WestRound, t.AgariYame, t.TenpaiYame, t.NagashiHonba = true, true, true, false
	}
	return t, nil
}

// Ruleset is riichi as the referee plays it: it implements game.Ruleset
// and the referee's optional abilities (tablecore.Dealer, Claimer, Waiter,
// WindowCloser) and game.Penalizer.
type Ruleset struct {
	o   TableOptions
	set tile.Set
	// own is the working storage of a copy made for one game (ForGame);
	// nil in a Ruleset that New returned, which any goroutine may use.
	own *scratch
}

// scratch is what one game's copy of the ruleset reuses from win to win.
type scratch struct {
	sc        Scorer
	conc      []tile.Tile
	idx       []int
	dora, ura []tile.Kind
	waits     []hand.Wait // Waits's list
}

// ForGame implements tablecore.Forker: a copy of r that keeps a Scorer
// and the win's lists from one win to the next, for one game's referee.
func (r *Ruleset) ForGame() game.Ruleset {
	c := *r
	c.own = &scratch{
		conc:  make([]tile.Tile, 0, 18),
		idx:   make([]int, 0, 10),
		dora:  make([]tile.Kind, 0, 10),
		ura:   make([]tile.Kind, 0, 10),
		waits: make([]hand.Wait, 0, tile.NumKinds),
	}
	return &c
}

// New returns the riichi ruleset with options o.
func New(o TableOptions) (*Ruleset, error) {
	if o.Length == "" {
		o.Length = "hanchan"
	}
	if o.Length != "hanchan" && o.Length != "tonpuusen" {
		return nil, fmt.Errorf("riichi: length %q: hanchan or tonpuusen: %w", o.Length, ErrOptions)
	}
	if err := o.Options.Validate(); err != nil {
		return nil, err
	}
	set, err := tile.Standard(o.RedFives)
	if o.Players == 3 {
		set, err = tile.ThreePlayer108(o.RedFives)
	}
	if err != nil {
		return nil, fmt.Errorf("riichi: red_fives %d: %w", o.RedFives, ErrOptions)
	}
	return &Ruleset{o: o, set: set}, nil
}

// Options returns the table's options.
func (r *Ruleset) Options() TableOptions { return r.o }

// Rules implements game.Ruleset.
func (r *Ruleset) Rules() game.Rules {
	mw := game.HeadBump
	if r.o.MultipleRon == DoubleRon {
		mw = game.AllWin
		if r.o.Allows(TripleRon) {
			mw = game.DoubleWin
		}
	}
	rules := game.Rules{
		Name:        "riichi",
		Players:     4,
		Set:         r.set,
		Reserve:     DeadWall, // §4.3
		Replacement: game.Tail,
		Chi:         true,
		MultiWin:    mw,
		WinsToEnd:   1,
		MaxKongs:    4,
	}
	if r.o.Players == 3 {
		// Three players: no chi; a north may be set aside (kita) for a
		// replacement from the dead wall.
		rules.Players, rules.Chi, rules.SetAside = 3, false, tile.North
	}
	return rules
}

// players is the number of players at the table.
func (r *Ruleset) players() int { return r.o.players() }

// Start implements game.Ruleset.
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	sc := make([]int, r.players())
	for i := range sc {
		sc[i] = r.o.StartingPoints
	}
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: sc}
}

// windOf is a seat's wind in the hand; seatOf the reverse.
func windOf(h *game.Hand, s game.Seat) Wind { return Wind(h.Dealer.Offset(s, h.Players)) }

func seatOf(h *game.Hand, w Wind) game.Seat {
	if w == Table {
		return game.NoSeat
	}
	if int(w) >= h.Players {
		return game.NoSeat // North at a three-player table
	}
	return game.Seat((int(h.Dealer) + int(w)) % h.Players)
}

// doraIndex is the wall position of the hand's n-th dora indicator
// (DoraIndex).
func doraIndex(h *game.Hand, n int) int { return DoraIndex(len(h.Wall.Tiles), h.Players, n) }

// Dealt turns up the first dora indicator (tablecore.Dealer).
func (r *Ruleset) Dealt(h *game.Hand) []game.Effect {
	return []game.Effect{{Kind: game.Reveal, Index: doraIndex(h, 0)}}
}

// KeepsRon implements tablecore.RonKeeper: a ron's value reads the log
// only up to the discard (furiten, ippatsu, renhou), the winner's tiles,
// the wall and the wins already settled (honba and deposits go to the
// first), none of which the other answers in its window change.
func (r *Ruleset) KeepsRon() bool { return true }

// CouldWin is a cheap shape test, so that claim windows nobody can win
// close at once (tablecore.Claimer).
func (r *Ruleset) CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool {
	if t.Kind >= tile.NumKinds {
		return false
	}
	c := tile.CountsOf(h.Seats[seat].Hand)
	if !couldJoin(&c, t.Kind) {
		return false
	}
	c[t.Kind]++
	if !mayComplete(&c) {
		return false
	}
	o := shapes()
	return hand.Complete(&c, &o)
}

// WinKinds is the kinds CouldWin may accept from concealed tiles given
// as masks, held[i] the kinds held more than i times
// (tablecore.Waiter): those couldJoin and mayComplete let through, as
// masks worked out once for the hand rather than at every discard.
func (r *Ruleset) WinKinds(held *[4]hand.Mask) (hand.Mask, bool) {
	const (
		orphans = hand.TerminalKinds | hand.HonorKinds
		suited  = hand.SuitedKinds
		rank1   = hand.Mask(1) | 1<<9 | 1<<18 // the ones of the three suits
		rank9   = rank1 << 8
	)
	h1, h2, h3, h4 := held[0], held[1], held[2], held[3]
	// couldJoin: a held kind or one within two ranks of a held tile of
	// its suit; any orphan when only orphans are held. The three suits
	// shift at once, what crosses a suit's ends masked off.
	lo := h1 & suited
	join := h1 | (lo<<1&^rank1|lo<<2&^(rank1|rank1<<1)|lo>>1&^rank9|lo>>2&^(rank9|rank9>>1))&suited
	if h1&^orphans == 0 {
		join |= orphans
	}
	// mayComplete's standard test asks for no bad part (a suit of 3n+1
	// tiles, an honour once or four times) and one pair part (a suit of
	// 3n+2, an honour twice). Counting them in the hand, the tile must
	// mend the one bad part into the pair (a suit of 3n+1, an honour
	// once) when there is one bad part and no pair part; take a second
	// pair part to a set (a suit of 3n+2, an honour twice) when there is
	// no bad part and two pair parts; or take an honour held four times
	// to five (as mayComplete counts it) when there is one of each.
	once := (h1 &^ h2) & hand.HonorKinds
	twice := (h2 &^ h3) & hand.HonorKinds
	four := h4 & hand.HonorKinds
	bad := bits.OnesCount64(uint64(once | four))
	pair := bits.OnesCount64(uint64(twice))
	// The suits' sizes: the four masks' suited kinds side by side in
	// two words (27 bits each), so that a suit is two counts of bits.
	a := uint64(h1&suited | (h2&suited)<<27)
	b := uint64(h3&suited | (h4&suited)<<27)
	const m0 = 0x1ff | 0x1ff<<27
	size0 := bits.OnesCount64(a&m0) + bits.OnesCount64(b&m0)
	size1 := bits.OnesCount64(a&(m0<<9)) + bits.OnesCount64(b&(m0<<9))
	size2 := bits.OnesCount64(a&(m0<<18)) + bits.OnesCount64(b&(m0<<18))
	var suit1, suit2 hand.Mask // the suits of 3n+1 and of 3n+2 tiles
	suitPart(size0, 0x1ff, &bad, &pair, &suit1, &suit2)
	suitPart(size1, 0x1ff<<9, &bad, &pair, &suit1, &suit2)
	suitPart(size2, 0x1ff<<18, &bad, &pair, &suit1, &suit2)
	var may hand.Mask
	switch {
	case bad == 1 && pair == 0:
		may = suit1 | once
	case bad == 0 && pair == 2:
		may = suit2 | twice
	case bad == 1 && pair == 1:
		may = four
	}
	// Fourteen tiles: seven pairs' even counts, thirteen orphans' tiles.
	hon := uint64(h1&hand.HonorKinds | (h2&hand.HonorKinds)<<7 | (h3&hand.HonorKinds)<<14 | (h4&hand.HonorKinds)<<21)
	if size0+size1+size2+bits.OnesCount64(hon)+1 == 14 {
		if odd := h1 ^ h2 ^ h3 ^ h4; odd&(odd-1) == 0 {
			may |= odd
		}
		if h1&^orphans == 0 {
			may |= orphans
		}
	}
	return join & may, true
}

// Waits is exactly the kinds CouldWin accepts from concealed tiles given
// as masks, held[i] the kinds held more than i times
// (tablecore.ShapeWaiter): CouldWin reads nothing but the seat's
// concealed tiles, and its answer is whether the tile is one of their
// waits. A kind held four times is left out: no fifth copy is offered,
// and CouldWin refuses one.
func (r *Ruleset) Waits(held *[4]hand.Mask) (hand.Mask, bool) {
	var c tile.Counts
	n := 0
	for _, m := range held {
		for m &= hand.Mask(1)<<tile.NumKinds - 1; m != 0; m &= m - 1 {
			c[bits.TrailingZeros64(uint64(m))]++
			n++
		}
	}
	// A suit of 3k tiles cannot take the tile (3k+1 makes no sets and
	// pair) and must be sets as it is: most hands the cheap mask lets
	// through fail that, and are settled before the waits are looked
	// for. Seven pairs and thirteen orphans, which need fourteen tiles
	// (seven pairs one kind held an odd number of times, thirteen orphans
	// only terminals and honours), are left to AppendWaits.
	const orphans = hand.TerminalKinds | hand.HonorKinds
	if odd := held[0] ^ held[1] ^ held[2] ^ held[3]; n != 13 || (odd&(odd-1) != 0 && held[0]&^orphans != 0) {
		for s := range 3 {
			if !setsOrNot3k((*[9]uint8)(c[s*9 : s*9+9])) {
				return 0, true
			}
		}
	}
	o := shapes()
	var buf []hand.Wait // the game's own (ForGame), or made now
	if r.own != nil {
		buf = r.own.waits[:0]
	}
	ws, err := hand.AppendWaits(buf, &c, &o)
	if err != nil {
		return 0, false
	}
	if r.own != nil {
		r.own.waits = ws[:0]
	}
	var kinds hand.Mask
	for _, w := range ws {
		if !w.Exhausted {
			kinds |= hand.Mask(1) << w.Tile
		}
	}
	return kinds, true
}

// setsOrNot3k reports whether a suit's counts d are not 3k tiles or
// make sets only. At the lowest rank left, triplets take what they can
// and the one or two tiles over start runs: three runs from a rank are
// the triplets of its three ranks, so nothing else could do better.
func setsOrNot3k(d *[9]uint8) bool {
	// The nine counts (each at most 4) summed eight at a time.
	n := int(binary.LittleEndian.Uint64(d[:8])*0x0101010101010101>>56) + int(d[8])
	if n == 0 || n%3 != 0 {
		return true
	}
	var cur, next uint8 // tiles of this rank and the next that runs took
	for r, v := range d {
		if v < cur {
			return false
		}
		runs := v - cur
		if runs >= 3 {
			runs -= 3
		}
		if runs > 0 && r >= 7 {
			return false
		}
		cur, next = next+runs, runs
	}
	return true
}

// suitPart counts a suit of size tiles, its kinds m, as a bad part (3n+1
// tiles) or a pair part (3n+2) for WinKinds.
func suitPart(size int, m hand.Mask, bad, pair *int, suit1, suit2 *hand.Mask) {
	switch size % 3 {
	case 1:
		*bad++
		*suit1 |= m
	case 2:
		*pair++
		*suit2 |= m
	}
}

// mayComplete is a quick test that the concealed tiles c (14−3k of them)
// are not plainly short of a winning shape, so that most hands skip the
// search: a standard hand leaves each suit a multiple of three tiles,
// but one that leaves two (the pair), and holds each honour 0, 2 or 3
// times, twice only for the pair; seven pairs and thirteen orphans are
// fourteen tiles, the first with even counts only, the second terminals
// and honours only.
func mayComplete(c *tile.Counts) bool {
	n, pairs, std := 0, 0, true
	for s := range 3 {
		// A suit's nine counts (each at most 4) summed eight at a time.
		x := binary.LittleEndian.Uint64(c[s*9 : s*9+8])
		m := int((x*0x0101010101010101)>>56) + int(c[s*9+8])
		n += m
		switch m % 3 {
		case 1:
			std = false
		case 2:
			pairs++
		}
	}
	for _, v := range c[tile.East:] {
		n += int(v)
		switch v {
		case 1, 4:
			std = false
		case 2:
			pairs++
		}
	}
	if std && pairs == 1 {
		return true
	}
	if n != 14 {
		return false
	}
	// Both loops stop at the first tile that does not fit, early in
	// nearly every hand.
	even := true
	for _, v := range c {
		if v%2 != 0 {
			even = false
			break
		}
	}
	if even {
		return true
	}
	for k, v := range c {
		if v != 0 && !tile.Kind(k).IsTerminalOrHonor() {
			return false
		}
	}
	return true
}

// couldJoin reports whether t can be part of a winning hand with the
// tiles c: in a standard hand or seven pairs it shares a pair, triplet or
// run with a held tile (the same kind, or one or two ranks away in its
// suit); thirteen orphans needs it and every held tile to be terminals or
// honours. Most discards meet a hand with none of that, and skip the
// search.
func couldJoin(c *tile.Counts, t tile.Kind) bool {
	if c[t] > 0 {
		return true
	}
	if t < tile.East {
		r := int(t) % 9
		for d := -2; d <= 2; d++ {
			if d != 0 && r+d >= 0 && r+d < 9 && c[int(t)+d] > 0 {
				return true
			}
		}
	}
	if !t.IsTerminalOrHonor() {
		return false
	}
	for k, v := range c {
		if v > 0 && !tile.Kind(k).IsTerminalOrHonor() {
			return false
		}
	}
	return true
}

func illegal(format string, args ...any) error {
	return fmt.Errorf("riichi: "+format+": %w", append(args, game.ErrIllegal)...)
}

func handOpen(p *game.Player) bool {
	for _, m := range p.Melds {
		if m.Open() {
			return true
		}
	}
	return false
}

// drawnTile returns the tile seat just drew, if its last action was a draw.
func drawnTile(h *game.Hand, seat game.Seat) (tile.Tile, bool) {
	a, ok := h.LastAction()
	if !ok || a.Kind != game.Draw || a.Seat != seat {
		return tile.Tile{}, false
	}
	return a.Tile, true
}

// riichiLogIndex is the index in h.Log of seat's riichi declaration, or -1.
func riichiLogIndex(h *game.Hand, seat game.Seat) int {
	if h.Seats[seat].Riichi < 0 {
		return -1
	}
	for i := range h.Log {
		if a := &h.Log[i]; a.Kind == game.Riichi && a.Seat == seat {
			return i
		}
	}
	return -1
}

// calledBetween reports whether anyone called or declared a kong in
// h.Log[from:to].
func calledBetween(h *game.Hand, from, to int) bool {
	for _, a := range h.Log[max(from, 0):to] {
		switch a.Kind {
		case game.Chi, game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan:
			if meldMade(h, a) {
				return true
			}
		}
	}
	return false
}

// meldMade reports whether a logged call became a meld: a claim answered
// in a window may lose to another claim, an added kong may be robbed.
func meldMade(h *game.Hand, a game.Action) bool {
	p := &h.Seats[a.Seat]
	for _, m := range p.Melds {
		switch a.Kind {
		case game.ClosedKan:
			if m.Type == tile.ClosedKan && slices.Contains(m.Tiles, a.Tile) {
				return true
			}
		case game.AddedKan:
			if m.Type == tile.AddedKan && m.Tiles[len(m.Tiles)-1] == a.Tile {
				return true
			}
		default:
			if m.Open() && m.Tiles[0] == a.Tile {
				return true
			}
		}
	}
	return false
}

// Check implements game.Ruleset.
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	p := &h.Seats[a.Seat]
	inRiichi := p.Riichi >= 0
	switch a.Kind {
	case game.Flower:
		if r.o.Players != 3 || a.Tile.Kind != tile.North {
			return illegal("only a north is set aside (kita), and only with three players")
		}
		if h.Wall.Remaining() == 0 {
			return illegal("no kita on the last tile: nothing is left to replace it")
		}
	case game.SingleKan, game.Missing:
		return illegal("riichi has no %s", a.Kind)
	case game.Riichi:
		switch {
		case inRiichi:
			return illegal("already in riichi")
		case handOpen(p):
			return illegal("riichi needs a closed hand (§8.1)")
		case h.Scores[a.Seat] < 1000:
			return illegal("riichi needs 1,000 points; the player has %d (§8.1)", h.Scores[a.Seat])
		case h.Wall.Remaining() < r.o.RiichiMinWall:
			return illegal("riichi needs %d tiles left in the wall, %d are (D-RI-14)", r.o.RiichiMinWall, h.Wall.Remaining())
		}
		c := tile.CountsOf(p.Hand)
		c[a.Tile.Kind]--
		if ok, _ := Tenpai(c); !ok {
			return illegal("the hand is not ready after discarding %s (§8.1)", a.Tile)
		}
	case game.Discard:
		if inRiichi {
			if t, ok := drawnTile(h, a.Seat); !ok || t != a.Tile {
				return illegal("after riichi each drawn tile that does not win is discarded (§8.3)")
			}
		}
		if r.o.Kuikae == KuikaeForbidden {
			return kuikae(h, a)
		}
	case game.Chi, game.Pon, game.OpenKan:
		if inRiichi {
			return illegal("no calls after riichi (§6.4)")
		}
		if h.Wall.Remaining() == 0 {
			return illegal("the last discard may only be won on (§6.2)")
		}
		if a.Kind != game.OpenKan && r.o.Kuikae == KuikaeForbidden && !discardAfterCall(p, a) {
			return illegal("every tile left after the call would be a swap-call (D-RI-07)")
		}
	case game.AddedKan:
		if inRiichi {
			return illegal("no added kong after riichi (§6.4)")
		}
	case game.ClosedKan:
		if inRiichi {
			t, ok := drawnTile(h, a.Seat)
			if !ok || (t != a.Tile && !slices.Contains(a.Uses, t)) {
				return illegal("after riichi only the drawn tile may be konged (§8.4)")
			}
			before := tile.CountsOf(p.Hand)
			before[t.Kind]--
			if ok, _ := RiichiAnkan(before, t.Kind, r.o.Options); !ok {
				return illegal("the kong would change the hand's waits (§8.4)")
			}
		}
	case game.Abort:
		if !r.o.Allows(NineTerminals) {
			return illegal("abortive draws by declaration are off")
		}
		if len(p.Discards) > 0 || calledBetween(h, 0, len(h.Log)) {
			return illegal("nine terminals only on one's first draw with no call made (§13.3)")
		}
		if !NineTerminalsHand(tile.CountsOf(p.Hand)) {
			return illegal("the hand does not hold nine kinds of terminals and honours")
		}
	}
	return nil
}

// kuikae refuses, when swap-calling is forbidden, a discard right after a
// chi or pon of the called tile or of the chi's other end (D-RI-07).
func kuikae(h *game.Hand, a game.Action) error {
	var call *game.Action
	// a is not in the log yet (Check comes before it is played): the
	// seat's last logged action is the call, if it called.
	for i := len(h.Log) - 1; i >= 0; i-- {
		if h.Log[i].Seat == a.Seat {
			if k := h.Log[i].Kind; (k == game.Chi || k == game.Pon) && meldMade(h, h.Log[i]) {
				c := h.Log[i]
				call = &c
			}
			break
		}
	}
	if call == nil {
		return nil
	}
	if a.Tile.Kind == call.Tile.Kind {
		return illegal("swap-calling: discarding the tile just called")
	}
	if call.Kind == game.Chi {
		ks := []tile.Kind{call.Tile.Kind, call.Uses[0].Kind, call.Uses[1].Kind}
		lo, hi := slices.Min(ks), slices.Max(ks)
		if (call.Tile.Kind == lo && hi.Rank() < 9 && a.Tile.Kind == hi+1) || (call.Tile.Kind == hi && lo.Rank() > 1 && a.Tile.Kind == lo-1) {
			return illegal("swap-calling: discarding the other end of the chi")
		}
	}
	return nil
}

// discardAfterCall reports whether, after the chi or pon a, the caller
// keeps a tile it may discard without swap-calling.
func discardAfterCall(p *game.Player, a game.Action) bool {
	banned := map[tile.Kind]bool{a.Tile.Kind: true}
	if a.Kind == game.Chi {
		ks := []tile.Kind{a.Tile.Kind, a.Uses[0].Kind, a.Uses[1].Kind}
		lo, hi := slices.Min(ks), slices.Max(ks)
		if a.Tile.Kind == lo && hi.Rank() < 9 {
			banned[hi+1] = true
		}
		if a.Tile.Kind == hi && lo.Rank() > 1 {
			banned[lo-1] = true
		}
	}
	left := slices.Clone(p.Hand)
	for _, u := range a.Uses {
		if i := slices.Index(left, u); i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	for _, t := range left {
		if !banned[t.Kind] {
			return true
		}
	}
	return false
}

// kongsBySeat counts the kongs made, by seat.
func kongsBySeat(h *game.Hand) [4]int {
	var k [4]int
	for i := range h.Seats {
		ms := h.Seats[i].Melds
		for j := range ms {
			if ms[j].IsKong() {
				k[i]++
			}
		}
	}
	return k
}

// pendingDora reveals an indicator for each kong that has none yet, but
// for the last held back kongs.
func (r *Ruleset) pendingDora(h *game.Hand, held int) []game.Effect {
	if !r.o.KanDora {
		return nil
	}
	// The kongs counted in one pass over the melds (this runs after
	// every discard, and a hand has few melds).
	total := -held
	for i := range h.Seats {
		ms := h.Seats[i].Melds
		for j := range ms {
			if ms[j].IsKong() {
				total++
			}
		}
	}
	if total < len(h.Indicators) {
		return nil
	}
	var fx []game.Effect
	for n := len(h.Indicators); n <= total; n++ {
		fx = append(fx, game.Effect{Kind: game.Reveal, Index: doraIndex(h, n)})
	}
	return fx
}

// After implements game.Ruleset: kan dora as D-RI-06 times them (a
// concealed kong's at once, an open or added kong's at the next discard
// or kong).
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect {
	if r.o.KanDoraTiming == KanDoraImmediate {
		return r.pendingDora(h, 0)
	}
	switch a.Kind {
	case game.ClosedKan, game.Discard, game.Riichi:
		return r.pendingDora(h, 0)
	case game.AddedKan:
		// An earlier open kong's indicator turns now; this one's waits
		// for the discard after the replacement tile.
		return r.pendingDora(h, 1)
	}
	return nil
}

// Closed implements tablecore.WindowCloser: the riichi stick once the
// declaring discard is not won on (D-RI-15), and the abortive draws that
// wait for a discard to pass (§13.3, D-RI-08).
func (r *Ruleset) Closed(h *game.Hand, c game.Claim, won bool) []game.Effect {
	if won || c.Robbing {
		return nil
	}
	var fx []game.Effect
	d := h.Seats[c.From].Discards
	if len(d) > 0 && d[len(d)-1].Riichi {
		fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: c.From, To: game.NoSeat, Amount: 1000, Reason: "riichi"}})
		all := h.Players == 4
		for i := range h.Seats {
			all = all && h.Seats[i].Riichi >= 0
		}
		if all && r.o.Allows(FourRiichi) {
			fx = append(fx, game.Effect{Kind: game.EndHand, Reason: FourRiichi.String()})
		}
	}
	// Allows(FourWinds), without copying the options at every discard.
	// Only the fourth discard of the hand can make it, with no call
	// made: each seat has discarded once, the discarder too. The ponds
	// count the discards, and the log is read only then.
	if r.o.SuufonRenda && h.Players == 4 && len(d) == 1 && discardsMade(h) == 4 {
		var first [4]tile.Kind
		n := 0
		for _, a := range h.Log {
			if a.Kind != game.Discard && a.Kind != game.Riichi {
				continue
			}
			if n == 4 {
				n++
				break
			}
			first[n] = a.Tile.Kind
			n++
		}
		if n == 4 && FourWindsDiscards(first) && !calledBetween(h, 0, len(h.Log)) {
			fx = append(fx, game.Effect{Kind: game.EndHand, Reason: FourWinds.String()})
		}
	}
	if r.o.FourKongAbort && melds(h) >= 4 && FourKongsAbort(kongsBySeat(h)) {
		fx = append(fx, game.Effect{Kind: game.EndHand, Reason: FourKongs.String()})
	}
	return fx
}

// melds counts the melds of the hand, every seat's: the most kongs
// there can be.
func melds(h *game.Hand) int {
	n := 0
	for i := range h.Seats {
		n += len(h.Seats[i].Melds)
	}
	return n
}

// furitenState gathers what seat passed, from the hand's log (§7.5).
func furitenState(h *game.Hand, seat game.Seat, upTo int) FuritenState {
	var s FuritenState
	p := &h.Seats[seat]
	for _, d := range p.Discards {
		s.Discards = append(s.Discards, d.Tile.Kind)
	}
	// The seat's last discard, read back from upTo; the log is read
	// forward only from there, or from the riichi if that is earlier.
	lastOwn := -1
	for i := upTo - 1; i >= 0; i-- {
		if a := &h.Log[i]; a.Seat == seat && (a.Kind == game.Discard || a.Kind == game.Riichi) {
			lastOwn = i
			break
		}
	}
	ri := riichiLogIndex(h, seat)
	from := lastOwn + 1
	if ri >= 0 {
		from = min(from, ri+1)
	}
	for i := from; i < upTo; i++ {
		a := &h.Log[i]
		offered := (a.Kind == game.Discard || a.Kind == game.Riichi || a.Kind == game.AddedKan) && a.Seat != seat
		if offered && i > lastOwn {
			s.PassedThisTurn = append(s.PassedThisTurn, a.Tile.Kind)
		}
		if ri >= 0 && i > ri && (offered || (a.Seat == seat && a.Kind == game.Discard)) {
			s.PassedAfterRiichi = append(s.PassedAfterRiichi, a.Tile.Kind)
		}
	}
	return s
}

// offerIndex is the log index of the action that put the tile now on
// offer: the last discard or added kong by the claim's source.
func offerIndex(h *game.Hand) int {
	for i := len(h.Log) - 1; i >= 0; i-- {
		a := h.Log[i]
		if a.Seat == h.Claim.From && (a.Kind == game.Discard || a.Kind == game.Riichi || a.Kind == game.AddedKan) {
			return i
		}
	}
	return len(h.Log)
}

// riichiTookEffect reports whether seat's riichi declaration passed
// without being won on (D-RI-15): the stick was paid.
func riichiTookEffect(h *game.Hand, seat game.Seat) bool {
	i := riichiLogIndex(h, seat)
	if i < 0 {
		return false
	}
	p := &h.Seats[seat]
	last := p.Riichi == len(p.Discards)-1
	if last && h.Phase == game.Claims && h.Claim.From == seat && !h.Claim.Robbing {
		return false // still on offer
	}
	return true
}

// Win implements game.Ruleset: it describes the win from the hand's state
// and scores it.
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	seat := a.Seat
	p := &h.Seats[seat]
	var own scratch
	if r.own != nil {
		own = *r.own
	}
	w := Win{
		Concealed: append(own.conc[:0], p.Hand...),
		Melds:     p.Melds,
		Seat:      windOf(h, seat),
		Round:     Wind(h.Round - tile.East),
		Tsumo:     a.Kind == game.Tsumo,
		Kita:      len(p.Flowers),
	}
	gw := game.Win{Seat: seat, From: game.NoSeat}
	var offer int
	if a.Kind == game.Ron {
		t := h.Claim.Tile
		w.Concealed = append(w.Concealed, t)
		w.WinTile, w.From = t.Kind, windOf(h, h.Claim.From)
		w.Chankan = h.Claim.Robbing
		w.Houtei = !h.Claim.Robbing && h.Wall.Remaining() == 0
		gw.From, gw.Tile, gw.Robbed = h.Claim.From, t, h.Claim.Robbing
		offer = offerIndex(h)
		if f, _ := Furiten(tile.CountsOf(p.Hand), furitenState(h, seat, offer)); f != NotFuriten {
			return game.Win{}, fmt.Errorf("riichi: %s (§7.5): %w", f, game.ErrIllegal)
		}
	} else {
		if len(p.Hand) == 0 {
			return game.Win{}, fmt.Errorf("riichi: no tiles: %w", game.ErrNotWinning)
		}
		t := p.Hand[len(p.Hand)-1]
		w.WinTile, gw.Tile = t.Kind, t
		w.Rinshan = h.Source == game.Tail && h.Wall.Tail > 0
		if last, ok := h.LastAction(); ok && last.Kind == game.Draw && last.Seat == seat {
			w.Rinshan = w.Rinshan && true
		} else if ok {
			w.Rinshan = false
		}
		w.Haitei = !w.Rinshan && h.Wall.Remaining() == 0
		offer = len(h.Log)
		noCalls := !calledBetween(h, 0, len(h.Log))
		if noCalls && len(p.Discards) == 0 {
			if seat == h.Dealer {
				w.Tenhou = discardsMade(h) == 0
			} else {
				w.Chiihou = true
			}
		}
	}
	if ri := riichiLogIndex(h, seat); ri >= 0 && riichiTookEffect(h, seat) {
		w.Riichi = true
		w.DoubleRiichi = p.Riichi == 0 && !calledBetween(h, 0, ri)
		if r.o.Ippatsu {
			end := offer
			if a.Kind == game.Ron && h.Claim.Robbing {
				end = offer // the robbed kong did not happen
			}
			w.Ippatsu = !calledBetween(h, ri+1, end) && !discardedSince(h, seat, ri)
		}
	}
	if a.Kind == game.Ron && r.o.Renhou != RenhouNone && len(p.Discards) == 0 && !calledBetween(h, 0, offer) && seat != h.Dealer {
		w.Renhou = !drewYet(h, seat)
	}
	// Indicators: those turned, and for a win on a kong's replacement the
	// ones that kong is owed (D-RI-06), unless they turn only after the
	// replacement's discard (Tenhou).
	idx := append(own.idx[:0], h.Indicators...)
	w.Dora, w.Ura = own.dora[:0], own.ura[:0]
	if w.Rinshan && r.o.KanDoraTiming != KanDoraNotRinshan {
		for _, f := range r.pendingDora(h, 0) {
			idx = append(idx, f.Index)
		}
	}
	for n, i := range idx {
		if h.Wall.Known[i] {
			w.Dora = append(w.Dora, h.Wall.Tiles[i].Kind)
		}
		if w.Riichi && r.o.UraDora && (n == 0 || r.o.KanUraDora) && h.Wall.Known[i+1] {
			w.Ura = append(w.Ura, h.Wall.Tiles[i+1].Kind)
		}
	}
	// Honba and deposits go to the first winner of a tile only (D-RI-34).
	if len(h.Wins) == 0 {
		w.Honba, w.Deposits = h.Honba, h.Pot/1000
	}
	w.Pao = pao(h, seat)
	var res Result
	var err error
	if r.own != nil {
		// Keep what grew for the next win; the result is read below,
		// before anything scores again.
		r.own.conc, r.own.idx, r.own.dora, r.own.ura = w.Concealed, idx, w.Dora, w.Ura
		var pr *Result
		if pr, err = r.own.sc.ScoreWin(&w, &r.o.Options); err == nil {
			res = *pr
		}
	} else {
		res, err = Score(w, r.o.Options)
	}
	if err != nil {
		if errors.Is(err, ErrNotWinning) || errors.Is(err, ErrNoYaku) {
			return game.Win{}, fmt.Errorf("%w: %w", err, game.ErrNotWinning)
		}
		return game.Win{}, fmt.Errorf("%w: %w", err, game.ErrIllegal)
	}
	for _, py := range res.Payments {
		gw.Payments = append(gw.Payments, game.Payment{From: seatOf(h, py.From), To: seatOf(h, py.To), Amount: py.Total(), Reason: "win"})
	}
	if res.Deposits > 0 {
		gw.Payments = append(gw.Payments, game.Payment{From: game.NoSeat, To: seat, Amount: res.Deposits, Reason: "deposits"})
	}
	gw.Value = value(res)
	gw.Chips = r.o.chipsOf(res, w.Tsumo)
	return gw, nil
}

// chipsOf is what each payer of a win gives in chips (Options.Chips).
func (o *Options) chipsOf(res Result, tsumo bool) int {
	c := o.Chips
	if c == (Chips{}) {
		return 0
	}
	if res.Yakuman > 0 {
		if tsumo {
			return c.YakumanTsumo * res.Yakuman
		}
		return c.YakumanRon * res.Yakuman
	}
	n := 0
	for _, y := range res.Yaku {
		switch y.Yaku {
		case AkaDora:
			n += c.Red * y.Han
		case UraDora:
			n += c.Ura * y.Han
		case Ippatsu:
			n += c.Ippatsu
		}
	}
	return n
}

// discardsMade counts the discards of the hand, every seat's.
func discardsMade(h *game.Hand) int {
	n := 0
	for i := range h.Seats {
		n += len(h.Seats[i].Discards)
	}
	return n
}

// discardedSince reports whether seat discarded after log index i.
func discardedSince(h *game.Hand, seat game.Seat, i int) bool {
	for _, a := range h.Log[i+1:] {
		if a.Seat == seat && (a.Kind == game.Discard || a.Kind == game.Riichi) {
			return true
		}
	}
	return false
}

func drewYet(h *game.Hand, seat game.Seat) bool {
	for _, a := range h.Log {
		if a.Seat == seat && a.Kind == game.Draw {
			return true
		}
	}
	return false
}

// pao finds the player liable for a daisangen or daisuushii: the one whose
// discard, called, made the third dragon or the fourth wind set (§15).
func pao(h *game.Hand, seat game.Seat) Pao {
	p := &h.Seats[seat]
	var dragons, winds int
	for _, m := range p.Melds {
		if m.Type == tile.Chi {
			continue
		}
		k := m.Tiles[0].Kind
		switch {
		case k.IsDragon():
			dragons++
			if dragons == 3 && m.Type != tile.ClosedKan {
				return Pao{Yaku: Daisangen, Liable: windOf(h, game.Seat((int(seat)+m.From)%h.Players))}
			}
		case k.IsWind():
			winds++
			if winds == 4 && m.Type != tile.ClosedKan {
				return Pao{Yaku: Daisuushii, Liable: windOf(h, game.Seat((int(seat)+m.From)%h.Players))}
			}
		}
	}
	return Pao{}
}

// value is a result as players read it.
func value(res Result) game.Value {
	v := game.Value{Points: res.Total, Han: res.Han, Fu: res.Fu, Limit: res.Limit.Japanese()}
	for _, y := range res.Yaku {
		it := game.Item{Name: y.Yaku.Japanese(), En: y.Yaku.String()}
		switch {
		case y.Yakuman > 1:
			it.Value = strconv.Itoa(y.Yakuman) + "× yakuman"
		case y.Yakuman == 1:
			it.Value = "yakuman"
		default:
			it.Value = strconv.Itoa(y.Han) + " han"
		}
		v.Items = append(v.Items, it)
	}
	pts := 0
	for _, p := range res.Payments {
		pts += p.Points
	}
	v.Points = pts
	switch {
	case res.Limit >= Yakuman:
		v.Summary = fmt.Sprintf("%s, %d", res.Limit, pts)
	case res.Limit != NoLimit:
		v.Summary = fmt.Sprintf("%d han %d fu %s, %d", res.Han, res.Fu, res.Limit, pts)
	default:
		v.Summary = fmt.Sprintf("%d han %d fu, %d", res.Han, res.Fu, pts)
	}
	return v
}

// Settle implements game.Ruleset: tenpai payments or nagashi mangan at an
// exhaustive draw (§13.1), and the deposits left at the end of the game.
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End {
	if e.Kind == game.Exhausted {
		var tenpai [4]bool
		e.Ready = make([]bool, h.Players)
		for i := range h.Seats {
			tenpai[i], _ = Tenpai(tile.CountsOf(h.Seats[i].Hand))
			e.Ready[i] = tenpai[i]
		}
		paid := false
		if r.o.NagashiMangan {
			for i := range h.Seats {
				if !nagashi(&h.Seats[i]) {
					continue
				}
				honba := 0
				if r.o.NagashiHonba {
					honba = h.Honba
				}
				ps, err := Nagashi(windOf(h, game.Seat(i)), honba, r.o.Options)
				if err != nil {
					continue
				}
				paid = true
				for _, py := range ps {
					if h.Players == 3 && (py.From == North || py.To == North) {
						continue // no North at three: its share is lost
					}
					e.Payments = append(e.Payments, game.Payment{From: seatOf(h, py.From), To: seatOf(h, py.To), Amount: py.Total(), Reason: "nagashi mangan"})
				}
			}
		}
		if !paid {
			// Noten works in winds by position: rotate to and from seats.
			var byWind [4]bool
			for i := range h.Seats {
				byWind[windOf(h, game.Seat(i))] = tenpai[i]
			}
			ps := Noten(byWind)
			if h.Players == 3 {
				ps = NotenThree([3]bool(byWind[:3]))
			}
			for _, py := range ps {
				e.Payments = append(e.Payments, game.Payment{From: seatOf(h, py.From), To: seatOf(h, py.To), Amount: py.Total(), Reason: "noten"})
			}
		}
	}
	if r.o.LeftoverDeposits == DepositsToFirst && h.Pot > 0 && e.Kind != game.Won {
		scores := slices.Clone(h.Scores)
		for _, py := range e.Payments {
			if py.From != game.NoSeat {
				scores[py.From] -= py.Amount
			}
			if py.To != game.NoSeat {
				scores[py.To] += py.Amount
			}
		}
		he := *h
		he.Scores = scores
		if _, over := r.next(&he, e); over {
			e.Payments = append(e.Payments, game.Payment{From: game.NoSeat, To: top(scores), Amount: h.Pot, Reason: "deposits left at the end"})
		}
	}
	return e
}

func nagashi(p *game.Player) bool {
	if len(p.Discards) == 0 {
		return false
	}
	for _, d := range p.Discards {
		if d.Taken || !d.Tile.Kind.IsTerminalOrHonor() {
			return false
		}
	}
	return true
}

// top is the seat in first place; a tie goes to the seat nearer the
// first dealer, seat 0 (D-RI-36).
func top(scores []int) game.Seat {
	best := 0
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	return game.Seat(best)
}

// Penalty implements game.Penalizer for adjudicate mode (§16): a false
// win, a ron while furiten or an illegal kong after riichi is chombo.
func (r *Ruleset) Penalty(h *game.Hand, f game.Foul) []game.Effect {
	switch f.Action.Kind {
	case game.Tsumo, game.Ron, game.ClosedKan:
	default:
		return nil
	}
	ps, err := Penalize(windOf(h, f.Action.Seat), Chombo)
	if err != nil {
		return nil
	}
	var fx []game.Effect
	for _, py := range ps {
		fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: seatOf(h, py.From), To: seatOf(h, py.To), Amount: py.Total(), Reason: "chombo"}})
	}
	// Riichi sticks of this hand go back to their owners (D-RI-39).
	for i := range h.Seats {
		if riichiTookEffect(h, game.Seat(i)) {
			fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: game.NoSeat, To: game.Seat(i), Amount: 1000, Reason: "riichi stick returned"}})
		}
	}
	return append(fx, game.Effect{Kind: game.EndHand, End: game.Chombo, Reason: f.Reason})
}

// Next implements game.Ruleset (§3, §12, §14).
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	n, over := r.next(h, *h.End)
	n.Scores, n.Pot, n.Hands = s.Scores, s.Pot, s.Hands
	return n, over
}

func (r *Ruleset) next(h *game.Hand, e game.End) (game.Standing, bool) {
	repeat, honba := false, h.Honba+1
	switch e.Kind {
	case game.Won:
		for _, w := range h.Wins {
			repeat = repeat || w.Seat == h.Dealer
		}
		if !repeat {
			honba = 0
		}
	case game.Exhausted:
		repeat = e.Ready != nil && e.Ready[h.Dealer]
	case game.Aborted:
		repeat = true
	case game.Chombo:
		repeat, honba = true, h.Honba
	}
	n := game.Standing{Dealer: h.Dealer, Round: h.Round, Number: h.Number, Honba: honba}
	if !repeat {
		n.Dealer = h.Dealer.Next(h.Players)
		n.Number = h.Number + 1
		if n.Number == h.Players {
			n.Number, n.Round = 0, h.Round+1
		}
	}
	over, _ := r.over(h, e, n, repeat)
	return n, over
}

// WhyOver says why the game ends after the finished hand h, or "" when it
// does not; for messages (tablecore's replay).
func (r *Ruleset) WhyOver(h *game.Hand) string {
	if h.End == nil {
		return ""
	}
	n, _ := r.next(h, *h.End)
	repeat := n.Dealer == h.Dealer && n.Round == h.Round && n.Number == h.Number
	over, why := r.over(h, *h.End, n, repeat)
	if !over {
		return ""
	}
	return why
}

// over decides whether the game ends after h (§3, §14; Tenhou's West
// round and last-dealer stop when switched on).
func (r *Ruleset) over(h *game.Hand, e game.End, next game.Standing, repeat bool) (bool, string) {
	scores := h.Scores
	if r.o.Tobi {
		for s, sc := range scores {
			if sc < 0 {
				return true, fmt.Sprintf("seat %d is below zero (%d) and tobi ends the game", s, sc)
			}
		}
	}
	last := tile.South
	if r.o.Length == "tonpuusen" {
		last = tile.East
	}
	reached, reachedScore := game.NoSeat, 0
	for s, sc := range scores {
		if sc >= r.o.ReturnPoints && reached == game.NoSeat {
			reached, reachedScore = game.Seat(s), sc
		}
	}
	why := func(over bool, format string, args ...any) (bool, string) {
		if !over {
			return false, ""
		}
		return true, fmt.Sprintf("%s, %s%d: ", r.o.Length, Wind(h.Round-tile.East), h.Number+1) + fmt.Sprintf(format, args...)
	}
	switch {
	case h.Round > last && repeat:
		// The extension round is sudden death, but a dealer's repeat comes
		// first (Tenhou): the game goes on unless the dealer stops in first
		// place as in the last hand.
		stop := r.o.AgariYame && (e.Kind == game.Won || e.Kind == game.Exhausted && r.o.TenpaiYame) &&
			scores[h.Dealer] >= r.o.ReturnPoints && top(scores) == h.Dealer
		return why(stop, "the dealer (seat %d) repeats in the extension round in first place with %d, and the game stops", h.Dealer, scores[h.Dealer])
	case h.Round > last: // the extension round is sudden death
		if reached != game.NoSeat {
			return why(true, "seat %d has %d, the returning points %d or more, in the extension round", reached, reachedScore, r.o.ReturnPoints)
		}
		return why(next.Round > last+1, "the extension round is over")
	case h.Round == last && h.Number == h.Players-1 && repeat && r.o.AgariYame && (e.Kind == game.Won || e.Kind == game.Exhausted && r.o.TenpaiYame):
		how := "won"
		if e.Kind == game.Exhausted {
			how = "is ready at the draw"
		}
		return why(reached != game.NoSeat && top(scores) == h.Dealer, "the last dealer (seat %d) %s in first place with %d, and the game stops (agari/tenpai yame)", h.Dealer, how, scores[h.Dealer])
	case next.Round > last:
		if !r.o.WestRound {
			return why(true, "the last hand is over")
		}
		return why(reached != game.NoSeat, "the last hand is over and seat %d has %d, the returning points %d or more", reached, reachedScore, r.o.ReturnPoints)
	}
	return false, ""
}
