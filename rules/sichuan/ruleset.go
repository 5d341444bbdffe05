package sichuan

import (
	"errors"
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// ErrFuriten is wrapped (with game.ErrIllegal) when a win on a discard is
// refused for furiten (spec/sichuan.md §6).
var ErrFuriten = errors.New("furiten")

// Ruleset is Sichuan 血戦到底 as the referee plays it. It keeps no state:
// everything it needs is folded from the hand's log when asked.
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

// Rules implements game.Ruleset (spec/sichuan.md §1, §2).
func (r *Ruleset) Rules() game.Rules {
	return game.Rules{
		Name:        "sichuan",
		Players:     4,
		Set:         tile.Suits108(),
		Reserve:     0,         // no dead wall [C L19]
		Replacement: game.Head, // kong replacements from the live wall (D-SC-02)
		Chi:         false,
		MultiWin:    game.AllWin,
		WinsToEnd:   3,
		MissingSuit: true,
		Break:       game.BreakBySmallerDie, // §2.4; start_at_d in WallOrder
	}
}

// Start implements game.Ruleset: everyone starts the session on 0.
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: make([]int, 4)}
}

// DrawOrder returns the wall positions in the order tiles are taken for
// the dice and dealer on a table whose 54 stacks lie 14 before the dealer
// and the player opposite, 13 before the others (not in the spec: 108
// tiles make no four equal walls).
func (r *Ruleset) DrawOrder(dice [2]int, dealer game.Seat) ([]game.Position, error) {
	walls := make([]int, 4)
	for i := range walls {
		walls[(int(dealer)+i)%4] = 14 - i%2
	}
	return r.WallOrder(dice, dealer, walls)
}

// WallOrder implements game.WallOrderer: the wall is broken by the smaller
// die in the wall the sum picks (spec/sichuan.md §2.4, D-SC-01), and under
// start_at_d the stack d comes first.
func (r *Ruleset) WallOrder(dice [2]int, dealer game.Seat, walls []int) ([]game.Position, error) {
	ps, err := game.DrawOrder(game.BreakBySmallerDie, dice, dealer, walls)
	if err != nil || r.o.BreakMode == LeaveD {
		return ps, err
	}
	// start_at_d: stack d, the last one taken under leave_d, comes first.
	n := len(ps)
	return append(ps[n-2:n:n], ps[:n-2]...), nil
}

func holdsSuit(ts []tile.Tile, s tile.Suit) bool {
	for _, t := range ts {
		if t.Kind.IsSuited() && t.Kind.Suit() == s {
			return true
		}
	}
	return false
}

func isX(p *game.Player, k tile.Kind) bool {
	return p.HasMissing && k.IsSuited() && k.Suit() == p.Missing
}

// chombo reports whether a, at log index at (not yet applied if at is the
// log's length), is a chombo (spec/sichuan.md §10) and why.
func chombo(h *game.Hand, a game.Action, at int) (string, bool) {
	p := &h.Seats[a.Seat]
	if !p.HasMissing {
		return "", false
	}
	switch a.Kind {
	case game.Discard:
		if !isX(p, a.Tile.Kind) {
			return "", false
		}
		if at > 0 && h.Log[at-1].Kind == game.Draw && h.Log[at-1].Seat == a.Seat && h.Log[at-1].Tile == a.Tile {
			return "", false // ツモ切り is always legal
		}
		ds := p.Discards
		if at < len(h.Log) {
			ds = ds[:len(ds)-1] // After: the discard itself is in the pond
		}
		for _, d := range ds {
			if !isX(p, d.Tile.Kind) {
				return fmt.Sprintf("seat %d discarded %s of its missing suit from the hand after a %s (C-1)", a.Seat, a.Tile, d.Tile), true
			}
		}
	case game.Pon, game.OpenKan, game.Ron:
		if isX(p, a.Tile.Kind) {
			return fmt.Sprintf("seat %d called %s on %s of its missing suit (C-2)", a.Seat, a.Kind, a.Tile), true
		}
		if a.Kind == game.Ron && holdsSuit(p.Hand, p.Missing) {
			return fmt.Sprintf("seat %d declared a win holding its missing suit (C-3)", a.Seat), true
		}
	case game.ClosedKan, game.AddedKan:
		if isX(p, a.Tile.Kind) {
			return fmt.Sprintf("seat %d declared a kong of %s, its missing suit (C-3)", a.Seat, a.Tile), true
		}
	case game.Tsumo:
		if holdsSuit(p.Hand, p.Missing) {
			return fmt.Sprintf("seat %d declared a win holding its missing suit (C-3)", a.Seat), true
		}
	}
	return "", false
}

