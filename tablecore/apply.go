package tablecore

import (
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Apply applies one action. On success it returns the events the action
// caused (the action itself first); on error the game is unchanged and the
// error, an *ActionError, names what was wrong.
func (g *Game) Apply(a game.Action) ([]Event, error) {
	return g.appendApply(make([]Event, 0, 2), &a) // most actions make one or two events
}

// AppendApply is Apply appending the events to dst, so that a caller that
// reads the events and drops them (a replay) can reuse one slice from
// action to action. On error it returns dst unchanged.
func (g *Game) AppendApply(dst []Event, a game.Action) ([]Event, error) {
	return g.appendApply(dst, &a)
}

// appendApply is AppendApply with the action by pointer, as it goes
// through the referee's steps: an action is seven words, read at each.
// Nothing keeps the pointer.
func (g *Game) appendApply(dst []Event, a *game.Action) ([]Event, error) {
	if err := g.validate(a); err != nil {
		return dst, err
	}
	return g.commit(dst, a), nil
}

// validate checks a against the mechanics and the ruleset without changing
// anything but g.won: for a Tsumo or a Ron, the win valued, which commit
// records.
func (g *Game) validate(a *game.Action) error {
	if g.over {
		return &ActionError{Action: *a, Err: ErrGameOver}
	}
	h := g.h
	if h == nil || h.Phase == game.Over {
		return &ActionError{Action: *a, Err: ErrNoHand}
	}
	if a.Seat < 0 || int(a.Seat) >= h.Players {
		return &ActionError{Action: *a, Phase: h.Phase, Err: ErrBadSeat}
	}
	if err := g.check(a); err != nil {
		return &ActionError{Action: *a, Phase: h.Phase, Err: g.explain(*a, err)}
	}
	switch a.Kind {
	case game.Tsumo, game.Ron:
		w, err := g.rs.Win(h, *a)
		if err != nil {
			return &ActionError{Action: *a, Phase: h.Phase, Err: err}
		}
		g.won = w
	case game.Draw, game.Pass:
	default:
		if err := g.rs.Check(h, *a); err != nil {
			return &ActionError{Action: *a, Phase: h.Phase, Err: err}
		}
	}
	return nil
}

// commit applies a validated action; nothing in it may fail.
func (g *Game) commit(evs []Event, a *game.Action) []Event {
	h := g.h
	if fx := g.closing; fx != nil {
		// The window on the last discard closes now, as it does below
		// when a hand could have called it.
		g.closing = nil
		evs = g.effects(evs, fx)
		if h.Phase == game.Over {
			return evs
		}
	}
	if h.Phase == game.Claims && a.Kind == game.Draw {
		// Drawing closes the window: everyone who has not answered passes.
		evs = g.closeClaims(evs)
		if h.Phase == game.Over {
			return evs
		}
	}
	h.Log = append(h.Log, *a)
	if g.quiet {
		g.number(Acted, a.Kind)
	} else {
		evs = append(evs, g.event(Event{Type: Acted, Seat: a.Seat, Action: *a}))
	}
	evs = g.mutate(evs, a)
	if h.Phase != game.Over {
		if fx := g.rs.After(h, *a); len(fx) > 0 {
			evs = g.effects(evs, fx)
		}
	}
	return evs
}

// check tests the mechanics of a: whose turn, which tiles, which phase.
func (g *Game) check(a *game.Action) error {
	h := g.h
	p := &h.Seats[a.Seat]
	if p.Won {
		return fmt.Errorf("seat %d has already won this hand: %w", a.Seat, ErrOutOfTurn)
	}
	switch h.Phase {
	case game.Setup:
		switch a.Kind {
		case game.Flower:
			if !g.rules.Flowers || a.Seat != h.Turn || h.Pending != nil {
				return ErrOutOfTurn
			}
			return g.held(p, a.Tile, true)
		case game.Missing:
			if !g.rules.MissingSuit || h.Pending == nil || !h.Pending[a.Seat] {
				return ErrOutOfTurn
			}
			if a.Suit > tile.Sou {
				return fmt.Errorf("the missing suit must be characters, circles or bamboo, not %s: %w", a.Suit, ErrNotAllowed)
			}
			return nil
		}
		return ErrOutOfTurn
	case game.ToDraw:
		if a.Kind != game.Draw || a.Seat != h.Turn {
			return ErrOutOfTurn
		}
		return g.checkDraw(a, h.Source)
	case game.ToAct:
		if a.Seat != h.Turn {
			return ErrOutOfTurn
		}
		if g.rules.Flowers && holdsFlower(p.Hand) && a.Kind != game.Flower && a.Kind != game.Tsumo {
			return fmt.Errorf("a flower in hand must be exposed first: %w", ErrNotAllowed)
		}
		if g.FinalPhase() {
			if a.Kind != game.Tsumo && a.Kind != game.Pass {
				return fmt.Errorf("in the last draws a player may only win or keep the tile: %w", ErrNotAllowed)
			}
			return nil
		}
		switch a.Kind {
		case game.Discard, game.Riichi:
			return g.held(p, a.Tile, false)
		case game.Flower:
			if g.rules.SetAside != 0 && a.Tile.Kind == g.rules.SetAside {
				// A tile set aside, such as three-player riichi's north.
				if !slices.Contains(p.Hand, a.Tile) {
					return fmt.Errorf("%s (copy %d): %w", a.Tile, a.Tile.Copy, ErrNotHeld)
				}
				return nil
			}
			if !g.rules.Flowers {
				return ErrNotAllowed
			}
			return g.held(p, a.Tile, true)
		case game.Tsumo, game.Abort:
			return nil
		case game.SingleKan:
			if err := g.kongRoom(); err != nil {
				return err
			}
			return g.held(p, a.Tile, false)
		case game.ClosedKan:
			if err := g.kongRoom(); err != nil {
				return err
			}
			if len(a.Uses) != 3 {
				return fmt.Errorf("a concealed kong is four tiles: %w", ErrBadMeld)
			}
			if err := g.heldAll(p, append([]tile.Tile{a.Tile}, a.Uses...)); err != nil {
				return err
			}
			for _, u := range a.Uses {
				if u.Kind != a.Tile.Kind {
					return ErrBadMeld
				}
			}
			return nil
		case game.AddedKan:
			if err := g.kongRoom(); err != nil {
				return err
			}
			if err := g.held(p, a.Tile, false); err != nil {
				return err
			}
			if ponOf(p, a.Tile.Kind) < 0 {
				return fmt.Errorf("no pon of %s to add to: %w", a.Tile.Kind, ErrBadMeld)
			}
			return nil
		}
		return ErrOutOfTurn
	case game.Claims:
		c := &h.Claim
		if a.Kind == game.Draw {
			// Only the seat that draws next when everyone passes, and only
			// while nobody has claimed.
			seat, src := g.afterPasses()
			if a.Seat != seat {
				return ErrOutOfTurn
			}
			for _, r := range c.Responses {
				if r.Answered && r.Action.Kind != game.Pass {
					return fmt.Errorf("a claim is waiting for the others' answers: %w", ErrOutOfTurn)
				}
			}
			return g.checkDraw(a, src)
		}
		if !a.Kind.IsClaim() || a.Seat == c.From || c.Responses[a.Seat].Answered {
			return ErrOutOfTurn
		}
		if a.Kind == game.Pass {
			return nil
		}
		if a.Tile != c.Tile {
			return fmt.Errorf("the tile on offer is %s, not %s: %w", c.Tile, a.Tile, ErrWrongTile)
		}
		if c.Robbing && a.Kind != game.Ron {
			return fmt.Errorf("only a win may claim a tile added to a kong: %w", ErrNotAllowed)
		}
		switch a.Kind {
		case game.Chi:
			if !g.rules.Chi {
				return fmt.Errorf("chi is not played at this table: %w", ErrNotAllowed)
			}
			if c.From.Next(h.Players) != a.Seat {
				return fmt.Errorf("chi only from the previous player: %w", ErrOutOfTurn)
			}
			if len(a.Uses) != 2 {
				return ErrBadMeld
			}
			m := tile.Meld{Type: tile.Chi, Tiles: []tile.Tile{a.Tile, a.Uses[0], a.Uses[1]}, From: 3}
			if m.Check() != nil {
				return ErrBadMeld
			}
			return g.heldAll(p, a.Uses)
		case game.Pon, game.OpenKan:
			want := 2
			if a.Kind == game.OpenKan {
				want = 3
				if err := g.kongRoom(); err != nil {
					return err
				}
			}
			if len(a.Uses) != want {
				return ErrBadMeld
			}
			for _, u := range a.Uses {
				if u.Kind != a.Tile.Kind {
					return ErrBadMeld
				}
			}
			return g.heldAll(p, a.Uses)
		case game.Ron:
			return nil
		}
	}
	return ErrOutOfTurn
}

func (g *Game) checkDraw(a *game.Action, src game.Source) error {
	h := g.h
	if h.Wall.Remaining() == 0 {
		return ErrNoTiles
	}
	i := g.drawIndexFrom(src)
	if h.Wall.Known[i] && h.Wall.Tiles[i] != a.Tile {
		return fmt.Errorf("wall position %d holds %s, not %s: %w", i, h.Wall.Tiles[i], a.Tile, ErrWrongTile)
	}
	if !h.Wall.Known[i] && !g.rules.Set.Contains(a.Tile) {
		return fmt.Errorf("%s is not a tile of the set: %w", a.Tile, ErrWrongTile)
	}
	if !h.Wall.Known[i] {
		// Every tile in play came from a known position: the same tile
		// there means this draw would be a fifth copy.
		if j := g.inPlay(a.Tile); j >= 0 {
			return fmt.Errorf("%s (copy %d) is already in play from wall position %d, not at %d: %w", a.Tile, a.Tile.Copy, j, i, ErrWrongTile)
		}
	}
	return nil
}

// inPlay is the known wall position holding t, or -1.
func (g *Game) inPlay(t tile.Tile) int {
	w := &g.h.Wall
	for j, k := range w.Known {
		if k && w.Tiles[j] == t {
			return j
		}
	}
	return -1
}

// freeCopy is a copy of t's face that no known wall position holds, for
// a record that names faces only; false when every copy is in play.
func (g *Game) freeCopy(t tile.Tile) (tile.Tile, bool) {
	set := g.rules.Set
	for c := uint8(0); c < set.Copies[t.Kind]; c++ {
		u := tile.Tile{Kind: t.Kind, Copy: c}
		u.Red = set.Contains(tile.Tile{Kind: t.Kind, Copy: c, Red: true})
		if u.Red == t.Red && g.inPlay(u) < 0 {
			return u, true
		}
	}
	return tile.Tile{}, false
}

// FinalPhase reports whether the player to act drew in the last-draws
// phase of Rules.FinalDraws: they may only win or keep the tile.
func (g *Game) FinalPhase() bool {
	h := g.h
	if g.rules.FinalDraws == 0 || h == nil || h.Phase != game.ToAct || h.Wall.Remaining() >= g.rules.FinalDraws {
		return false
	}
	last, ok := h.LastAction()
	return ok && last.Kind == game.Draw && last.Seat == h.Turn && h.Source == game.Head
}

// drawIndex is the wall position of the next draw from h.Source.
func (g *Game) drawIndex() int { return g.drawIndexFrom(g.h.Source) }

func (g *Game) drawIndexFrom(src game.Source) int {
	return g.h.Wall.NextIndex(src)
}

// kongRoom reports whether a kong may be declared: a replacement must be
// left to draw and the table's kong limit not reached.
func (g *Game) kongRoom() error {
	h := g.h
	if h.Wall.Remaining() == 0 {
		return fmt.Errorf("no replacement tile left for a kong: %w", ErrNoTiles)
	}
	if g.rules.MaxKongs > 0 && Kongs(h) >= g.rules.MaxKongs {
		return fmt.Errorf("the table has %d kongs already: %w", g.rules.MaxKongs, ErrNotAllowed)
	}
	return nil
}

// Kongs counts the kongs declared in the hand by everyone.
func Kongs(h *game.Hand) int {
	n := 0
	for i := range h.Seats {
		for _, m := range h.Seats[i].Melds {
			if m.IsKong() {
				n++
			}
		}
		n += len(h.Seats[i].SingleKans)
	}
	return n
}

func (g *Game) held(p *game.Player, t tile.Tile, flower bool) error {
	if flower != t.Kind.IsFlower() {
		if flower {
			return fmt.Errorf("%s is not a flower: %w", t, ErrNotAllowed)
		}
		return fmt.Errorf("%s is a flower: %w", t, ErrNotAllowed)
	}
	// A replay that took t from the hand (found) has looked already.
	if !g.found && lastIndex(p.Hand, t) < 0 {
		return fmt.Errorf("%s (copy %d): %w", t, t.Copy, ErrNotHeld)
	}
	return nil
}

func (g *Game) heldAll(p *game.Player, ts []tile.Tile) error {
	for i, t := range ts {
		if !slices.Contains(p.Hand, t) || slices.Contains(ts[:i], t) {
			return fmt.Errorf("%s (copy %d): %w", t, t.Copy, ErrNotHeld)
		}
	}
	return nil
}

func ponOf(p *game.Player, k tile.Kind) int {
	for i, m := range p.Melds {
		if m.Type == tile.Pon && m.Tiles[0].Kind == k {
			return i
		}
	}
	return -1
}

// remove takes t out of ts, keeping the order of the rest. A hand holds
// each tile once, so the search goes from the end, where the tile just
// drawn is: most discards are of it.
func remove(ts []tile.Tile, t tile.Tile) []tile.Tile {
	i := lastIndex(ts, t)
	if i < 0 {
		return ts
	}
	if i < len(ts)-1 {
		copy(ts[i:], ts[i+1:])
	}
	return ts[:len(ts)-1]
}

// lastIndex is the index of the last t in ts, or -1.
func lastIndex(ts []tile.Tile, t tile.Tile) int {
	for i := len(ts) - 1; i >= 0; i-- {
		if ts[i] == t {
			return i
		}
	}
	return -1
}
