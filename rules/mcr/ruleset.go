package mcr

import (
	"errors"
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Errors wrapped (with the game sentinels) by Ruleset.Win.
var (
	// ErrBelowMinimum: a winning shape with fewer fan points than the
	// minimum (flowers not counted, spec/mcr.md §2 "Win check").
	ErrBelowMinimum = errors.New("mcr: below the minimum")
	// ErrDeadHand: the seat made a false win this hand (D-MC-04).
	ErrDeadHand = errors.New("mcr: dead hand after a false win")
)

// Ruleset is MCR as the referee plays it. It keeps no state: everything
// is read from the hand when asked.
type Ruleset struct {
	o Options
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

// New returns the ruleset with the given options.
func New(o Options) (*Ruleset, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &Ruleset{o: o}, nil
}

// Options returns the ruleset's options.
func (r *Ruleset) Options() Options { return r.o }

// Rules implements game.Ruleset (spec/mcr.md §2): no dead wall,
// replacements for kongs and flowers from the tail, chi, head bump.
func (r *Ruleset) Rules() game.Rules {
	set, _ := tile.Standard(0)
	if r.o.Flowers {
		set = tile.WithFlowers()
	}
	mw := game.HeadBump
	if r.o.MultiWin == MultiWinAll {
		mw = game.AllWin
	}
	return game.Rules{
		Name: "mcr-" + r.o.Fans, Players: 4, Set: set, Replacement: game.Tail,
		Chi: true, MultiWin: mw, WinsToEnd: 1, Flowers: r.o.Flowers,
	}
}

// Start implements game.Ruleset: everyone starts on 0 in the East round.
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: make([]int, 4)}
}

// Check implements game.Ruleset: MCR has no riichi, single-tile kong,
// missing suit or abortive draw.
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	switch a.Kind {
	case game.Riichi, game.SingleKan, game.Missing, game.Abort:
		return fmt.Errorf("mcr: there is no %s: %w", a.Kind, game.ErrIllegal)
	}
	return nil
}

// Win implements game.Ruleset: it values a Tsumo or Ron from the hand's
// state (spec/mcr.md §2, §4.2) and settles it (§6).
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	if dead(h, a.Seat) {
		return game.Win{}, fmt.Errorf("seat %d: %w: %w", a.Seat, ErrDeadHand, game.ErrIllegal)
	}
	p := &h.Seats[a.Seat]
	mh := Hand{Concealed: tile.CountsOf(p.Hand), Melds: p.Melds, Flowers: len(p.Flowers)}
	if !r.o.Flowers {
		mh.Flowers = 0
	}
	w := game.Win{Seat: a.Seat, From: game.NoSeat}
	c := Conditions{Prevalent: h.Round, Seat: h.SeatWind(a.Seat), LastTile: h.Wall.Remaining() == 0}
	switch a.Kind {
	case game.Tsumo:
		c.SelfDrawn = true
		n := len(h.Log)
		if n > 0 && h.Log[n-1].Kind == game.Draw && h.Log[n-1].Seat == a.Seat {
			w.Tile = h.Log[n-1].Tile
			c.Replacement = afterKong(h.Log, a.Seat)
		} else if len(p.Hand) > 0 {
			w.Tile = p.Hand[len(p.Hand)-1]
		}
	case game.Ron:
		if h.Phase != game.Claims || a.Tile != h.Claim.Tile {
			return game.Win{}, fmt.Errorf("mcr: no tile %s on offer: %w", a.Tile, game.ErrIllegal)
		}
		w.From, w.Tile, w.Robbed = h.Claim.From, a.Tile, h.Claim.Robbing
		mh.Concealed[a.Tile.Kind]++
		c.Robbing = h.Claim.Robbing
		c.LastTile = c.LastTile && !c.Robbing
	default:
		return game.Win{}, fmt.Errorf("mcr: %s is not a win: %w", a.Kind, game.ErrIllegal)
	}
	if w.Tile.Kind >= tile.NumKinds {
		return game.Win{}, fmt.Errorf("mcr: a flower is not a winning tile: %w", game.ErrNotWinning)
	}
	c.Win = w.Tile.Kind
	c.LastCopy = inView(h, w.Tile) == 3
	var res Result
	var err error
	if r.sc != nil {
		res, err = r.sc.Score(mh, c, r.o)
	} else {
		res, err = Score(mh, c, r.o)
	}
	if err != nil {
		if errors.Is(err, ErrBadHand) {
			err = fmt.Errorf("%w: %w", err, game.ErrNotWinning)
		}
		return game.Win{}, err
	}
	if !res.Winning {
		return game.Win{}, fmt.Errorf("mcr: %d fan points, the minimum is %d: %w: %w", res.Points, r.o.Minimum, ErrBelowMinimum, game.ErrNotWinning)
	}
	w.Value = game.Value{Items: res.Items(), Summary: r.summary(res), Points: res.Total}
	if r.o.Fans == FansSimplified {
		for i, s := range res.Fans {
			w.Value.Items[i].Name = s.Fan.Japanese() // the seed's names
		}
	}
	w.Payments = Payments(h.Players, a.Seat, w.From, res.Total, r.o.Base)
	return w, nil
}