// chomboEffects: the offender pays every other player still playing and
// the hand ends (spec/sichuan.md §10).
func (r *Ruleset) chomboEffects(h *game.Hand, seat game.Seat, reason string) []game.Effect {
	var fx []game.Effect
	for s := range h.Players {
		if game.Seat(s) != seat && !h.Seats[s].Won {
			fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: seat, To: game.Seat(s), Amount: r.o.ChomboPenalty, Reason: "chombo チョンボ"}})
		}
	}
	return append(fx, game.Effect{Kind: game.EndHand, End: game.Chombo, Reason: reason})
}

// Check implements game.Ruleset (spec/sichuan.md §3, §4).
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	p := &h.Seats[a.Seat]
	illegal := func(format string, args ...any) error {
		return fmt.Errorf("sichuan: "+format+": %w", append(args, game.ErrIllegal)...)
	}
	switch a.Kind {
	case game.Missing:
		// The face-down tile, when given, is one of the chosen suit held
		// (spec/sichuan.md §3.1). The zero tile stands for "not given".
		if a.Tile != (tile.Tile{}) && (!hasTile(p.Hand, a.Tile) || a.Tile.Kind.Suit() != a.Suit) {
			return illegal("the face-down tile %s is not a held tile of %s", a.Tile, a.Suit)
		}
		return nil
	case game.Chi, game.Riichi, game.SingleKan, game.Flower, game.Abort:
		return illegal("Sichuan has no %s", a.Kind)
	}
	if !p.HasMissing {
		return illegal("seat %d has no missing suit", a.Seat)
	}
	if reason, ok := chombo(h, a, len(h.Log)); ok {
		if r.o.Mode == Record {
			return nil // accepted; After ends the hand
		}
		return fmt.Errorf("sichuan: %s: %w: %w", reason, ErrMissingSuit, game.ErrIllegal)
	}
	if r.o.Mode == Record {
		return nil
	}
	x := p.Missing
	switch a.Kind {
	case game.Discard:
		if !isX(p, a.Tile.Kind) && holdsSuit(p.Hand, x) {
			return fmt.Errorf("sichuan: seat %d holds %s and must discard them first (§3.2): %w: %w", a.Seat, x, ErrMissingSuit, game.ErrIllegal)
		}
	case game.ClosedKan, game.AddedKan:
		if holdsSuit(p.Hand, x) && discardedOther(p) {
			return fmt.Errorf("sichuan: seat %d must discard the %s it drew at once (§3.2): %w: %w", a.Seat, x, ErrMissingSuit, game.ErrIllegal)
		}
	}
	return nil
}

func hasTile(ts []tile.Tile, t tile.Tile) bool {
	for _, u := range ts {
		if u == t {
			return true
		}
	}
	return false
}

// discardedOther reports whether p has discarded a tile not of its
// missing suit.
func discardedOther(p *game.Player) bool {
	for _, d := range p.Discards {
		if !isX(p, d.Tile.Kind) {
			return true
		}
	}
	return false
}

