package tablecore

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/tablecore/record"
)

// ReplayError names the hand and action of a record the referee refused.
type ReplayError struct {
	Hand  string // e.g. "E3-1"
	Index int    // index of the action in the hand; -1 for the deal or the result
	What  string
	Err   error
}

func (e *ReplayError) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("replay: hand %s, action %d (%s): %v", e.Hand, e.Index, e.What, e.Err)
	}
	return fmt.Sprintf("replay: hand %s, %s: %v", e.Hand, e.What, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// WallOf rebuilds as much of a hand's wall as its record shows, in the
// referee's draw order (riichi.md §4.3): the deal, the wall draws, the
// replacement draws from the dead wall, and the dora and ura indicators.
// Positions nobody saw are unknown. Copies are numbered in order of
// appearance (the red five of a suit is copy 0), since records name faces.
// A three-player set (no 2m) deals three seats; seat 3 stays empty.
func WallOf(h *record.Hand, set tile.Set, dealer int) (Deal, error) {
	n := set.Size()
	d := Deal{Wall: make([]tile.Tile, n), Known: make([]bool, n)}
	var w wallPlacer
	w.init(&d, set)
	players := 4
	if set.Copies[tile.M2] == 0 && set.Copies[tile.M1] > 0 {
		players = 3
	}
	if players == 3 && len(h.Deal[3]) != 0 {
		return Deal{}, fmt.Errorf("seat 3 of a three-player game was dealt %d tiles", len(h.Deal[3]))
	}
	// Deal positions, as tablecore deals them: three rounds of four
	// tiles a seat from the dealer on, then one tile a seat.
	for s := 0; s < players; s++ {
		if len(h.Deal[s]) != 13 {
			return Deal{}, fmt.Errorf("seat %d was dealt %d tiles", s, len(h.Deal[s]))
		}
		o := ((s-dealer)%players + players) % players // the seat's turn in the deal
		for i, t := range h.Deal[s] {
			pos := 12*players + o
			if i < 12 {
				pos = i/4*4*players + o*4 + i%4
			}
			if !w.place(pos, t) {
				return Deal{}, w.refuse(pos, t, "seat %d's deal", s)
			}
		}
	}
	pos := 13 * players
	head, tail := pos, 0
	afterKan := false
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Type {
		case record.Draw:
			p := head
			if afterKan {
				w := game.Wall{Tiles: d.Wall}
				p = w.TailIndex(tail)
				tail++
				if tail > riichi.Replacements(players) {
					return Deal{}, fmt.Errorf("action %d: replacement tile %d would be at wall position %d, a dora or ura indicator's: more replacements than the dead wall's %d", i, tail, p, riichi.Replacements(players))
				}
			} else {
				head++
			}
			if !w.place(p, a.Tile) {
				return Deal{}, w.refuse(p, a.Tile, "action %d", i)
			}
			afterKan = false
		case record.Call:
			afterKan = a.Meld.IsKong()
		case record.Kita:
			afterKan = true // the replacement comes from the dead wall
		default:
			afterKan = false
		}
	}
	for i, t := range h.Dora {
		if p := riichi.DoraIndex(n, players, i); !w.place(p, t) {
			return Deal{}, w.refuse(p, t, "dora indicator %d", i)
		}
	}
	for i, t := range h.Ura {
		if p := riichi.DoraIndex(n, players, i) + 1; !w.place(p, t) {
			return Deal{}, w.refuse(p, t, "ura indicator %d", i)
		}
	}
	return d, nil
}

// wallPlacer puts a record's tiles, named by face, in a Deal's wall.
type wallPlacer struct {
	wall  []tile.Tile // the Deal's
	known []bool      // the Deal's, as long as wall
	used  [256]uint8  // copies placed, a bit each, by kind
	// The copies a plain ([0]) and a red ([1]) tile of each kind may
	// be: a red five is copy 0 of a suit with a red five
	// (tile.Set.Contains), a plain tile any other; none for a kind past
	// tile.NumAll. A row for every value of a Kind, so that place needs
	// no test of the kind.
	may [2][256]uint8
}

func (w *wallPlacer) init(d *Deal, set tile.Set) {
	w.wall, w.known = d.Wall, d.Known[:len(d.Wall)]
	for k := tile.Kind(0); k < tile.NumAll; k++ {
		all := uint8(1)<<set.Copies[k] - 1
		if all != 0 && k.IsSuited() && k.Rank() == 5 && set.Reds[k.Suit()] {
			w.may[0][k], w.may[1][k] = all&^1, 1
		} else {
			w.may[0][k] = all
		}
	}
}

