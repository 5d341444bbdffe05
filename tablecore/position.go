package tablecore

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore/journal"
)

// Position is a referee state written down: where the game stands, every
// seat's tiles, the wall and whose turn it is, in the notation that
// docs/position.md describes (Position.String writes it, ParsePosition
// reads it). Game.Position takes one from a game, FromPosition sets a game
// up from one, and the two round-trip.
//
// Tiles in a Position are faces: a parsed position gives every tile copy 0
// (a red five is red); FromPosition numbers the copies under the ruleset's
// set, so that no physical tile appears twice.
type Position struct {
	Ruleset string          // the name a Resolver knows ("riichi/tenhou"); may be empty
	Options json.RawMessage // the ruleset's options, if any

	Stage    Stage
	Standing game.Standing // dealer, round, hand number, repeats, deposits, scores now, hands played
	Turn     game.Seat
	Source   game.Source // where the last or next draw comes from
	Dice     [2]int
	Wall     PositionWall
	Seats    []SeatPosition
	Claim    *game.Claim // the open window (Stage Claim or Rob); Responses as answered
	Wins     []game.Win  // earlier wins of the hand (seat, from, tile, robbed; no value)
	Fouls    []game.Action
	// Log is the hand's accepted actions so far: the history the rules
	// read (first turns, one-round wins, temporary furiten, kong money).
	// HasLog is false when the position gave none.
	Log    []game.Action
	HasLog bool
}

// Stage is what a position waits for.
type Stage uint8

// The stages of a position.
const (
	StageDeal  Stage = iota // between hands: the next deal
	StageEnd                // the game is over
	StageSetup              // flowers at the deal, missing suits
	StageDraw               // Turn draws (from the head; Source Tail: a replacement)
	StageAct                // Turn holds a full hand: discard, kong, win…
	StageClaim              // a claim window on a discard
	StageRob                // a robbing window on a tile added to a kong
)

var stageNames = [...]string{"deal", "end", "setup", "draw", "act", "claim", "rob"}

func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", uint8(s))
}

// InHand reports whether the stage is part of a hand in progress.
func (s Stage) InHand() bool { return s >= StageSetup }

// PositionWall is the wall in draw order: Slots[i] is wall position i.
type PositionWall struct {
	Head, Tail int // tiles taken from the head (the deal included) and from the tail
	Reserve    int // tiles at the end that are never drawn
	Slots      []WallSlot
}

// WallSlot is one wall position.
type WallSlot struct {
	Tile      tile.Tile
	Known     bool
	Indicator int // 1-based order in which it was turned up; 0 if it was not
}

// SeatPosition is one seat's part of a hand.
type SeatPosition struct {
	Concealed  []tile.Tile
	Unknown    int // concealed tiles not written (`?`)
	Melds      []tile.Meld
	Pond       []game.Discarded
	Flowers    []tile.Tile
	SingleKans []tile.Tile
	Missing    tile.Suit
	HasMissing bool
}

// ErrPosition marks a position that cannot be read or set up.
var ErrPosition = errors.New("bad position")

// PositionError says where a position went wrong: the line (from 1; 0 for
// the position as a whole), the field and what was wrong.
type PositionError struct {
	Line  int
	Field string
	Msg   string
	Err   error // wrapped cause, if any
}