// Win implements game.Ruleset: it values a Tsumo or Ron (spec/sichuan.md
// §5–§7).
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	p := &h.Seats[a.Seat]
	if !p.HasMissing {
		return game.Win{}, fmt.Errorf("sichuan: seat %d has no missing suit yet: %w", a.Seat, game.ErrIllegal)
	}
	hs := newHistory(h, r.o)
	c := tile.CountsOf(p.Hand)
	var cond Conditions
	w := game.Win{Seat: a.Seat, From: game.NoSeat}
	var cur *window
	switch a.Kind {
	case game.Tsumo:
		cond.SelfDrawn = true
		cond.Last = h.Wall.Remaining() == 0
		if n := len(h.Log); n > 0 && h.Log[n-1].Kind == game.Draw && h.Log[n-1].Seat == a.Seat {
			w.Tile = h.Log[n-1].Tile
			_, cond.Replacement = hs.repl[n-1]
		} else if len(p.Hand) > 0 {
			w.Tile = p.Hand[len(p.Hand)-1] // the dealer's 14th tile
		}
	case game.Ron:
		cur = hs.current(h)
		if cur == nil || a.Tile != cur.tile {
			return game.Win{}, fmt.Errorf("sichuan: no tile %s on offer: %w", a.Tile, game.ErrIllegal)
		}
		if isX(p, a.Tile.Kind) {
			return game.Win{}, fmt.Errorf("sichuan: %s is of the missing suit: %w: %w", a.Tile, ErrMissingSuit, game.ErrNotWinning)
		}
		c[a.Tile.Kind]++
		w.From, w.Tile, w.Robbed = cur.from, a.Tile, cur.robbing
		cond.Robbing = cur.robbing
		cond.AfterKong = !cur.robbing && len(cur.chain) > 0
		cond.Last = !cur.robbing && cur.remaining == 0
	default:
		return game.Win{}, fmt.Errorf("sichuan: %s is not a win: %w", a.Kind, game.ErrIllegal)
	}
	var res Result
	var err error
	if r.sc != nil {
		// The furiten check below scores with the package's Score, so
		// that it leaves this result's storage alone.
		res, err = r.sc.Score(Hand{Concealed: c, Melds: p.Melds, Missing: p.Missing}, cond, r.o)
	} else {
		res, err = Score(Hand{Concealed: c, Melds: p.Melds, Missing: p.Missing}, cond, r.o)
	}
	if err != nil {
		return game.Win{}, err
	}
	if cur != nil {
		if err := r.furiten(h, hs, a.Seat, cur, res.Value); err != nil {
			return game.Win{}, err
		}
	}
	w.Value = game.Value{Items: res.Items(), Summary: fmt.Sprintf("%d翻 %d底", min(res.Han, r.o.CapHan), res.Pay), Points: res.Pay}
	if w.From != game.NoSeat {
		w.Payments = []game.Payment{{From: w.From, To: a.Seat, Amount: res.Pay, Reason: "win 和了"}}
	} else {
		for s := range h.Players {
			if game.Seat(s) != a.Seat && !h.Seats[s].Won {
				w.Payments = append(w.Payments, game.Payment{From: game.Seat(s), To: a.Seat, Amount: res.Pay, Reason: "self-drawn win 自摸"})
			}
		}
	}
	return w, nil
}

// furiten refuses a win on a discard worth value (spec/sichuan.md §6):
// F-3, a wait in the player's own discards; F-1, a win passed since the
// player's last discard unless this one is worth strictly more.
func (r *Ruleset) furiten(h *game.Hand, hs *history, seat game.Seat, cur *window, value int) error {
	p := &h.Seats[seat]
	c := tile.CountsOf(p.Hand)
	if r.o.DiscardFuriten {
		for _, d := range p.Discards {
			k := d.Tile.Kind
			if isX(p, k) || !k.IsSuited() {
				continue
			}
			c[k]++
			ok := c[k] <= 4 && hand.Complete(&c, &arrangeOpts)
			c[k]--
			if ok {
				return fmt.Errorf("sichuan: seat %d discarded %s, which completes its hand (F-3): %w: %w", seat, k, ErrFuriten, game.ErrIllegal)
			}
		}
	}
	last := -1
	for i, a := range h.Log {
		if a.Seat == seat && a.Kind == game.Discard {
			last = i
		}
	}
	passed := 0
	for i := range hs.windows {
		w := &hs.windows[i]
		if w.at <= last || w.at == cur.at || w.from == seat || isX(p, w.tile.Kind) {
			continue
		}
		cc := c
		cc[w.tile.Kind]++
		if cc[w.tile.Kind] > 4 {
			continue
		}
		cond := Conditions{Robbing: w.robbing, AfterKong: !w.robbing && len(w.chain) > 0, Last: !w.robbing && w.remaining == 0}
		if res, err := Score(Hand{Concealed: cc, Melds: p.Melds, Missing: p.Missing}, cond, r.o); err == nil {
			passed = max(passed, res.Value)
		}
	}
	if passed > 0 && value <= passed {
		return fmt.Errorf("sichuan: seat %d passed a win worth %d this go-around; this one is worth %d (F-1): %w: %w", seat, passed, value, ErrFuriten, game.ErrIllegal)
	}
	return nil
}