// place puts t at pos, as the first free copy of its face, and reports
// whether it could (refuse says why not, formatting only then: a replay
// places every tile of every hand).
func (w *wallPlacer) place(pos int, t tile.Tile) bool {
	k := t.Kind
	if uint(pos) >= uint(len(w.known)) || w.known[pos] || k >= tile.NumAll {
		return false
	}
	free := w.may[b2u(t.Red)][k] &^ w.used[k]
	if free == 0 {
		return false
	}
	c := uint8(bits.TrailingZeros8(free))
	w.used[k] |= 1 << c
	w.wall[pos], w.known[pos] = tile.Tile{Kind: k, Copy: c, Red: t.Red}, true
	return true
}

// refuse is why place refused t at pos, the tile named by what and i:
// pos out of range or given twice, or no free copy of t's face left.
func (w *wallPlacer) refuse(pos int, t tile.Tile, what string, i int) error {
	switch {
	case pos < 0 || pos >= len(w.known):
		return fmt.Errorf("%s: wall position %d out of range", fmt.Sprintf(what, i), pos)
	case w.known[pos]:
		return fmt.Errorf("%s: wall position %d given twice", fmt.Sprintf(what, i), pos)
	case t.Kind >= tile.NumAll:
		return fmt.Errorf("%s: %s is not a tile", fmt.Sprintf(what, i), t)
	}
	return fmt.Errorf("%s: a fifth %s", fmt.Sprintf(what, i), t)
}

// stepper deals and applies actions: straight to the referee, or through
// a Table's journal (t set), or keeping every event (events set, tests).
// Its methods rather than function values, so that an action handed on
// by pointer stays on the replay's stack.
type stepper struct {
	g      *Game
	t      *Table
	ctx    context.Context
	events *[]Event
}

func (do stepper) start(d Deal) error {
	g := do.g
	switch {
	case do.t != nil:
		_, err := do.t.StartHand(do.ctx, d)
		return err
	case do.events != nil:
		e, err := g.StartHand(d)
		*do.events = append(*do.events, e...)
		return err
	}
	if g.replayDealt && g.h != nil {
		g.spareLog = g.h.Log
	}
	g.ownDeal = true // WallOf made d for this hand alone
	_, err := g.StartHand(d)
	g.spareLog, g.ownDeal = nil, false
	g.replayDealt = err == nil
	return err
}

func (do stepper) apply(a *game.Action) error { return do.applyFound(a, false, false) }

// applyFound is apply, straight to the referee with what the replay
// knows (a Table's Apply, and the tests' replay that keeps the events,
// check everything as for a player): found says that the replay took
// a's tile from the actor's hand as it is now, so that the referee need
// not look for it there again; unclaimed that a is a discard the record
// shows nobody claimed (a draw comes next), so that the window on it is
// closed at once, every seat passing, without working out who could
// have claimed it. Passing is always allowed: nothing the record could
// get wrong goes unchecked, and the draw is checked as after any window.
func (do stepper) applyFound(a *game.Action, found, unclaimed bool) (err error) {
	g := do.g
	switch {
	case do.t != nil:
		_, err = do.t.Apply(do.ctx, *a)
		return err
	case do.events != nil:
		*do.events, err = g.appendApply(*do.events, a)
		return err
	}
	// Nobody reads the events: one slice of the game's serves every
	// action of every hand, and the actions' own are not made at all.
	g.quiet, g.found, g.unclaimed = true, found, unclaimed
	g.replayEvs, err = g.appendApply(g.replayEvs[:0], a)
	g.quiet, g.found, g.unclaimed = false, false, false
	return err
}

// ReplayHand deals h into g and plays its actions and result through the
// referee, which must accept each one. Claims nobody made are passed; a
// record names faces, so each discard or call uses a held tile of that face.
// A hand ReplayHand dealt lends the storage of its Log to the next hand
// ReplayHand deals in g, which writes over it: to read an earlier hand's
// actions once the next is replayed, keep a copy of its Log.
func ReplayHand(g *Game, h *record.Hand) error {
	return replayHand(g, h, stepper{g: g})
}

// ReplayHand plays the record of a hand on the table as ReplayHand does,
// journaling the deal and every action: a game record becomes a journal.
func (t *Table) ReplayHand(ctx context.Context, h *record.Hand) error {
	return replayHand(t.g, h, stepper{g: t.g, t: t, ctx: ctx})
}

