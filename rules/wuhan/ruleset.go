package wuhan

import (
	"fmt"
	"slices"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Ruleset is Wuhan mahjong as the referee (tablecore) uses it.
type Ruleset struct {
	o   Options
	set tile.Set
	// sc is the Scorer of a copy made for one game (ForGame); nil in a
	// Ruleset that New returned, which any goroutine may use.
	sc *Scorer
}

// ForGame implements tablecore.Forker: a copy of r with a Scorer of its
// own, which one game's referee reuses from win to win.
func (r *Ruleset) ForGame() game.Ruleset {
	c := *r
	c.sc = new(Scorer)
	return &c
}

// New returns the ruleset for valid options.
func New(o Options) (*Ruleset, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	set, err := o.Set()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOptions, err)
	}
	return &Ruleset{o: o, set: set}, nil
}

// Options returns the ruleset's options.
func (r *Ruleset) Options() Options { return r.o }

// reserve is the number of never-drawn tiles besides the indicator (§6.1).
const reserve = 10

// finalDraws is the length of the 海底撈 phase (§6.2).
const finalDraws = 4

// Rules implements game.Ruleset: 136 tiles (荊州 96), the indicator turned
// up from the head, a reserve of 10, replacements from the tail, one
// winner (頭ハネ) and, with four players, the 海底撈 phase.
func (r *Ruleset) Rules() game.Rules {
	rules := game.Rules{
		Name:          "wuhan " + string(r.o.Ruleset),
		Players:       r.o.Players(),
		Set:           r.set,
		Reserve:       reserve,
		Replacement:   game.Tail,
		Chi:           true,
		MultiWin:      game.HeadBump,
		WinsToEnd:     1,
		HeadIndicator: true,
		Break:         game.BreakBySmallerDie, // §4.2
	}
	if rules.Players == 4 {
		rules.FinalDraws = finalDraws
	}
	return rules
}

// Start implements game.Ruleset: everyone holds StartMoney; the dealer
// passes are counted in Standing.Number (§3).
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	scores := make([]int, r.o.Players())
	for i := range scores {
		scores[i] = r.o.StartMoney
	}
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: scores}
}

// roles returns the tile roles of the hand, from its indicator.
func (r *Ruleset) roles(h *game.Hand) (Roles, error) {
	if len(h.Indicators) == 0 {
		return Roles{}, fmt.Errorf("%w: no indicator turned up", ErrIndicator)
	}
	return r.o.Roles(h.Wall.Tiles[h.Indicators[0]].Kind)
}

func illegal(format string, args ...any) error {
	return fmt.Errorf("wuhan: %s: %w", fmt.Sprintf(format, args...), game.ErrIllegal)
}

// Check implements game.Ruleset (§7).
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	roles, err := r.roles(h)
	if err != nil {
		return err
	}
	special := func(t tile.Tile) bool { return roles.Special(t.Kind) }
	switch a.Kind {
	case game.Discard:
		return nil
	case game.Chi, game.Pon, game.OpenKan:
		if special(a.Tile) {
			return illegal("a discarded %v cannot be claimed (§7.1.3)", a.Tile.Kind)
		}
		if slices.ContainsFunc(a.Uses, special) {
			return illegal("no %s with a wildcard or a kong-only tile (§7.2–7.4)", a.Kind)
		}
		if a.Kind == game.OpenKan {
			return r.kongRoom(h)
		}
		return nil
	case game.ClosedKan, game.AddedKan:
		if special(a.Tile) || slices.ContainsFunc(a.Uses, special) {
			return illegal("a kong of four may not hold a wildcard or a kong-only tile (§7.4)")
		}
	case game.SingleKan:
		if !special(a.Tile) {
			return illegal("only the wildcard and the kong-only tiles are konged alone, not %v (§7.4)", a.Tile.Kind)
		}
	default:
		return illegal("no %s in Wuhan mahjong", a.Kind)
	}
	if !r.o.KongAfterCall && justCalled(h, a.Seat) {
		return illegal("no kong before the discard that follows a chi or pon (DEC-08)")
	}
	return r.kongRoom(h)
}

// kongRoom applies DEC-09: a kong needs R ≥ 15 (荊州: R ≥ 11), R counting
// the reserve, so that its replacement never eats into the last draws.
func (r *Ruleset) kongRoom(h *game.Hand) error {
	if left := h.Wall.Remaining(); left <= r.Rules().FinalDraws {
		return illegal("no kong with %d live tiles left (DEC-09)", left+reserve)
	}
	return nil
}

// justCalled reports whether seat's last action was a chi or pon: it is
// acting on the call, not on a draw.
func justCalled(h *game.Hand, seat game.Seat) bool {
	for i := len(h.Log) - 1; i >= 0; i-- {
		a := h.Log[i]
		if a.Seat != seat || a.Kind == game.Pass {
			continue
		}
		return a.Kind == game.Chi || a.Kind == game.Pon
	}
	return false
}

