package shanghai

import (
	"fmt"
	"slices"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Ruleset is an old Shanghai rule as the referee uses it (game.Ruleset,
// with tablecore's optional CouldWin).
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

// New returns the ruleset for o, or an error wrapping ErrOptions.
func New(o Options) (*Ruleset, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.Cap != nil {
		c := *o.Cap
		o.Cap = &c // the ruleset keeps its own copy
	}
	return &Ruleset{o: o}, nil
}

// Options returns the ruleset's options.
func (r *Ruleset) Options() Options {
	o := r.o
	if o.Cap != nil {
		c := *o.Cap
		o.Cap = &c
	}
	return o
}

// Rules implements game.Ruleset: four players, 140 or 144 tiles, flowers
// exposed and replaced from the tail (§2.3), kong replacements from the
// tail (D-SH-04), no dead wall (D-SH-39), chi, one winner (D-SH-31).
func (r *Ruleset) Rules() game.Rules {
	set := tile.WithFlowers()
	if r.o.flowerSets() == Seasons {
		set = tile.WithSeasons()
	}
	return game.Rules{
		Name:        "shanghai " + string(r.o.Variant),
		Players:     Players,
		Set:         set,
		Reserve:     r.o.DeadWall,
		Replacement: game.Tail,
		Chi:         true,
		MultiWin:    game.HeadBump,
		WinsToEnd:   1,
		Flowers:     true,
	}
}

// Start implements game.Ruleset: everyone on 0, East round.
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: make([]int, Players)}
}

// Check implements game.Ruleset: Shanghai has no riichi, single-tile
// kongs, missing suit or abortive draws; the rest is mechanics.
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	switch a.Kind {
	case game.Riichi, game.SingleKan, game.Missing, game.Abort:
		return fmt.Errorf("shanghai: no %s in %s: %w", a.Kind, r.o.Variant.Han(), game.ErrIllegal)
	}
	return nil
}

// Win implements game.Ruleset: it scores a Tsumo or Ron with Score.
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	s, won, err := r.Situation(h, a)
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
	w := game.Win{Seat: a.Seat, From: s.Win.From, Tile: won, Robbed: s.Win.Robbed, Payments: slices.Clone(res.Payments)} // a Scorer's result is its storage
	w.Value = game.Value{Summary: summary(res), Points: res.Value}
	for _, it := range res.Winner.Items {
		w.Value.Items = append(w.Value.Items, game.Item{Name: it.han(), En: it.english(), Value: it.Value()})
	}
	return w, nil
}

// summary is the winner's totals, and in LAOSHI the others' scores.
func summary(res Result) string {
	s := res.Summary()
	if len(res.Others) > 0 {
		var parts []string
		for _, o := range res.Others {
			parts = append(parts, fmt.Sprintf("seat %d: %d胡 %d台 = %d", o.Seat, o.Fu, o.Tai, o.Score))
		}
		s += "; " + strings.Join(parts, ", ")
	}
	if res.Liable != game.NoSeat {
		s += fmt.Sprintf("; 包: seat %d", res.Liable)
	}
	return s
}

// Situation reads the hand h as Score describes it, for the win a (a
// Tsumo by the player to act or a Ron on the open claim window). It also
// returns the winning tile. A Tsumo is only a win on a tile drawn (or the
// dealer's first fourteen), never on a claimed one.
func (r *Ruleset) Situation(h *game.Hand, a game.Action) (Situation, tile.Tile, error) {
	if h.Players != Players || a.Seat < 0 || int(a.Seat) >= Players {
		return Situation{}, tile.Tile{}, fmt.Errorf("shanghai: seat %d at a table of %d: %w", a.Seat, h.Players, game.ErrIllegal)
	}
	s := Situation{Dealer: h.Dealer, Round: h.Round, Win: Win{Seat: a.Seat, From: game.NoSeat}}
	for i := range h.Seats {
		p := &h.Seats[i]
		s.Hands[i] = tile.Hand{Concealed: slices.Clone(p.Hand), Melds: p.Melds, Flowers: p.Flowers}
	}
	me := &s.Hands[a.Seat]
	for _, t := range me.Concealed {
		if t.Kind.IsFlower() {
			return Situation{}, tile.Tile{}, fmt.Errorf("shanghai: %s must be exposed first: %w", t.Kind.Han(), game.ErrNotWinning)
		}
	}
	var won tile.Tile
	switch a.Kind {
	case game.Ron:
		c := h.Claim
		if h.Phase != game.Claims || a.Tile.Kind != c.Tile.Kind {
			return Situation{}, tile.Tile{}, fmt.Errorf("shanghai: no tile %s on offer: %w", a.Tile, game.ErrIllegal)
		}
		won = c.Tile
		s.Win.From, s.Win.Robbed = c.From, c.Robbing
		me.Concealed = append(me.Concealed, c.Tile)
		if c.Robbing {
			// The added tile leaves the robbed player; the meld stays a
			// pung (§2.4). The referee may have taken it already.
			robbed := &s.Hands[c.From]
			if i := slices.Index(robbed.Concealed, c.Tile); i >= 0 {
				robbed.Concealed = slices.Delete(robbed.Concealed, i, i+1)
			}
		}
	case game.Tsumo:
		t, after, err := selfDrawn(h, a.Seat)
		if err != nil {
			return Situation{}, tile.Tile{}, err
		}
		won = t
		s.Win.Replacement = after != game.Draw
		s.Win.FlowerReplacement = after == game.Flower
	default:
		return Situation{}, tile.Tile{}, fmt.Errorf("shanghai: %s is not a win: %w", a.Kind, game.ErrIllegal)
	}
	s.Win.Tile = won.Kind
	return s, won, nil
}