func replayHand(g *Game, h *record.Hand, do stepper) error {
	fail := func(i int, what string, err error) error {
		return &ReplayError{Hand: h.String(), Index: i, What: what, Err: err}
	}
	dealer := h.Dealer()
	d, err := WallOf(h, g.Rules().Set, dealer)
	if err != nil {
		return fail(-1, "the wall", err)
	}
	if err := do.start(d); err != nil {
		return fail(-1, "the deal", err)
	}
	hd := g.Hand()
	find := func(seat int, t tile.Tile, preferLast bool) (tile.Tile, bool) {
		hand := hd.Seats[seat].Hand
		if preferLast && len(hand) > 0 && record.SameFace(hand[len(hand)-1], t) {
			return hand[len(hand)-1], true
		}
		for _, x := range hand {
			if record.SameFace(x, t) {
				return x, true
			}
		}
		return tile.Tile{}, false
	}
	passRest := func() error {
		if hd.Phase != game.Claims {
			return nil
		}
		for s, r := range hd.Claim.Responses {
			if !r.Answered {
				if err := do.apply(&game.Action{Kind: game.Pass, Seat: game.Seat(s)}); err != nil {
					return err
				}
			}
			if hd.Phase != game.Claims {
				break
			}
		}
		return nil
	}
	riichi := false
	first := true
	for i := range h.Actions {
		ra := &h.Actions[i]
		var a game.Action
		found := false     // a's tile taken from the actor's hand by find
		unclaimed := false // a discard the record shows nobody claimed
		switch ra.Type {
		case record.Draw:
			if first && ra.Seat == dealer {
				// The dealer's first take is the 14th tile of the deal.
				first = false
				continue
			}
			first = false
			a = game.Action{Kind: game.Draw, Seat: game.Seat(ra.Seat), Tile: ra.Tile}
			if p := g.drawIndexFor(); p >= 0 && hd.Wall.Known[p] {
				a.Tile = hd.Wall.Tiles[p]
			} else if u, ok := g.freeCopy(ra.Tile); ok {
				a.Tile = u
			} else {
				return fail(i, ra.String(), fmt.Errorf("every %s is already in play: a fifth copy: %w", ra.Tile, ErrWrongTile))
			}
		case record.Riichi:
			riichi = true
			first = false
			continue
		case record.Kita:
			first = false
			t, ok := find(ra.Seat, ra.Tile, false)
			if !ok {
				return fail(i, ra.String(), ErrNotHeld)
			}
			a = game.Action{Kind: game.Flower, Seat: game.Seat(ra.Seat), Tile: t}
			found = true
		case record.Discard:
			first = false
			t, ok := find(ra.Seat, ra.Tile, ra.Tsumogiri)
			if !ok {
				return fail(i, ra.String(), ErrNotHeld)
			}
			a = game.Action{Kind: game.Discard, Seat: game.Seat(ra.Seat), Tile: t}
			found = true
			unclaimed = i+1 < len(h.Actions) && h.Actions[i+1].Type == record.Draw
			if riichi {
				a.Kind, riichi = game.Riichi, false
			}
		case record.Call:
			first = false
			m := ra.Meld
			seat := game.Seat(ra.Seat)
			switch m.Type {
			case tile.Chi, tile.Pon, tile.Kan:
				if len(m.Tiles) < 2 {
					return fail(i, ra.String(), ErrBadMeld)
				}
				kind := game.Chi
				switch m.Type {
				case tile.Pon:
					kind = game.Pon
				case tile.Kan:
					kind = game.OpenKan
				}
				a = game.Action{Kind: kind, Seat: seat, Tile: hd.Claim.Tile, Uses: make([]tile.Tile, 0, len(m.Tiles)-1)}
				for _, u := range m.Tiles[1:] {
					// A held tile of u's face not already used.
					x, ok := findExcept(hd.Seats[ra.Seat].Hand, u, a.Uses)
					if !ok {
						return fail(i, ra.String(), ErrNotHeld)
					}
					a.Uses = append(a.Uses, x)
				}
			case tile.AddedKan:
				t, ok := find(ra.Seat, m.Tiles[len(m.Tiles)-1], false)
				if !ok {
					return fail(i, ra.String(), ErrNotHeld)
				}
				a = game.Action{Kind: game.AddedKan, Seat: seat, Tile: t}
				found = true
			case tile.ClosedKan:
				var q []tile.Tile
				for _, x := range hd.Seats[ra.Seat].Hand {
					if x.Kind == m.Tiles[0].Kind {
						q = append(q, x)
					}
				}
				if len(q) != 4 {
					return fail(i, ra.String(), ErrNotHeld)
				}
				a = game.Action{Kind: game.ClosedKan, Seat: seat, Tile: q[0], Uses: q[1:]}
			}
		}
		if err := do.applyFound(&a, found, unclaimed); err != nil {
			return fail(i, ra.String(), err)
		}
		if a.Kind.IsClaim() {
			if err := passRest(); err != nil {
				return fail(i, "passing the other claims", err)
			}
		}
	}
	return replayResult(g, h, do, passRest, fail)
}

