package tablecore

import (
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Game is one game at one table under one ruleset.
type Game struct {
	rs game.Ruleset // the game's own copy (Forker), else shared
	// The optional abilities of rs, asked for once rather than at each
	// discard; nil when it has not got them.
	claimer Claimer
	waiter  Waiter
	shaper  ShapeWaiter // only with claimer and waiter
	closer  WindowCloser
	// inSet is the set's tiles (setTable), made at the first deal.
	inSet *[tile.NumAll * 4]uint8
	// shared is the ruleset New was given, which callers may use from
	// other goroutines.
	shared game.Ruleset
	// replayEvs is ReplayHand's storage for the events it drops.
	replayEvs []Event
	rules     game.Rules
	st        game.Standing
	h         *game.Hand
	hands     int // hands started
	seq       int64
	over      bool
	chips     []int // chips won by seat (Win.Chips); nil while none moved
	// closing holds the effects of a claim window that closed at its
	// discard because no hand could call it (WindowCloser): they wait for
	// the next action, as they would had some hand had an option, so that
	// nothing public (riichi's deposit, an abortive draw) shows whether
	// anyone could call.
	closing []game.Effect
	// claims is what each seat could claim, kept while its hand stays
	// the same (claims.go); noClaimCache works it out afresh at each
	// window (the tests that compare both).
	claims       [4]seatClaims
	noClaimCache bool
	// replayDealt says that ReplayHand dealt the current hand; spareLog
	// is, while ReplayHand deals the next, the log storage of that one,
	// which the new hand takes over instead of allocating its own.
	replayDealt bool
	spareLog    []game.Action
	// ownDeal says that the Deal StartHand is given is WallOf's, made
	// by ReplayHand for this hand alone: the game's to keep rather than
	// copy, and a wall checkWall accepts.
	ownDeal bool
	// quiet leaves out the events of the actions themselves (Acted),
	// numbering them all the same: ReplayHand reads no events.
	quiet bool
	// found says, while ReplayHand applies an action, that it took the
	// action's tile from the actor's hand as it stands, so that held
	// need not look for it again. unclaimed says, while ReplayHand
	// applies a discard, that the record shows nobody claimed it: its
	// window closes at once, as one nobody could use.
	found, unclaimed bool
	// won is the win validate valued last (a Tsumo or a Ron), which
	// commit records; rons holds, for a ruleset that keeps rons
	// (RonKeeper), each seat's ron valued when claimed in the open
	// window, for its settlement. checkKept, when set (tests), is given
	// each kept value and a fresh one.
	won       game.Win
	keeps     bool
	window    int64 // claim windows opened
	rons      [4]keptRon
	checkKept func(kept, fresh game.Win, err error)
}

// keptRon is a ron valued when it was claimed in claim window number
// window (from 1), while h.Wins had wins entries.
type keptRon struct {
	window int64
	wins   int
	w      game.Win
}

// RonKeeper is an optional Ruleset ability. KeepsRon true promises that
// the value Win gives a ron depends on nothing that changes between the
// claim and the settlement of its window but the wins settled before
// it: not on the other seats' answers, nor on the log's entries after
// the discard, nor on the discard being marked taken or a robbed tile
// leaving the kong's hand. The referee then values such a ron once, when
// it is claimed, and settles it with that value unless another win was
// added in between; otherwise it values it again.
type RonKeeper interface {
	KeepsRon() bool
}

// Dealer is an optional Ruleset ability: effects right after the deal,
// before anyone acts (riichi turns up the first dora indicator).
type Dealer interface {
	Dealt(h *game.Hand) []game.Effect
}

// Claimer is an optional Ruleset ability: a cheap test of whether seat
// could possibly win on t, so that claim windows nobody can use close at
// once. Without it every open window waits for each seat's answer.
type Claimer interface {
	CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool
}

// New returns a game under rs with the given first dealer.
func New(rs game.Ruleset, firstDealer game.Seat) (*Game, error) {
	r := rs.Rules()
	if r.Players != 3 && r.Players != 4 {
		return nil, fmt.Errorf("tablecore: ruleset %s has %d players; 3 or 4 are supported", r.Name, r.Players)
	}
	if firstDealer < 0 || int(firstDealer) >= r.Players {
		return nil, fmt.Errorf("tablecore: first dealer %d: %w", firstDealer, ErrBadSeat)
	}
	if r.WinsToEnd < 1 {
		r.WinsToEnd = 1
	}
	g := &Game{rs: rs, shared: rs, rules: r, st: rs.Start(firstDealer)}
	if f, ok := rs.(Forker); ok {
		g.rs = f.ForGame()
	}
	if k, ok := g.rs.(RonKeeper); ok {
		g.keeps = k.KeepsRon()
	}
	g.claimer, _ = g.rs.(Claimer)
	g.waiter, _ = g.rs.(Waiter)
	g.closer, _ = g.rs.(WindowCloser)
	if g.claimer != nil && g.waiter != nil {
		g.shaper, _ = g.rs.(ShapeWaiter)
	}
	return g, nil
}

// Forker is an optional Ruleset ability: a copy of the ruleset for one
// game, which may keep working storage (a scorer's buffers) from call to
// call instead of allocating it for each. The referee asks for one when a
// game is made and calls it only from that game, one call at a time, so
// a ruleset value can serve any number of games at once. A type that
// wraps a ruleset by embedding it must not pass the embedded ForGame on,
// or the game would play by the copy without the wrapper.
type Forker interface {
	ForGame() game.Ruleset
}

// Rules returns the table's rules.
func (g *Game) Rules() game.Rules { return g.rules }

// Ruleset returns the ruleset the game was made with (not the copy it
// keeps for itself, see Forker: that one is the game's own).
func (g *Game) Ruleset() game.Ruleset { return g.shared }

// Standing returns where the game stands (between hands: before the next).
func (g *Game) Standing() game.Standing { return g.st }

// Hand returns the current hand, or nil before the first deal. It must be
// treated as read-only; use View or Legal for anything shown to players.
func (g *Game) Hand() *game.Hand { return g.h }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Settlement is the final account of a game that is over, when its
// ruleset has one (game.Settler: riichi's uma and oka).
func (g *Game) Settlement() (game.Settlement, bool) {
	s, ok := g.rs.(game.Settler)
	if !g.over || !ok {
		return game.Settlement{}, false
	}
	st := s.Settlement(g.st.Scores)
	if g.chips != nil {
		st.Chips = slices.Clone(g.chips)
	}
	return st, true
}

// Deal is the start of a hand: the wall in draw order and the dice. A
// position whose tile is unknown (replays) has Known[i] false; a nil Known
// means every tile is known. The dealt tiles must be known.
type Deal struct {
	Wall  []tile.Tile
	Known []bool
	Dice  [2]int
}

// StartHand deals a new hand from d. It fails if a hand is in progress or
// the game is over, or if the wall is not a shuffle of the ruleset's set.
func (g *Game) StartHand(d Deal) ([]Event, error) {
	h, st, err := g.deal(d)
	if err != nil {
		return nil, err
	}
	return g.begin(h, st, d), nil
}

// deal checks d and deals it into a new hand without touching the game.
func (g *Game) deal(d Deal) (*game.Hand, game.Standing, error) {
	if g.over {
		return nil, game.Standing{}, ErrGameOver
	}
	if g.h != nil && g.h.Phase != game.Over {
		return nil, game.Standing{}, fmt.Errorf("tablecore: a hand is in progress (phase %s)", g.h.Phase)
	}
	if !g.ownDeal {
		// WallOf's walls hold only the set's tiles, each once, at
		// positions of the set's wall (TestWallOfMakesValidWalls).
		if err := g.checkWall(d); err != nil {
			return nil, game.Standing{}, err
		}
	}
	st := g.st
	if g.h != nil {
		next, over := g.rs.Next(g.st, g.h)
		if over {
			return nil, game.Standing{}, ErrGameOver
		}
		st = next
	}
	n := g.rules.Players
	known := d.Known
	if known == nil {
		known = make([]bool, len(d.Wall))
		for i := range known {
			known[i] = true
		}
	} else if !g.ownDeal {
		known = slices.Clone(known)
	}
	if !g.ownDeal {
		// The caller keeps its Deal; the hand writes in its wall.
		d.Wall = slices.Clone(d.Wall)
	}
	h := &game.Hand{
		Players: n,
		Dealer:  st.Dealer,
		Round:   st.Round,
		Number:  st.Number,
		Honba:   st.Honba,
		Pot:     st.Pot,
		Scores:  slices.Clone(st.Scores),
		Dice:    d.Dice,
		Wall: game.Wall{
			Tiles:   d.Wall,
			Known:   known,
			Reserve: g.rules.Reserve,
		},
		Seats: make([]game.Player, n),
		Turn:  st.Dealer,
	}
	if g.spareLog != nil {
		h.Log = g.spareLog[:0]
	} else {
		// A hand takes about a hundred actions: room for them at once
		// rather than by doubling.
		h.Log = make([]game.Action, 0, 128)
	}
	// One block each for the seats' hands, discards (room for a whole
	// hand's) and melds, cut so that no seat's appends reach the next's.
	hands := make([]tile.Tile, n*18)
	discards := make([]game.Discarded, n*24)
	melds := make([]tile.Meld, n*4)
	for i := range h.Seats {
		h.Seats[i].Riichi = -1
		h.Seats[i].Hand = hands[i*18 : i*18 : (i+1)*18]
		h.Seats[i].Discards = discards[i*24 : i*24 : (i+1)*24]
		h.Seats[i].Melds = melds[i*4 : i*4 : (i+1)*4]
	}
	// Three rounds of four tiles, one each, then the dealer's 14th
	// (riichi.md §4.4, wuhan.md §4.3, sichuan.md §2.5 all deal so).
	take := func(s game.Seat, k int) error {
		p := h.Wall.Head
		for i := p; i < p+k; i++ {
			if !h.Wall.Known[i] {
				return fmt.Errorf("tablecore: dealt wall position %d is not known: %w", i, ErrBadDeal)
			}
		}
		h.Seats[s].Hand = append(h.Seats[s].Hand, h.Wall.Tiles[p:p+k]...)
		h.Wall.Head += k
		return nil
	}
	for round := 0; round < 3; round++ {
		for i := 0; i < n; i++ {
			if err := take(game.Seat((int(h.Dealer)+i)%n), 4); err != nil {
				return nil, game.Standing{}, err
			}
		}
	}
	for i := 0; i < n; i++ {
		if err := take(game.Seat((int(h.Dealer)+i)%n), 1); err != nil {
			return nil, game.Standing{}, err
		}
	}
	if err := take(h.Dealer, 1); err != nil {
		return nil, game.Standing{}, err
	}
	return h, st, nil
}

// begin makes a dealt hand the current one.
func (g *Game) begin(h *game.Hand, st game.Standing, d Deal) []Event {
	g.st, g.h = st, h
	g.closing = nil
	g.forgetClaims()
	g.replayDealt = false
	g.hands++
	evs := []Event{g.event(Event{Type: HandStarted, Standing: &st, Dice: d.Dice})}
	if g.rules.HeadIndicator {
		h.Indicators = append(h.Indicators, h.Wall.Head)
		evs = append(evs, g.event(Event{Type: Revealed, Index: h.Wall.Head, Tile: h.Wall.Tiles[h.Wall.Head]}))
		h.Wall.Head++
	}
	if dl, ok := g.rs.(Dealer); ok {
		evs = g.effects(evs, dl.Dealt(h))
	}
	if h.Phase != game.Over {
		g.setup()
	}
	return evs
}

func (g *Game) checkWall(d Deal) error {
	set := g.rules.Set
	if len(d.Wall) != set.Size() {
		return fmt.Errorf("tablecore: the wall has %d tiles, the set %s has %d: %w", len(d.Wall), set.Name, set.Size(), ErrBadDeal)
	}
	if d.Known != nil && len(d.Known) != len(d.Wall) {
		return fmt.Errorf("tablecore: %d known flags for %d tiles: %w", len(d.Known), len(d.Wall), ErrBadDeal)
	}
	if g.inSet == nil {
		g.inSet = setTable(set)
	}
	var seen [tile.NumAll * 4]bool
	for i, t := range d.Wall {
		if d.Known != nil && !d.Known[i] {
			continue
		}
		// The set's tiles by kind and copy, as 1 (plain) or 2 (red):
		// what set.Contains says, read from a table.
		id := int(t.Kind)*4 + int(t.Copy)
		if t.Kind >= tile.NumAll || t.Copy >= 4 || g.inSet[id] != 1+b2u(t.Red) {
			return fmt.Errorf("tablecore: wall position %d holds %s (copy %d), which is not in the set %s: %w", i, t, t.Copy, set.Name, ErrBadDeal)
		}
		if seen[id] {
			return fmt.Errorf("tablecore: wall position %d holds %s (copy %d) a second time: %w", i, t, t.Copy, ErrBadDeal)
		}
		seen[id] = true
	}
	return nil
}

// setTable is set's tiles by kind × 4 + copy: 1 for a plain tile, 2 for a
// red one, 0 for none (set.Contains).
func setTable(set tile.Set) *[tile.NumAll * 4]uint8 {
	var in [tile.NumAll * 4]uint8
	for k := tile.Kind(0); k < tile.NumAll; k++ {
		for c := uint8(0); c < min(set.Copies[k], 4); c++ {
			if t := (tile.Tile{Kind: k, Copy: c}); set.Contains(t) {
				in[int(k)*4+int(c)] = 1
			} else if t.Red = true; set.Contains(t) {
				in[int(k)*4+int(c)] = 2
			}
		}
	}
	return &in
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// setup moves a freshly dealt hand to its first phase: flowers exposed
// dealer first, then missing suits, then the dealer acts.
func (g *Game) setup() {
	h := g.h
	if g.rules.Flowers {
		for i := 0; i < h.Players; i++ {
			s := game.Seat((int(h.Dealer) + i) % h.Players)
			if holdsFlower(h.Seats[s].Hand) {
				h.Phase, h.Turn = game.Setup, s
				h.Pending = nil
				return
			}
		}
	}
	if g.rules.MissingSuit {
		pending := make([]bool, h.Players)
		any := false
		for i := range pending {
			pending[i] = !h.Seats[i].HasMissing
			any = any || pending[i]
		}
		if any {
			h.Phase, h.Turn, h.Pending = game.Setup, h.Dealer, pending
			return
		}
	}
	h.Phase, h.Turn, h.Pending = game.ToAct, h.Dealer, nil
}

func holdsFlower(ts []tile.Tile) bool {
	for _, t := range ts {
		if t.Kind.IsFlower() {
			return true
		}
	}
	return false
}

// event numbers e and stamps it with the current hand.
func (g *Game) event(e Event) Event {
	e.Seq = g.number(e.Type, e.Action.Kind)
	e.Hand = g.hands - 1
	return e
}

// number takes the number of the next event, of type t and, for Acted,
// of an action of kind k.
func (g *Game) number(t EventType, k game.Kind) int64 {
	if t != Acted || k != game.Pass {
		g.seq++ // a pass shares the number before it (Event.Seq)
	}
	return g.seq
}

// effects applies a ruleset's effects and appends their events.
func (g *Game) effects(evs []Event, fx []game.Effect) []Event {
	h := g.h
	for _, f := range fx {
		switch f.Kind {
		case game.Reveal:
			if f.Index < 0 || f.Index >= len(h.Wall.Tiles) {
				continue
			}
			h.Indicators = append(h.Indicators, f.Index)
			evs = append(evs, g.event(Event{Type: Revealed, Index: f.Index, Tile: h.Wall.Tiles[f.Index]}))
		case game.Pay:
			evs = g.pay(evs, f.Payment)
		case game.EndHand:
			if h.Phase != game.Over {
				kind := game.Aborted
				if f.End == game.Chombo {
					kind = game.Chombo
				}
				evs = g.endHand(evs, game.End{Kind: kind, Reason: f.Reason})
			}
		}
	}
	return evs
}

func (g *Game) pay(evs []Event, p game.Payment) []Event {
	h := g.h
	if p.Amount == 0 {
		return evs
	}
	if p.From == game.NoSeat {
		h.Pot -= p.Amount
	} else {
		h.Scores[p.From] -= p.Amount
	}
	if p.To == game.NoSeat {
		h.Pot += p.Amount
	} else {
		h.Scores[p.To] += p.Amount
	}
	return append(evs, g.event(Event{Type: Paid, Seat: p.From, Payment: p}))
}

// endHand ends the hand, lets the ruleset settle it and records the result.
func (g *Game) endHand(evs []Event, e game.End) []Event {
	h := g.h
	// A window still closing ends with the hand, as an open one does.
	g.closing = nil
	h.Phase = game.Over
	settled := g.rs.Settle(h, e)
	for _, p := range settled.Payments {
		evs = g.pay(evs, p)
	}
	h.End = &settled
	evs = append(evs, g.event(Event{Type: HandEnded, End: &settled}))
	// Carry the result into the standing now, so that Standing() between
	// hands shows the scores the players see.
	g.st.Scores = slices.Clone(h.Scores)
	g.st.Pot = h.Pot
	g.st.Hands++
	for _, w := range h.Wins {
		if w.Chips == 0 {
			continue
		}
		if g.chips == nil {
			g.chips = make([]int, h.Players)
		}
		for s := range h.Players {
			if seat := game.Seat(s); seat != w.Seat && (seat == w.From || w.From == game.NoSeat) {
				g.chips[s] -= w.Chips
				g.chips[w.Seat] += w.Chips
			}
		}
	}
	if _, over := g.rs.Next(g.st, h); over {
		g.over = true
		st := g.st
		evs = append(evs, g.event(Event{Type: GameEnded, Standing: &st}))
	}
	return evs
}

// SetStanding replaces the standing before the first hand: a game taken
// up part-way (a record that starts mid-game, an operator restoring
// scores). It fails once a hand has been dealt.
func SetStanding(g *Game, s game.Standing) error {
	if g.h != nil {
		return fmt.Errorf("tablecore: the standing can only be set before the first hand")
	}
	if len(s.Scores) != g.rules.Players {
		return fmt.Errorf("tablecore: %d scores for %d players", len(s.Scores), g.rules.Players)
	}
	s.Scores = slices.Clone(s.Scores)
	g.st = s
	return nil
}

// NextStanding returns the standing the next hand will be dealt with,
// and whether the game is over instead.
func (g *Game) NextStanding() (game.Standing, bool) {
	if g.h == nil {
		return g.st, g.over
	}
	if g.h.Phase != game.Over {
		return g.st, false
	}
	n, over := g.rs.Next(g.st, g.h)
	return n, over || g.over
}