// CouldWin implements tablecore.Claimer: whether seat's hand with t has a
// winning shape free of its missing suit. Furiten is left to Win.
func (r *Ruleset) CouldWin(h *game.Hand, seat game.Seat, t tile.Tile) bool {
	p := &h.Seats[seat]
	if !p.HasMissing || isX(p, t.Kind) || holdsSuit(p.Hand, p.Missing) || !t.Kind.IsSuited() {
		return false
	}
	c := tile.CountsOf(p.Hand)
	c[t.Kind]++
	return c[t.Kind] <= 4 && hand.Complete(&c, &arrangeOpts)
}

// After implements game.Ruleset: a concealed kong is paid at once; in
// record mode a chombo ends the hand (spec/sichuan.md §8.1, §10).
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect {
	if r.o.Mode == Record {
		if reason, ok := chombo(h, a, len(h.Log)-1); ok {
			return r.chomboEffects(h, a.Seat, reason)
		}
	}
	if a.Kind != game.ClosedKan {
		return nil
	}
	hs := newHistory(h, r.o)
	return pays(hs.kongs[len(hs.kongs)-1].payments())
}

func pays(ps []game.Payment) []game.Effect {
	fx := make([]game.Effect, 0, len(ps))
	for _, p := range ps {
		fx = append(fx, game.Effect{Kind: game.Pay, Payment: p})
	}
	return fx
}

// Closed implements tablecore.WindowCloser: an exposed or added kong is
// paid once nobody won on its tile; a win on the discard right after
// kongs voids the last kong's income (spec/sichuan.md §8).
func (r *Ruleset) Closed(h *game.Hand, c game.Claim, won bool) []game.Effect {
	hs := newHistory(h, r.o)
	if len(hs.windows) == 0 {
		return nil
	}
	w := &hs.windows[len(hs.windows)-1]
	switch {
	case !won && w.robbing:
		return pays(hs.kongs[len(hs.kongs)-1].payments())
	case !won && w.openKan >= 0:
		return pays(hs.kongs[w.openKan].payments())
	case won && len(w.chain) > 0:
		k := &hs.kongs[w.chain[len(w.chain)-1]]
		if !k.void {
			return nil
		}
		var fx []game.Effect
		for _, p := range k.payments() {
			fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{From: p.To, To: p.From, Amount: p.Amount, Reason: "kong void: deal-in after it カンブリ"}})
		}
		return fx
	}
	return nil
}

// Penalty implements game.Penalizer: a reported foul that is a chombo
// (spec/sichuan.md §10) ends the hand; other fouls are only recorded.
func (r *Ruleset) Penalty(h *game.Hand, f game.Foul) []game.Effect {
	a := f.Action
	if a.Seat < 0 || int(a.Seat) >= len(h.Seats) || h.Seats[a.Seat].Won {
		return nil
	}
	if reason, ok := chombo(h, a, len(h.Log)); ok {
		return r.chomboEffects(h, a.Seat, reason)
	}
	return nil
}

// Next implements game.Ruleset (spec/sichuan.md §2.2, §11).
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	if s.Hands >= r.o.SessionHands {
		return s, true
	}
	s.Dealer = NextDealer(h)
	s.Number = s.Hands
	return s, false
}

// NextDealer returns the dealer of the hand after h: the first winner, or
// the discarder if the first win was a multiple ron; the same dealer if
// nobody won (spec/sichuan.md §11, D-SC-13).
func NextDealer(h *game.Hand) game.Seat {
	if len(h.Wins) == 0 {
		return h.Dealer
	}
	w := h.Wins[0]
	if len(h.Wins) > 1 && w.From != game.NoSeat && h.Wins[1].From == w.From && h.Wins[1].Tile == w.Tile {
		return w.From
	}
	return w.Seat
}