func (e *PositionError) Error() string {
	s := "position"
	if e.Line > 0 {
		s += fmt.Sprintf(": line %d", e.Line)
	}
	if e.Field != "" {
		s += ": " + e.Field
	}
	s += ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is makes every PositionError match ErrPosition.
func (e *PositionError) Is(target error) bool { return target == ErrPosition }

func (e *PositionError) Unwrap() error { return e.Err }

func posErr(field, format string, args ...any) error {
	return &PositionError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Position returns the game's position. Between hands it is the standing
// the next hand will be dealt with (the finished hand is history).
func (g *Game) Position() *Position {
	p := &Position{}
	h := g.h
	if h == nil || h.Phase == game.Over {
		st, over := g.NextStanding()
		if g.over || over {
			p.Stage, st = StageEnd, g.st
		}
		p.Standing = st
		p.Standing.Scores = slices.Clone(st.Scores)
		p.Turn = st.Dealer
		return p
	}
	p.Standing = game.Standing{Dealer: h.Dealer, Round: h.Round, Number: h.Number, Honba: h.Honba, Pot: h.Pot, Scores: slices.Clone(h.Scores), Hands: g.st.Hands}
	// A window that closed at its discard pays at the next action; a
	// position has no such step, so it holds the payments made.
	for _, f := range g.closing {
		if f.Kind != game.Pay {
			continue
		}
		pm := f.Payment
		if pm.From == game.NoSeat {
			p.Standing.Pot -= pm.Amount
		} else {
			p.Standing.Scores[pm.From] -= pm.Amount
		}
		if pm.To == game.NoSeat {
			p.Standing.Pot += pm.Amount
		} else {
			p.Standing.Scores[pm.To] += pm.Amount
		}
	}
	p.Turn, p.Source, p.Dice = h.Turn, h.Source, h.Dice
	switch h.Phase {
	case game.Setup:
		p.Stage = StageSetup
	case game.ToDraw:
		p.Stage = StageDraw
	case game.ToAct:
		p.Stage = StageAct
	case game.Claims:
		p.Stage = StageClaim
		if h.Claim.Robbing {
			p.Stage = StageRob
		}
		c := h.Claim
		c.Responses = slices.Clone(c.Responses)
		p.Claim = &c
	}
	w := &h.Wall
	p.Wall = PositionWall{Head: w.Head, Tail: w.Tail, Reserve: w.Reserve, Slots: make([]WallSlot, len(w.Tiles))}
	for i := range w.Tiles {
		p.Wall.Slots[i] = WallSlot{Tile: w.Tiles[i], Known: w.Known[i]}
	}
	for n, i := range h.Indicators {
		p.Wall.Slots[i].Indicator = n + 1
	}
	for i := range h.Seats {
		s := &h.Seats[i]
		sp := SeatPosition{
			Concealed: slices.Clone(s.Hand), Pond: slices.Clone(s.Discards),
			Flowers: slices.Clone(s.Flowers), SingleKans: slices.Clone(s.SingleKans),
			Missing: s.Missing, HasMissing: s.HasMissing,
		}
		for _, m := range s.Melds {
			m.Tiles = slices.Clone(m.Tiles)
			sp.Melds = append(sp.Melds, m)
		}
		p.Seats = append(p.Seats, sp)
	}
	for _, win := range h.Wins {
		p.Wins = append(p.Wins, game.Win{Seat: win.Seat, From: win.From, Tile: win.Tile, Robbed: win.Robbed})
	}
	for _, f := range h.Fouls {
		p.Fouls = append(p.Fouls, f.Action)
	}
	p.Log, p.HasLog = slices.Clone(h.Log), true
	return p
}

// Position returns the game's position, naming the journaled ruleset.
func (t *Table) Position() *Position {
	p := t.g.Position()
	p.Ruleset, p.Options = t.Name, t.Opts
	return p
}

// hidden stands for a tile a position does not show: another seat's draw
// in the history of a position as one seat sees it.
var hidden = tile.Tile{Kind: tile.NumAll}

// Seen returns the position as seat sees it: the other seats' concealed
// tiles, the wall's unturned tiles and the tiles the others drew are not
// shown (`?`). Such a position is set up with FillUnknown.
func (p *Position) Seen(seat game.Seat) *Position {
	q := *p
	q.Seats = make([]SeatPosition, len(p.Seats))
	for i, sp := range p.Seats {
		if game.Seat(i) != seat {
			sp.Unknown += len(sp.Concealed)
			sp.Concealed = nil
			// The tile being added to a kong is on the table for all.
			if p.Stage == StageRob && p.Claim != nil && p.Claim.From == game.Seat(i) && sp.Unknown > 0 {
				sp.Concealed, sp.Unknown = []tile.Tile{p.Claim.Tile}, sp.Unknown-1
			}
		}
		q.Seats[i] = sp
	}
	q.Wall.Slots = slices.Clone(p.Wall.Slots)
	for i, s := range q.Wall.Slots {
		if s.Indicator == 0 {
			q.Wall.Slots[i] = WallSlot{}
		}
	}
	q.Log = slices.Clone(p.Log)
	for i, a := range q.Log {
		if a.Seat != seat && (a.Kind == game.Draw || a.Kind == game.Missing) {
			q.Log[i].Tile = hidden
		}
	}
	return &q
}

// SetupOption changes how FromPosition sets a game up.
type SetupOption func(*setup)

type setup struct{ fill bool }

// FillUnknown lets FromPosition take a position whose concealed tiles are
// not all written (Position.Seen): each `?` gets a tile nobody can see,
// the playing tiles of the set in order first. What the seats whose tiles
// are known may do does not depend on those tiles; what the others may do
// is made up.
func FillUnknown() SetupOption { return func(s *setup) { s.fill = true } }

// JournalPosition returns the position of the game journaled at path
// after its record step (1 is the game record; 0 or a step past the end:
// after the last record), and the number of records the journal holds.
// It only reads the file, so it works on the journal of a table that is
// running (Open would need the journal's lock).
func JournalPosition(path string, resolve Resolver, step uint64) (*Position, uint64, error) {
	r := replayer{resolve: resolve}
	var n uint64
	var at *Position
	err := journal.Replay(path, func(e journal.Event) error {
		n = e.Seq
		if _, err := r.record(e); err != nil {
			return err
		}
		if e.Seq == step {
			at = r.g.Position()
		}
		return nil
	})
	g, name, opts := r.g, r.name, r.opts
	if err == nil && g == nil {
		err = fmt.Errorf("%s holds no game: %w", path, ErrJournal)
	}
	if err != nil {
		return nil, n, fmt.Errorf("tablecore: %s: %w", path, err)
	}
	if at == nil {
		at = g.Position()
	}
	at.Ruleset, at.Options = name, opts
	return at, n, nil
}

// FromPosition sets up a game under rs from p. Every concealed tile must
// be written, unless the option FillUnknown is given; unknown wall tiles
// are fine. The tiles get copy numbers under rs's set, and a position
// that shows more tiles of a face than the set holds is refused. Errors
// match ErrPosition and name the field.
func FromPosition(rs game.Ruleset, p *Position, opts ...SetupOption) (*Game, error) {
	var o setup
	for _, f := range opts {
		f(&o)
	}
	r := rs.Rules()
	if len(p.Standing.Scores) != r.Players {
		return nil, posErr("scores", "%d scores for a %d-player ruleset (%s)", len(p.Standing.Scores), r.Players, r.Name)
	}
	g, err := New(rs, p.Standing.Dealer)
	if err != nil {
		return nil, &PositionError{Field: "dealer", Msg: "cannot start the game", Err: err}
	}
	st := p.Standing
	st.Scores = slices.Clone(st.Scores)
	if !st.Round.IsWind() {
		return nil, posErr("round", "%s is not a wind", st.Round)
	}
	g.st, g.hands = st, st.Hands
	switch p.Stage {
	case StageDeal:
		return g, nil
	case StageEnd:
		g.over = true
		return g, nil
	}
	if !p.Stage.InHand() {
		return nil, posErr("turn", "unknown stage %d", p.Stage)
	}
	n := r.Players
	if len(p.Seats) != n {
		return nil, posErr("seat", "%d seats written for %d players", len(p.Seats), n)
	}
	if p.Turn < 0 || int(p.Turn) >= n {
		return nil, posErr("turn", "seat %d at a table of %d", p.Turn, n)
	}
	if len(p.Wall.Slots) != r.Set.Size() {
		return nil, posErr("wall", "%d positions; the set %s has %d tiles", len(p.Wall.Slots), r.Set.Name, r.Set.Size())
	}
	if p.Wall.Reserve != r.Reserve {
		return nil, posErr("wall", "%d reserved tiles; the ruleset keeps %d", p.Wall.Reserve, r.Reserve)
	}
	if p.Wall.Head < 0 || p.Wall.Tail < 0 || p.Wall.Head+p.Wall.Tail > len(p.Wall.Slots) {
		return nil, posErr("wall", "%d tiles drawn from the head and %d from the tail of %d", p.Wall.Head, p.Wall.Tail, len(p.Wall.Slots))
	}
	cp := newCopier(r.Set)
	h := &game.Hand{
		Players: n, Dealer: st.Dealer, Round: st.Round, Number: st.Number, Honba: st.Honba, Pot: st.Pot,
		Scores: slices.Clone(st.Scores), Dice: p.Dice, Turn: p.Turn, Source: p.Source,
		Seats: make([]game.Player, n),
	}
	for i, sp := range p.Seats {
		field := fmt.Sprintf("seat %d", i)
		if sp.Unknown > 0 && !o.fill {
			return nil, posErr(field, "%d concealed tiles are not written (?); a game needs every concealed tile (or FillUnknown)", sp.Unknown)
		}
		pl := &h.Seats[i]
		pl.Riichi = -1
		if pl.Hand, err = cp.own(field, sp.Concealed); err != nil {
			return nil, err
		}
		for _, m := range sp.Melds {
			ts, err := cp.own(field+" meld "+m.String(), m.Tiles)
			if err != nil {
				return nil, err
			}
			if err := (tile.Meld{Type: m.Type, Tiles: ts, From: m.From}).Check(); err != nil {
				return nil, &PositionError{Field: field, Msg: "meld " + m.String(), Err: err}
			}
			pl.Melds = append(pl.Melds, tile.Meld{Type: m.Type, Tiles: ts, From: m.From})
		}
		if pl.Flowers, err = cp.own(field+" flowers", sp.Flowers); err != nil {
			return nil, err
		}
		for _, t := range pl.Flowers {
			if !t.Kind.IsFlower() {
				return nil, posErr(field, "%s is not a flower", t)
			}
		}
		if pl.SingleKans, err = cp.own(field+" kongs", sp.SingleKans); err != nil {
			return nil, err
		}
		if sp.HasMissing && sp.Missing > tile.Sou {
			return nil, posErr(field, "the missing suit must be m, p or s")
		}
		pl.Missing, pl.HasMissing = sp.Missing, sp.HasMissing
	}
	// Ponds after every meld: a discard someone called is the tile in the
	// caller's meld, not a second copy.
	called := map[*tile.Tile]bool{}
	for i, sp := range p.Seats {
		field := fmt.Sprintf("seat %d", i)
		pl := &h.Seats[i]
		for j, d := range sp.Pond {
			t, ok := tile.Tile{}, false
			if d.Taken {
				t, ok = calledTile(h, game.Seat(i), d.Tile, called)
			}
			if !ok {
				if t, err = cp.one(field+" pond", d.Tile); err != nil {
					return nil, err
				}
			}
			d.Tile = t
			pl.Discards = append(pl.Discards, d)
			if d.Riichi {
				if pl.Riichi >= 0 {
					return nil, posErr(field, "two riichi declarations in the pond")
				}
				pl.Riichi = j
			}
		}
	}
	// The wall: taken positions are forgotten; the others keep their tiles.
	w := game.Wall{Tiles: make([]tile.Tile, len(p.Wall.Slots)), Known: make([]bool, len(p.Wall.Slots)), Head: p.Wall.Head, Tail: p.Wall.Tail, Reserve: p.Wall.Reserve}
	taken := takenPositions(&w)
	var order []int
	for i, s := range p.Wall.Slots {
		if s.Indicator == 0 && (taken[i] || !s.Known) {
			continue
		}
		if !s.Known {
			order = append(order, i)
			continue
		}
		t, err := cp.one(fmt.Sprintf("wall position %d", i), s.Tile)
		if err != nil {
			return nil, err
		}
		w.Tiles[i], w.Known[i] = t, true
		if s.Indicator > 0 {
			order = append(order, i)
		}
	}
	h.Wall = w
	if o.fill {
		if err := cp.fill(h, p.Seats); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(order, func(a, b int) int { return p.Wall.Slots[a].Indicator - p.Wall.Slots[b].Indicator })
	for k, i := range order {
		if p.Wall.Slots[i].Indicator != k+1 {
			return nil, posErr("wall", "indicators are numbered %d, want 1 to %d", p.Wall.Slots[i].Indicator, len(order))
		}
	}
	h.Indicators = order
	// Tiles that are named again (the claim, wins, fouls, the log) are
	// matched to the physical tiles above.
	for _, win := range p.Wins {
		if win.Seat < 0 || int(win.Seat) >= n || win.From < game.NoSeat || int(win.From) >= n || win.From == win.Seat {
			return nil, posErr("wins", "seat %d from %d", win.Seat, win.From)
		}
		if h.Seats[win.Seat].Won {
			return nil, posErr("wins", "seat %d won twice", win.Seat)
		}
		h.Seats[win.Seat].Won = true
		h.Wins = append(h.Wins, game.Win{Seat: win.Seat, From: win.From, Tile: cp.ref(h, win.Seat, win.Tile, nil), Robbed: win.Robbed})
	}
	// A seat holds thirteen tiles, melds counted as three; fourteen while
	// it acts, twelve while it waits for a replacement.
	for i := range h.Seats {
		pl := &h.Seats[i]
		if k := len(pl.Hand) + 3*len(pl.Melds); k < 12 || k > 14 {
			return nil, posErr(fmt.Sprintf("seat %d", i), "holds %d tiles (melds counted as three); a seat holds 12 to 14", k)
		}
	}
	switch p.Stage {
	case StageSetup:
		h.Phase = game.Setup
		if r.MissingSuit && !(r.Flowers && anyFlowerHeld(h)) {
			h.Pending = make([]bool, n)
			for i := range h.Pending {
				h.Pending[i] = !h.Seats[i].HasMissing
			}
		}
	case StageDraw:
		h.Phase = game.ToDraw
	case StageAct:
		h.Phase = game.ToAct
	case StageClaim, StageRob:
		if p.Claim == nil {
			return nil, posErr("claim", "a %s stage needs a claim line", p.Stage)
		}
		c := *p.Claim
		if c.From < 0 || int(c.From) >= n {
			return nil, posErr("claim", "from seat %d", c.From)
		}
		c.Robbing = p.Stage == StageRob
		if c.Robbing {
			c.Tile = cp.ref(h, c.From, c.Tile, nil)
			if !slices.Contains(h.Seats[c.From].Hand, c.Tile) || ponOf(&h.Seats[c.From], c.Tile.Kind) < 0 {
				return nil, posErr("claim", "seat %d does not hold %s to add to a pon of it", c.From, c.Tile)
			}
		} else {
			d := h.Seats[c.From].Discards
			if len(d) == 0 || d[len(d)-1].Tile.Kind != c.Tile.Kind || d[len(d)-1].Tile.Red != c.Tile.Red || d[len(d)-1].Taken {
				return nil, posErr("claim", "%s is not seat %d's last discard", c.Tile, c.From)
			}
			c.Tile = d[len(d)-1].Tile
		}
		c.Responses = make([]game.Response, n)
		for _, rsp := range p.Claim.Responses {
			a := rsp.Action
			if !rsp.Answered {
				continue
			}
			if a.Seat < 0 || int(a.Seat) >= n || !a.Kind.IsClaim() {
				return nil, posErr("claim", "answer %s", a)
			}
			if a.Kind != game.Pass {
				a.Tile = c.Tile
				a.Uses = cp.refs(h, a.Seat, a.Uses)
			}
			c.Responses[a.Seat] = game.Response{Answered: true, Action: a}
		}
		for i := range c.Responses {
			if game.Seat(i) == c.From || h.Seats[i].Won {
				c.Responses[i] = game.Response{Answered: true, Action: game.Action{Kind: game.Pass, Seat: game.Seat(i)}}
			}
		}
		h.Phase, h.Claim = game.Claims, c
	}
	for _, f := range p.Fouls {
		if f.Seat < 0 || int(f.Seat) >= n {
			return nil, posErr("fouls", "seat %d", f.Seat)
		}
		h.Fouls = append(h.Fouls, game.Foul{Action: cp.refAction(h, f), Reason: "from a position"})
	}
	if p.HasLog {
		for _, a := range p.Log {
			if a.Seat < 0 || int(a.Seat) >= n {
				return nil, posErr("log", "%s: no seat %d", a, a.Seat)
			}
		}
		h.Log = cp.history(h, p.Log)
	} else {
		h.Log = historyOf(h)
		if h.Phase == game.ToAct && len(h.Seats[h.Turn].Hand) > 0 {
			// The seat to act has just drawn its newest tile.
			hand := h.Seats[h.Turn].Hand
			h.Log = append(h.Log, game.Action{Kind: game.Draw, Seat: h.Turn, Tile: hand[len(hand)-1]})
		}
	}
	g.h, g.hands = h, st.Hands+1
	g.forgetClaims()
	g.replayDealt = false
	return g, nil
}

// calledTile finds the tile of face t that another seat called from
// seat from's pond and has in a meld, not yet matched to a discard.
func calledTile(h *game.Hand, from game.Seat, t tile.Tile, used map[*tile.Tile]bool) (tile.Tile, bool) {
	for i := range h.Seats {
		for k := range h.Seats[i].Melds {
			m := &h.Seats[i].Melds[k]
			if m.Type == tile.ClosedKan || len(m.Tiles) == 0 || game.Seat((i+m.From)%h.Players) != from {
				continue
			}
			x := &m.Tiles[0]
			if x.Kind == t.Kind && x.Red == t.Red && !used[x] {
				used[x] = true
				return *x, true
			}
		}
	}
	return tile.Tile{}, false
}

// historyOf makes up the history of a position that gave none: its
// earlier wins, then each pond's discards, in turn from the dealer, each
// after its draw. Rules
// that read the history (first turns, one-round wins) see a hand in which
// everyone has played.
func historyOf(h *game.Hand) []game.Action {
	var out []game.Action
	// Earlier wins first: the rules that count who is still playing
	// (Sichuan's kong money) read them from the history.
	for _, w := range h.Wins {
		if w.From == game.NoSeat {
			out = append(out, game.Action{Kind: game.Draw, Seat: w.Seat, Tile: w.Tile}, game.Action{Kind: game.Tsumo, Seat: w.Seat})
		} else {
			out = append(out, game.Action{Kind: game.Ron, Seat: w.Seat, Tile: w.Tile})
		}
	}
	for k := 0; ; k++ {
		any := false
		for i := 0; i < h.Players; i++ {
			s := game.Seat((int(h.Dealer) + i) % h.Players)
			d := h.Seats[s].Discards
			if k >= len(d) {
				continue
			}
			any = true
			kind := game.Discard
			if d[k].Riichi {
				kind = game.Riichi
			}
			out = append(out, game.Action{Kind: game.Draw, Seat: s, Tile: d[k].Tile}, game.Action{Kind: kind, Seat: s, Tile: d[k].Tile})
		}
		if !any {
			return out
		}
	}
}

func anyFlowerHeld(h *game.Hand) bool {
	for i := range h.Seats {
		if holdsFlower(h.Seats[i].Hand) {
			return true
		}
	}
	return false
}

// takenPositions marks the wall positions drawn from either end: the
// head's from the start, the tail's stack by stack from the end, and where
// the two met in one stack, the other tile of it.
func takenPositions(w *game.Wall) []bool {
	taken := make([]bool, len(w.Tiles))
	for i := 0; i < w.Head && i < len(taken); i++ {
		taken[i] = true
	}
	for k := 0; k < w.Tail; k++ {
		i := w.TailIndex(k)
		if i < 0 || i >= len(taken) {
			continue
		}
		if taken[i] {
			i ^= 1
		}
		taken[i] = true
	}
	return taken
}

// copier numbers the copies of a position's tiles under a set.
type copier struct {
	set  tile.Set
	used [tile.NumAll]uint8 // bit c: copy c is taken
	all  []tile.Tile        // every physical tile numbered, in order
}

func newCopier(set tile.Set) *copier { return &copier{set: set} }

// one numbers one physical tile.
func (c *copier) one(field string, t tile.Tile) (tile.Tile, error) {
	k := t.Kind
	if !k.Valid() || c.set.Copies[k] == 0 {
		return tile.Tile{}, posErr(field, "%s is not in the set %s", t, c.set.Name)
	}
	isFive := k.IsSuited() && k.Rank() == 5
	if t.Red {
		if !isFive || !c.set.Reds[k.Suit()] {
			return tile.Tile{}, posErr(field, "the set %s has no red %s", c.set.Name, k)
		}
		if c.used[k]&1 != 0 {
			return tile.Tile{}, posErr(field, "a second red %s", k)
		}
		c.used[k] |= 1
		out := tile.Tile{Kind: k, Red: true}
		c.all = append(c.all, out)
		return out, nil
	}
	first := uint8(0)
	if isFive && c.set.Reds[k.Suit()] {
		first = 1
	}
	for cp := first; cp < c.set.Copies[k]; cp++ {
		if c.used[k]&(1<<cp) == 0 {
			c.used[k] |= 1 << cp
			out := tile.Tile{Kind: k, Copy: cp}
			c.all = append(c.all, out)
			return out, nil
		}
	}
	return tile.Tile{}, posErr(field, "more %s than the set %s holds (%d)", k, c.set.Name, c.set.Copies[k]-first)
}

func (c *copier) own(field string, ts []tile.Tile) ([]tile.Tile, error) {
	out := make([]tile.Tile, 0, len(ts)+1)
	for _, t := range ts {
		x, err := c.one(field, t)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// ref finds the physical tile a later mention of face t by seat means:
// one in the seat's hand, melds, pond or exposed tiles, else any in the
// position, else the face as written. skip lists tiles already used by
// the same mention.
func (c *copier) ref(h *game.Hand, seat game.Seat, t tile.Tile, skip []tile.Tile) tile.Tile {
	same := func(x tile.Tile) bool {
		return x.Kind == t.Kind && x.Red == t.Red && !slices.Contains(skip, x)
	}
	if seat >= 0 && int(seat) < len(h.Seats) {
		p := &h.Seats[seat]
		// The newest tile in hand first: a draw named in the history is
		// the tile drawn last of its face.
		for i := len(p.Hand) - 1; i >= 0; i-- {
			if same(p.Hand[i]) {
				return p.Hand[i]
			}
		}
		pools := [][]tile.Tile{p.Flowers, p.SingleKans}
		for _, m := range p.Melds {
			pools = append(pools, m.Tiles)
		}
		for _, d := range p.Discards {
			pools = append(pools, []tile.Tile{d.Tile})
		}
		for _, pool := range pools {
			for _, x := range pool {
				if same(x) {
					return x
				}
			}
		}
	}
	for _, x := range c.all {
		if same(x) {
			return x
		}
	}
	return t
}

// fill gives each seat's unknown concealed tiles tiles of the set that
// the position does not show: playing tiles in set order, flowers last.
func (c *copier) fill(h *game.Hand, seats []SeatPosition) error {
	var free []tile.Tile
	for _, t := range c.set.Tiles() {
		if c.used[t.Kind]&(1<<t.Copy) == 0 {
			free = append(free, t)
		}
	}
	slices.SortStableFunc(free, func(a, b tile.Tile) int { return b2i(a.Kind.IsFlower()) - b2i(b.Kind.IsFlower()) })
	for i, sp := range seats {
		if sp.Unknown > len(free) {
			return posErr(fmt.Sprintf("seat %d", i), "%d unknown tiles, and only %d tiles are not shown", sp.Unknown, len(free))
		}
		for _, t := range free[:sp.Unknown] {
			c.used[t.Kind] |= 1 << t.Copy
			c.all = append(c.all, t)
		}
		h.Seats[i].Hand = append(h.Seats[i].Hand, free[:sp.Unknown]...)
		free = free[sp.Unknown:]
	}
	return nil
}

// history matches the tiles of a written history to the position's: the
// k-th discard of a seat is the k-th tile of its pond, a draw discarded at
// once is that discard, a call's tiles are in the caller's melds.
func (c *copier) history(h *game.Hand, log []game.Action) []game.Action {
	out := make([]game.Action, len(log))
	discards := make([]int, h.Players)
	face := func(x, t tile.Tile) bool { return x.Kind == t.Kind && x.Red == t.Red }
	pondAt := func(s game.Seat, k int, t tile.Tile) (tile.Tile, bool) {
		d := h.Seats[s].Discards
		if k < len(d) && face(d[k].Tile, t) {
			return d[k].Tile, true
		}
		return tile.Tile{}, false
	}
	for i, a := range log {
		if a.Tile == hidden {
			// A draw the position does not show: the seat's newest tile.
			a.Tile = tile.Tile{}
			if hand := h.Seats[a.Seat].Hand; len(hand) > 0 && a.Kind == game.Draw {
				a.Tile = hand[len(hand)-1]
			}
			out[i] = a
			continue
		}
		switch a.Kind {
		case game.Discard, game.Riichi:
			if x, ok := pondAt(a.Seat, discards[a.Seat], a.Tile); ok {
				a.Tile = x
			} else {
				a = c.refAction(h, a)
			}
			discards[a.Seat]++
		case game.Draw:
			x, ok := tile.Tile{}, false
			if i+1 < len(log) && log[i+1].Seat == a.Seat && (log[i+1].Kind == game.Discard || log[i+1].Kind == game.Riichi) && face(log[i+1].Tile, a.Tile) {
				x, ok = pondAt(a.Seat, discards[a.Seat], a.Tile)
			}
			if ok {
				a.Tile = x
			} else {
				a = c.refAction(h, a)
			}
		case game.Chi, game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan:
			a = c.meldAction(h, a)
		default:
			a = c.refAction(h, a)
		}
		out[i] = a
	}
	return out
}

// meldAction matches a call's or kong's tiles to a meld of the seat.
func (c *copier) meldAction(h *game.Hand, a game.Action) game.Action {
	want := append([]tile.Tile{a.Tile}, a.Uses...)
	for _, m := range h.Seats[a.Seat].Melds {
		var got []tile.Tile
		used := make([]bool, len(m.Tiles))
		for _, t := range want {
			for j, x := range m.Tiles {
				if !used[j] && x.Kind == t.Kind && x.Red == t.Red {
					used[j] = true
					got = append(got, x)
					break
				}
			}
		}
		if len(got) == len(want) {
			a.Tile, a.Uses = got[0], got[1:]
			if len(a.Uses) == 0 {
				a.Uses = nil
			}
			return a
		}
	}
	return c.refAction(h, a)
}

func (c *copier) refs(h *game.Hand, seat game.Seat, ts []tile.Tile) []tile.Tile {
	var out []tile.Tile
	for _, t := range ts {
		out = append(out, c.ref(h, seat, t, out))
	}
	return out
}

func (c *copier) refAction(h *game.Hand, a game.Action) game.Action {
	switch a.Kind {
	case game.Pass, game.Abort, game.Tsumo:
		return a
	}
	a.Tile = c.ref(h, a.Seat, a.Tile, nil)
	a.Uses = c.refs(h, a.Seat, a.Uses)
	if a.Uses != nil {
		for i, u := range a.Uses {
			if u == a.Tile {
				a.Uses[i] = c.ref(h, a.Seat, u, append([]tile.Tile{a.Tile}, a.Uses...))
			}
		}
	}
	return a
}