// summary is the winner's announcement, "s は s+8" [S L84], in the
// display units (D-MC-10).
func (r *Ruleset) summary(res Result) string {
	unit, k := "points", 1
	if r.o.DisplayUnits == UnitsSticks {
		unit, k = "sticks", 100
	}
	s := fmt.Sprintf("%d は %d (%s)", res.Total*k, (res.Total+r.o.Base)*k, unit)
	if res.Flowers > 0 {
		s += fmt.Sprintf(", %d of them flowers", res.Flowers*k)
	}
	return s
}

// inView counts the copies of t's kind, t itself aside, in the ponds and
// the exposed melds of every player (spec/mcr.md §4.2 和絶張). Concealed
// kongs are face down and do not count.
func inView(h *game.Hand, t tile.Tile) int {
	var seen [tile.NumKinds * 4]bool
	n := 0
	mark := func(u tile.Tile) {
		if u.Kind == t.Kind && u != t && u.ID() < len(seen) && !seen[u.ID()] {
			seen[u.ID()] = true
			n++
		}
	}
	for i := range h.Seats {
		p := &h.Seats[i]
		for _, d := range p.Discards {
			mark(d.Tile)
		}
		for _, m := range p.Melds {
			if m.Open() {
				for _, u := range m.Tiles {
					mark(u)
				}
			}
		}
	}
	return n
}

// afterKong reports whether the draw that ends log was seat's replacement
// for a kong, perhaps through flowers drawn on the way (杠上开花).
func afterKong(log []game.Action, seat game.Seat) bool {
	for i := len(log) - 2; i >= 0; i-- {
		a := log[i]
		switch {
		case a.Kind == game.Pass, a.Seat != seat && a.Kind.IsClaim():
			// answers to a claim window, the kong's among them
		case a.Seat != seat:
			return false
		case a.Kind == game.ClosedKan || a.Kind == game.AddedKan || a.Kind == game.OpenKan:
			return true
		case a.Kind == game.Flower || a.Kind == game.Draw:
		default:
			return false
		}
	}
	return false
}

// dead reports whether seat made a false win this hand.
func dead(h *game.Hand, seat game.Seat) bool {
	for _, f := range h.Fouls {
		if f.Action.Seat == seat && (f.Action.Kind == game.Tsumo || f.Action.Kind == game.Ron) {
			return true
		}
	}
	return false
}

// CouldWin implements tablecore.Claimer: whether seat's hand with t has a
// winning shape. The minimum is left to Win.
func (r *Ruleset) CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool {
	if t.Kind >= tile.NumKinds || dead(h, seat) {
		return false
	}
	c := tile.CountsOf(h.Seats[seat].Hand)
	c[t.Kind]++
	return c[t.Kind] <= 4 && hand.Complete(&c, shapes(&r.o))
}

// After implements game.Ruleset: nothing else happens after an action.
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect { return nil }

// Settle implements game.Ruleset: wins are paid when made; a drawn hand
// pays nothing (spec/mcr.md §6 [S L82]).
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End { return e }

// Penalty implements game.Penalizer (D-MC-04): in adjudicate mode a
// reported false win costs the offender FalseWinPenalty to each other
// player, and the offender's hand is dead for the rest of the hand (Win
// refuses it). In enforce mode the referee refuses false wins and a
// reported one is only recorded.
func (r *Ruleset) Penalty(h *game.Hand, f game.Foul) []game.Effect {
	a := f.Action
	if r.o.FalseWin != FalseWinAdjudicate || (a.Kind != game.Tsumo && a.Kind != game.Ron) {
		return nil
	}
	if a.Seat < 0 || int(a.Seat) >= h.Players || r.o.FalseWinPenalty == 0 {
		return nil
	}
	// Only the first false win of the seat this hand is penalised.
	n := 0
	for _, g := range h.Fouls {
		if g.Action.Seat == a.Seat && (g.Action.Kind == game.Tsumo || g.Action.Kind == game.Ron) {
			n++
		}
	}
	if n > 1 {
		return nil
	}
	var fx []game.Effect
	for s := range h.Players {
		if game.Seat(s) != a.Seat {
			fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: a.Seat, To: game.Seat(s), Amount: r.o.FalseWinPenalty, Reason: "false win 诈和"}})
		}
	}
	return fx
}

// Next implements game.Ruleset (spec/mcr.md §2): the deal passes to the
// next seat after every hand, four hands a round, E S W N rounds.
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	if s.Hands >= r.o.Hands {
		return s, true
	}
	s.Dealer = h.Dealer.Next(h.Players)
	s.Round = tile.East + tile.Kind(s.Hands/4%4)
	s.Number = s.Hands % 4
	return s, false
}
