package tablecore

import (
	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// WindowCloser is an optional Ruleset ability: effects when a claim window
// closes, once it is known whether anyone took the tile (riichi's deposit is
// paid only when the declaring discard is not won on). A window nobody
// could use closes with its discard, but its effects come with the next
// action, as they would had someone had an option to answer: when they
// come must not tell who could call.
type WindowCloser interface {
	Closed(h *game.Hand, c game.Claim, won bool) []game.Effect
}

// mutate applies an accepted action to the hand.
func (g *Game) mutate(evs []Event, a *game.Action) []Event {
	h := g.h
	p := &h.Seats[a.Seat]
	// Every action but a claim changes the actor's concealed tiles or
	// may (a kong, a flower), through took and gave; claims change them
	// in resolve.
	switch a.Kind {
	case game.Draw:
		i := g.drawIndex()
		if !h.Wall.Known[i] {
			h.Wall.Tiles[i], h.Wall.Known[i] = a.Tile, true
		}
		g.took(p, a.Seat, h.Wall.Tiles[i])
		if h.Source == game.Tail {
			h.Wall.Tail++
		} else {
			h.Wall.Head++
		}
		if h.Phase == game.Claims || h.Phase == game.ToDraw {
			h.Phase = game.ToAct
		}
		if g.inSetup() {
			g.setup()
		}
	case game.Discard, game.Riichi:
		drawn := false
		if n := len(h.Log); n >= 2 {
			prev := &h.Log[n-2]
			drawn = prev.Kind == game.Draw && prev.Seat == a.Seat && prev.Tile == a.Tile
		}
		g.gave(p, a.Seat, a.Tile)
		p.Discards = append(p.Discards, game.Discarded{Tile: a.Tile, Drawn: drawn, Riichi: a.Kind == game.Riichi})
		if a.Kind == game.Riichi {
			p.Riichi = len(p.Discards) - 1
		}
		evs = g.openClaims(evs, a.Seat, a.Tile, false)
	case game.Flower:
		g.gave(p, a.Seat, a.Tile)
		p.Flowers = append(p.Flowers, a.Tile)
		evs = g.replace(evs, a.Seat)
	case game.SingleKan:
		g.gave(p, a.Seat, a.Tile)
		p.SingleKans = append(p.SingleKans, a.Tile)
		evs = g.replace(evs, a.Seat)
	case game.ClosedKan:
		ts := append([]tile.Tile{a.Tile}, a.Uses...)
		for _, t := range ts {
			g.gave(p, a.Seat, t)
		}
		p.Melds = append(p.Melds, tile.Meld{Type: tile.ClosedKan, Tiles: ts})
		evs = g.replace(evs, a.Seat)
	case game.AddedKan:
		evs = g.openClaims(evs, a.Seat, a.Tile, true)
	case game.Tsumo:
		evs = g.addWin(evs, &g.won)
		evs = g.afterWins(evs, a.Seat)
	case game.Missing:
		p.Missing, p.HasMissing = a.Suit, true
		h.Pending[a.Seat] = false
		g.setup()
	case game.Abort:
		evs = g.endHand(evs, game.End{Kind: game.Aborted, Reason: "declared by seat " + itoa(int(a.Seat))})
	case game.Pass:
		if h.Phase == game.ToAct {
			// Keeping the last-draws tile (FinalPhase): the next player draws.
			evs = g.toDraw(evs, g.nextActive(a.Seat))
			break
		}
		h.Claim.Responses[a.Seat] = game.Response{Answered: true, Action: *a}
		if g.allAnswered() {
			evs = g.resolve(evs)
		}
	case game.Chi, game.Pon, game.OpenKan, game.Ron:
		if a.Kind == game.Ron && g.keeps {
			g.rons[a.Seat&3] = keptRon{window: g.window, wins: len(h.Wins), w: g.won}
		}
		h.Claim.Responses[a.Seat] = game.Response{Answered: true, Action: *a}
		if g.allAnswered() {
			evs = g.resolve(evs)
		}
	}
	return evs
}

// inSetup reports whether the hand is still in its setup stage (flowers
// at the deal): no discard has been made yet and the dealer has not acted.
func (g *Game) inSetup() bool {
	h := g.h
	if !g.rules.Flowers && !g.rules.MissingSuit {
		return false
	}
	for _, a := range h.Log {
		if a.Kind != game.Flower && a.Kind != game.Draw && a.Kind != game.Missing {
			return false
		}
	}
	return true
}

// replace makes seat draw a replacement tile next, or ends the hand when
// none is left (a flower drawn as the last tile).
func (g *Game) replace(evs []Event, seat game.Seat) []Event {
	h := g.h
	if h.Wall.Remaining() == 0 {
		return g.endHand(evs, game.End{Kind: game.Exhausted, Reason: "no replacement tile left"})
	}
	h.Phase, h.Turn, h.Source = game.ToDraw, seat, g.rules.Replacement
	return evs
}

// openClaims opens a claim window on t. Seats that can make no claim at
// all answer at once with an unrecorded pass.
func (g *Game) openClaims(evs []Event, from game.Seat, t tile.Tile, robbing bool) []Event {
	if g.openWindow(from, t, robbing) {
		return evs
	}
	return g.passed(evs)
}

// openWindow opens the claim window on t and reports whether some seat
// may answer it.
func (g *Game) openWindow(from game.Seat, t tile.Tile, robbing bool) bool {
	h := g.h
	h.Phase = game.Claims
	// Reuse the last window's answers: nothing keeps them once it closed.
	rs := h.Claim.Responses[:0]
	if cap(rs) < h.Players {
		rs = make([]game.Response, 0, h.Players)
	}
	rs = rs[:h.Players]
	h.Claim = game.Claim{From: from, Tile: t, Robbing: robbing, Responses: rs}
	g.window++ // a ron kept from an earlier window is not for this one
	if g.unclaimed && !robbing {
		// A replayed discard nobody claimed: every seat passes, as it
		// would after a window it could answer.
		for i := range rs {
			rs[i] = game.Response{Answered: true, Action: game.Action{Kind: game.Pass, Seat: game.Seat(i)}}
		}
		return false
	}
	open := false
	// What each seat's tiles allow is kept (seatClaims) and tested by
	// bits: the calls first, as the cheaper, then the wins.
	kept := !g.noClaimCache && t.Kind < tile.NumKinds
	bit := hand.Mask(1) << (t.Kind & 63)
	chiSeat := game.NoSeat
	if g.rules.Chi && !robbing {
		chiSeat = from.Next(h.Players)
	}
	cl := g.claimer
	seats := h.Seats[:len(rs)]
	for i := range rs {
		s := game.Seat(i)
		may := false
		switch {
		case s == from || seats[i].Won:
		case kept:
			sc := &g.claims[i&3]
			if !sc.known {
				g.workClaims(sc, s)
			}
			may = !robbing && sc.held[1]&bit != 0 || s == chiSeat && sc.chi&bit != 0 ||
				cl == nil || sc.win&bit != 0 && g.couldWin(sc, s, t)
		default:
			may = g.mayClaim(s, from, t, robbing)
		}
		if may {
			rs[i] = game.Response{}
			open = true
			continue
		}
		rs[i] = game.Response{Answered: true, Action: game.Action{Kind: game.Pass, Seat: s}}
	}
	return open
}

// passed settles a claim window that closed with its discard, nobody
// having had an option: resolve's ending when everyone passes, without
// reading the answers.
func (g *Game) passed(evs []Event) []Event {
	h := g.h
	evs = g.closed(evs, h.Claim, false, true)
	if h.Phase == game.Over {
		return evs
	}
	if h.Claim.Robbing {
		return g.robbed(evs)
	}
	return g.toDraw(evs, g.nextActive(h.Claim.From))
}

// couldCall reports whether seat s holds the tiles for any call on t,
// counting them (seatClaims keeps the answer as masks).
func (g *Game) couldCall(s, from game.Seat, t tile.Tile) bool {
	h := g.h
	var c tile.Counts
	for _, x := range h.Seats[s].Hand {
		if x.Kind < tile.NumKinds {
			c[x.Kind]++
		}
	}
	if t.Kind >= tile.NumKinds {
		return false
	}
	if c[t.Kind] >= 2 {
		return true
	}
	if g.rules.Chi && from.Next(h.Players) == s && t.Kind.IsSuited() {
		r := t.Kind.Rank()
		k := t.Kind
		if (r >= 3 && c[k-2] > 0 && c[k-1] > 0) || (r >= 2 && r <= 8 && c[k-1] > 0 && c[k+1] > 0) || (r <= 7 && c[k+1] > 0 && c[k+2] > 0) {
			return true
		}
	}
	return false
}

func (g *Game) allAnswered() bool {
	rs := g.h.Claim.Responses
	for i := range rs {
		if !rs[i].Answered {
			return false
		}
	}
	return true
}

// closeClaims makes every seat that has not answered pass, then resolves.
func (g *Game) closeClaims(evs []Event) []Event {
	h := g.h
	for i, r := range h.Claim.Responses {
		if !r.Answered {
			h.Claim.Responses[i] = game.Response{Answered: true, Action: game.Action{Kind: game.Pass, Seat: game.Seat(i)}}
		}
	}
	return g.resolve(evs)
}

// afterPasses returns the seat that draws next, and from where, if every
// claim on the open window is passed.
func (g *Game) afterPasses() (game.Seat, game.Source) {
	h := g.h
	if h.Claim.Robbing {
		return h.Claim.From, g.rules.Replacement
	}
	return g.nextActive(h.Claim.From), game.Head
}

// nextActive returns the first seat after s that has not won.
func (g *Game) nextActive(s game.Seat) game.Seat {
	h := g.h
	for i := 1; i <= h.Players; i++ {
		t := game.Seat((int(s) + i) % h.Players)
		if !h.Seats[t].Won {
			return t
		}
	}
	return s
}

// resolve settles a claim window in which everyone has answered (one
// that closed with its discard is passed).
func (g *Game) resolve(evs []Event) []Event {
	h := g.h
	c := h.Claim
	var rons []game.Action
	var call *game.Action
	// The seats after the discarder in turn order.
	for i := 1; i < h.Players; i++ {
		s := (int(c.From) + i) % h.Players
		r := c.Responses[s].Action
		switch r.Kind {
		case game.Ron:
			rons = append(rons, r)
		case game.Pon, game.OpenKan:
			rr := r
			call = &rr
		case game.Chi:
			if call == nil {
				rr := r
				call = &rr
			}
		}
	}
	if len(rons) > 0 {
		switch g.rules.MultiWin {
		case game.HeadBump:
			rons = rons[:1]
		case game.DoubleWin:
			if len(rons) >= 3 {
				evs = append(evs, g.event(Event{Type: Claimed, Seat: rons[0].Seat, Action: rons[0]}))
				return g.endHand(evs, game.End{Kind: game.Aborted, Reason: "three players won on one tile"})
			}
		}
		if c.Robbing {
			g.gave(&h.Seats[c.From], c.From, c.Tile)
		} else {
			d := &h.Seats[c.From].Discards
			(*d)[len(*d)-1].Taken = true
		}
		for _, r := range rons {
			evs = append(evs, g.event(Event{Type: Claimed, Seat: r.Seat, Action: r}))
			var w game.Win
			if k := &g.rons[r.Seat&3]; g.keeps && k.window == g.window && k.wins == len(h.Wins) {
				// Valued when claimed, and no win came in between
				// (RonKeeper).
				w = k.w
				if g.checkKept != nil {
					fresh, err := g.rs.Win(h, r)
					g.checkKept(w, fresh, err)
				}
			} else {
				var err error
				w, err = g.rs.Win(h, r)
				if err != nil {
					// Accepted when claimed; the other wins of this tile
					// cannot change its worth into no win. Record it at
					// no value rather than lose the claim.
					w = game.Win{Seat: r.Seat, From: c.From, Tile: c.Tile, Robbed: c.Robbing}
				}
			}
			evs = g.addWin(evs, &w)
		}
		evs = g.closed(evs, c, true, false)
		if h.Phase == game.Over {
			return evs
		}
		return g.afterWins(evs, rons[len(rons)-1].Seat)
	}
	evs = g.closed(evs, c, false, false)
	if h.Phase == game.Over {
		return evs
	}
	if call != nil {
		a := *call
		evs = append(evs, g.event(Event{Type: Claimed, Seat: a.Seat, Action: a}))
		p := &h.Seats[a.Seat]
		for _, u := range a.Uses {
			g.gave(p, a.Seat, u)
		}
		d := &h.Seats[c.From].Discards
		(*d)[len(*d)-1].Taken = true
		typ := tile.Chi
		switch a.Kind {
		case game.Pon:
			typ = tile.Pon
		case game.OpenKan:
			typ = tile.Kan
		}
		m := tile.Meld{Type: typ, Tiles: append([]tile.Tile{a.Tile}, a.Uses...), From: a.Seat.Offset(c.From, h.Players)}
		p.Melds = append(p.Melds, m)
		h.Turn = a.Seat
		if a.Kind == game.OpenKan {
			h.Phase, h.Source = game.ToDraw, g.rules.Replacement
		} else {
			h.Phase = game.ToAct
		}
		return evs
	}
	if c.Robbing {
		return g.robbed(evs)
	}
	return g.toDraw(evs, g.nextActive(c.From))
}

// robbed makes the kong of a window on an added tile that nobody won on.
func (g *Game) robbed(evs []Event) []Event {
	h := g.h
	c := &h.Claim
	p := &h.Seats[c.From]
	g.gave(p, c.From, c.Tile)
	i := ponOf(p, c.Tile.Kind)
	m := &p.Melds[i]
	m.Type = tile.AddedKan
	m.Tiles = append(append([]tile.Tile(nil), m.Tiles...), c.Tile)
	return g.replace(evs, c.From)
}

// closed applies the ruleset's effects of the window c closing
// (WindowCloser); won says whether the tile was won on, atOnce that the
// window closed with its discard.
func (g *Game) closed(evs []Event, c game.Claim, won, atOnce bool) []Event {
	if g.closer == nil {
		return evs
	}
	fx := g.closer.Closed(g.h, c, won)
	if atOnce && len(fx) > 0 && g.h.Wall.Remaining() > 0 {
		// Pay when the next action closes the window, as when some hand
		// could have called: the riichi deposit must not come with the
		// discard only when nobody could call it. With no tile left the
		// hand ends now either way.
		g.closing = fx
		return evs
	}
	if len(fx) == 0 {
		return evs
	}
	return g.effects(evs, fx)
}

// toDraw makes seat draw from the head next, or ends the hand if the wall
// is exhausted.
func (g *Game) toDraw(evs []Event, seat game.Seat) []Event {
	h := g.h
	if h.Wall.Remaining() == 0 {
		return g.endHand(evs, game.End{Kind: game.Exhausted, Reason: "the wall is exhausted"})
	}
	h.Phase, h.Turn, h.Source = game.ToDraw, seat, game.Head
	return evs
}

func (g *Game) addWin(evs []Event, w *game.Win) []Event {
	h := g.h
	h.Wins = append(h.Wins, *w)
	h.Seats[w.Seat].Won = true
	ww := *w
	evs = append(evs, g.event(Event{Type: WinScored, Seat: w.Seat, Win: &ww}))
	for _, p := range w.Payments {
		evs = g.pay(evs, p)
	}
	return evs
}

// afterWins ends the hand once enough players have won; otherwise play
// goes on with the first player after anchor who has not won (sichuan.md
// §5.4: the anchor is the last winner counted from the discarder).
func (g *Game) afterWins(evs []Event, anchor game.Seat) []Event {
	h := g.h
	active := 0
	for i := range h.Seats {
		if !h.Seats[i].Won {
			active++
		}
	}
	if len(h.Wins) >= g.rules.WinsToEnd || active <= 1 {
		return g.endHand(evs, game.End{Kind: game.Won})
	}
	return g.toDraw(evs, g.nextActive(anchor))
}

func itoa(i int) string {
	if i >= 0 && i < 10 {
		return string(rune('0' + i))
	}
	return "?"
}