// situation describes a Tsumo or Ron of the hand for Score.
func (r *Ruleset) situation(h *game.Hand, a game.Action, roles Roles) (Situation, tile.Tile, error) {
	s := Situation{Indicator: roles.Indicator, Winner: a.Seat, From: game.NoSeat, Players: players(h, roles)}
	w := &s.Players[a.Seat]
	var won tile.Tile
	switch a.Kind {
	case game.Tsumo:
		last, ok := h.LastAction()
		if !ok || last.Kind != game.Draw || last.Seat != a.Seat || len(w.Concealed) == 0 {
			return s, won, notWinning(ErrShape, "a self-draw needs a tile just drawn")
		}
		hand := h.Seats[a.Seat].Hand
		won = hand[len(hand)-1]
		w.Concealed = w.Concealed[:len(w.Concealed)-1]
		s.Way = BySelfDraw
		s.Replacement = h.Source == game.Tail
		fd := r.Rules().FinalDraws
		s.Seabed = fd > 0 && h.Source == game.Head && h.Wall.Remaining() < fd
	case game.Ron:
		won = h.Claim.Tile
		s.Way, s.From = ByDiscard, h.Claim.From
		if h.Claim.Robbing {
			s.Way = ByRobbing
		}
	default:
		return s, won, illegal("%s is not a win", a.Kind)
	}
	s.Tile = won.Kind
	return s, won, nil
}

// players returns the seats of h as Score reads them.
func players(h *game.Hand, roles Roles) []Player {
	var out []Player
	for i := range h.Seats {
		p := &h.Seats[i]
		pl := Player{Dealer: game.Seat(i) == h.Dealer, Melds: p.Melds, Concealed: tile.Kinds(p.Hand)}
		for _, t := range p.SingleKans {
			pl.Specials = append(pl.Specials, t.Kind)
		}
		for _, d := range p.Discards {
			if roles.Special(d.Tile.Kind) {
				pl.Specials = append(pl.Specials, d.Tile.Kind)
			}
		}
		out = append(out, pl)
	}
	return out
}

// Win implements game.Ruleset (§8, §11); payments are in money. A seat
// whose hand is dead (§12, W8) is refused with ErrDead and game.ErrIllegal.
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	if err := deadHand(h, a.Seat); err != nil {
		return game.Win{}, err
	}
	roles, err := r.roles(h)
	if err != nil {
		return game.Win{}, err
	}
	s, won, err := r.situation(h, a, roles)
	if err != nil {
		return game.Win{}, err
	}
	var res Result
	if r.sc != nil {
		res, err = r.sc.Score(r.o, s)
	} else {
		res, err = Score(r.o, s)
	}
	if err != nil {
		return game.Win{}, err
	}
	return game.Win{
		Seat: a.Seat, From: s.From, Tile: won, Robbed: s.Way == ByRobbing,
		Value: res.Value(), Payments: res.Payments(a.Seat),
	}, nil
}

// Value is the result as players read it; Points is the money received.
func (res Result) Value() game.Value {
	var v game.Value
	if !res.Big() {
		v.Items = append(v.Items, game.Item{Name: "小胡", En: "small win", Value: "1"})
	}
	for _, p := range res.Patterns {
		v.Items = append(v.Items, game.Item{Name: p.Han(), En: p.English(), Value: "10"})
	}
	for _, f := range res.Winner {
		v.Items = append(v.Items, game.Item{Name: f.Kind.Han(), En: f.Kind.English(), Value: f.Value()})
	}
	var parts []string
	for _, sh := range res.Shares {
		parts = append(parts, fmt.Sprintf("seat %d %g→%d", sh.Seat, sh.Points, sh.Money))
	}
	v.Summary = fmt.Sprintf("base %g, %d fan; %s", res.Base, res.WinnerFan, strings.Join(parts, ", "))
	if res.Bao != game.NoSeat {
		v.Summary += fmt.Sprintf("; seat %d pays all (%s)", res.Bao, res.BaoReason)
	}
	v.Points = res.Money
	return v
}

// CouldWin implements tablecore.Claimer: nobody wins on a discarded
// wildcard or kong-only tile, nor without an opening, holding a kong-only
// tile or with a dead hand, so such windows close at once.
func (r *Ruleset) CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool {
	roles, err := r.roles(h)
	if err != nil {
		return true
	}
	p := &h.Seats[seat]
	if roles.Special(t.Kind) || !slices.ContainsFunc(p.Melds, tile.Meld.Open) || deadHand(h, seat) != nil {
		return false
	}
	return !slices.ContainsFunc(p.Hand, func(x tile.Tile) bool { return roles.KongOnly.Has(x.Kind) })
}

// After implements game.Ruleset: nothing else happens (the indicator is
// turned up by the referee, kongs pay only at a win).
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect { return nil }

// Settle implements game.Ruleset: nothing is paid at an exhaustive draw
// (§6.5); wins paid as they were scored.
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End { return e }

// Next implements game.Ruleset (§3): the dealer keeps the deal after a win
// of their own, a draw or a false win (End Chombo, DEC-41: as in an
// exhaustive draw); otherwise it passes to the right. The game ends at the
// 16th pass (荊州: 12th, DEC-02, DEC-52). Standing.Number counts the passes.
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	n := r.o.Players()
	if h.End != nil && h.End.Kind == game.Won && len(h.Wins) > 0 && h.Wins[0].Seat != h.Dealer {
		s.Dealer = h.Dealer.Next(n)
		s.Number++
	}
	return s, s.Number >= 4*n
}