// selfDrawn finds the tile seat drew last and, if it was a replacement
// during play (槓頭開花; at the deal it is not, D-SH-40), the action it
// replaced for (Flower or a kong); game.Draw when it was no replacement.
func selfDrawn(h *game.Hand, seat game.Seat) (tile.Tile, game.Kind, error) {
	last := -1
	for i := len(h.Log) - 1; i >= 0; i-- {
		if a := h.Log[i]; a.Seat == seat && a.Kind != game.Pass {
			last = i
			break
		}
	}
	p := h.Seats[seat]
	if last < 0 {
		if seat != h.Dealer || len(p.Hand) == 0 {
			return tile.Tile{}, 0, fmt.Errorf("shanghai: seat %d has drawn nothing: %w", seat, game.ErrIllegal)
		}
		return p.Hand[len(p.Hand)-1], game.Draw, nil // the dealer's fourteen
	}
	d := h.Log[last]
	if d.Kind != game.Draw {
		return tile.Tile{}, 0, fmt.Errorf("shanghai: seat %d's last tile came by %s, not a draw: %w", seat, d.Kind, game.ErrIllegal)
	}
	after := game.Draw
	for i := last - 1; i >= 0; i-- {
		if a := h.Log[i]; a.Seat == seat && a.Kind != game.Pass {
			switch a.Kind {
			case game.Flower, game.ClosedKan, game.AddedKan, game.OpenKan:
				if !atDeal(h.Log[:i+1]) {
					after = a.Kind
				}
			}
			break
		}
	}
	return d.Tile, after, nil
}

// atDeal reports whether log holds only the flower exposures and
// replacements of the deal (§2.3).
func atDeal(log []game.Action) bool {
	for _, a := range log {
		if a.Kind != game.Flower && a.Kind != game.Draw {
			return false
		}
	}
	return true
}

// After implements game.Ruleset: nothing else happens after an action.
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect { return nil }

// Settle implements game.Ruleset: everything is paid with the win, and an
// exhaustive draw pays nothing (D-SH-32).
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End { return e }

// Next implements game.Ruleset (§2.9). LATE80S: the winner deals next, the
// dealer again after a draw. The others: the dealer deals again after a
// dealer win or a draw, otherwise the deal passes to the next player, and
// the round wind advances when it has passed four times (D-SH-30). The
// game ends after Options.Rounds rounds or Options.Hands hands.
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	if r.o.Hands > 0 && s.Hands >= r.o.Hands {
		return s, true
	}
	winner := game.NoSeat
	if len(h.Wins) > 0 {
		winner = h.Wins[0].Seat
	}
	s.Dealer = h.Dealer
	if r.o.Variant == Late80s {
		if winner != game.NoSeat && winner != h.Dealer {
			s.Dealer, s.Honba = winner, 0
		} else {
			s.Honba++
		}
		s.Number++
		return s, false
	}
	if winner == game.NoSeat || winner == h.Dealer {
		s.Honba++
		return s, false
	}
	s.Dealer, s.Honba = h.Dealer.Next(Players), 0
	s.Number++
	if s.Number == Players {
		s.Number = 0
		if int(s.Round-tile.East)+1 >= r.o.Rounds {
			return s, true
		}
		s.Round++
	}
	return s, false
}

// CouldWin implements tablecore.Claimer: whether seat's hand is complete
// with t in some shape of the variant.
func (r *Ruleset) CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool {
	if t.Kind >= tile.NumKinds {
		return false
	}
	c := tile.CountsOf(h.Seats[seat].Hand)
	c[t.Kind]++
	sc := scorer{o: &r.o}
	o := sc.shapes()
	return hand.Complete(&c, &o)
}