// nextDrawTile is the tile the next draw may name: the wall's, or when the
// position is unknown any copy not in play.
func (g *Game) nextDrawTile() (tile.Tile, bool) {
	i := g.drawIndexFor()
	if i < 0 {
		return tile.Tile{}, false
	}
	if g.h.Wall.Known[i] {
		return g.h.Wall.Tiles[i], true
	}
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if g.rules.Set.Copies[k] == 0 {
			continue
		}
		if t, ok := g.freeCopy(tile.Tile{Kind: k}); ok {
			return t, true
		}
	}
	return tile.Tile{}, false
}

// drawIndexFor is the wall position the next draw will come from, or -1.
func (g *Game) drawIndexFor() int {
	h := g.h
	if h == nil || h.Wall.Remaining() == 0 {
		return -1
	}
	if h.Phase == game.Claims {
		_, src := g.afterPasses()
		return g.drawIndexFrom(src)
	}
	return g.drawIndexFrom(h.Source)
}

func findExcept(hand []tile.Tile, t tile.Tile, taken []tile.Tile) (tile.Tile, bool) {
	for _, x := range hand {
		if record.SameFace(x, t) && !slices.Contains(taken, x) {
			return x, true
		}
	}
	return tile.Tile{}, false
}

func replayResult(g *Game, h *record.Hand, do stepper, passRest func() error, fail func(int, string, error) error) error {
	hd := g.Hand()
	r := h.Result
	switch {
	case len(r.Wins) > 0:
		for _, w := range r.Wins {
			var a game.Action
			if w.Tsumo() {
				a = game.Action{Kind: game.Tsumo, Seat: game.Seat(w.Who)}
			} else {
				if hd.Phase != game.Claims {
					return fail(-1, fmt.Sprintf("ron by seat %d", w.Who), fmt.Errorf("no tile on offer (phase %s)", hd.Phase))
				}
				a = game.Action{Kind: game.Ron, Seat: game.Seat(w.Who), Tile: hd.Claim.Tile}
			}
			if err := do.apply(&a); err != nil {
				return fail(-1, fmt.Sprintf("win by seat %d", w.Who), err)
			}
		}
		if err := passRest(); err != nil {
			return fail(-1, "passing after the wins", err)
		}
	case r.Draw == record.TripleRon:
		// The record does not say who; everyone who may win on the tile
		// declares, and the rules make it an abortive draw.
		for s := 0; s < hd.Players && hd.Phase == game.Claims; s++ {
			for _, a := range g.Legal(game.Seat(s)) {
				if a.Kind == game.Ron {
					if err := do.apply(&a); err != nil {
						return fail(-1, "triple ron", err)
					}
					break
				}
			}
		}
		if err := passRest(); err != nil {
			return fail(-1, "triple ron", err)
		}
	case r.Draw == record.NineTerminals:
		if err := do.apply(&game.Action{Kind: game.Abort, Seat: hd.Turn}); err != nil {
			return fail(-1, "nine terminals", err)
		}
	default:
		if err := passRest(); err != nil {
			return fail(-1, r.Draw.String(), err)
		}
		if g.closing != nil && hd.Phase == game.ToDraw {
			// Nobody could call the last discard: the next draw closes
			// its window, which ends the hand (four riichi, four winds).
			// The record shows no such draw: the wall position may be
			// unknown, and the tile never enters the hand anyway.
			if t, ok := g.nextDrawTile(); ok {
				if err := do.apply(&game.Action{Kind: game.Draw, Seat: hd.Turn, Tile: t}); err != nil {
					return fail(-1, r.Draw.String(), err)
				}
			}
		}
	}
	if hd.Phase != game.Over {
		return fail(-1, "the result", fmt.Errorf("the record ends the hand (%s) but the referee has it in phase %s", describe(r), hd.Phase))
	}
	return nil
}

func describe(r record.Result) string {
	if len(r.Wins) > 0 {
		return fmt.Sprintf("%d wins", len(r.Wins))
	}
	return r.Draw.String()
}
