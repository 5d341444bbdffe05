package players

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/hardware/sim"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// Pace is how fast the players act.
type Pace struct {
	Think time.Duration // from seeing the table to starting to act
	Reach time.Duration // a tile lifted to a tile put down
	Press time.Duration // between button presses
}

// The paces: people at a table, and players four times as fast for long
// simulated runs.
var (
	Human = Pace{Think: 1500 * time.Millisecond, Reach: 600 * time.Millisecond, Press: 300 * time.Millisecond}
	Fast  = Pace{Think: 400 * time.Millisecond, Reach: 150 * time.Millisecond, Press: 100 * time.Millisecond}
)

// Notice is how long a player who made a mistake takes to see the table's
// alarm and put it right. It is longer than sensing's grace period, so the
// mistake is reported before it is undone.
const Notice = 5 * time.Second

// Mistakes are the chances, per opportunity, of the human mistakes the
// players make on request.
type Mistakes struct {
	WrongWall float64 // take a tile two places along the wall instead of the next
	ExtraTile float64 // after drawing, take the next wall tile too (too many tiles)
	FalseWin  float64 // press WIN with no winning hand
}

// Config sets up one simulated hand.
type Config struct {
	// Ruleset builds the ruleset; called twice when the harness keeps a
	// referee of its own (rulesets may keep per-hand state).
	Ruleset  func() (game.Ruleset, error)
	Seed     uint64
	Pace     Pace
	Mistakes Mistakes
	// MissRate, GhostRate and BrownOutRate of the surface antennas (see
	// Surface).
	MissRate, GhostRate, BrownOutRate float64
	// Trace, if set, is told of every tile lifted or put down and every
	// press, as it happens (diagnostics).
	Trace func(at time.Time, what string)
	// People are the seats people play (only for players who Watch a
	// referee): the simulated players never act for them, and wait for
	// them where the rules do; their moves come through Carry.
	People []game.Seat
}

// PressKind is a seat button or command.
type PressKind uint8

// The presses.
const (
	PressWin     PressKind = iota // the WIN button
	PressRiichi                   // the RIICHI button
	PressMissing                  // the missing-suit seat command (Suit)
)

// Press is a seat's button press or command.
type Press struct {
	Seat game.Seat
	Kind PressKind
	Suit tile.Suit
	At   time.Time
}

// Record is one action of the ground truth, with the time its last tile
// was put down or its button pressed.
type Record struct {
	Action game.Action
	Done   time.Time
}

// Mistake is a mistake a player made on purpose, as the truth referee
// recorded it (as a foul).
type Mistake struct {
	Kind string // "wrong-wall-tile", "extra-tile", "false-win"
	Seat game.Seat
	Tile tile.Tile
	At   time.Time
}

type step struct {
	at  time.Time
	seq int
	do  func()
}

// Table is one simulated hand: the truth referee the players consult,
// the table surface they move tiles on, and the presses they make. It is
// a discrete-event model: Next says when something happens next and
// Advance makes it happen.
type Table struct {
	cfg    Config
	rand   *rand.Rand
	truth  *tablecore.Game // nil when the players watch a referee
	ref    Referee         // what the players consult: truth, or the referee watched
	dealer game.Seat
	deal   tablecore.Deal
	surf   *Surface
	tags   map[rfid.UID]tile.Tile
	uid    map[tile.Tile]rfid.UID
	walls  []string

	steps     []step
	seq       int
	now       time.Time
	presses   []Press
	log       []Record
	mistakes  []Mistake
	decisions int
	err       error
	dealt     time.Time // the last dealt tile is in its hand
}

// New deals a hand at start: a shuffled wall built on the four sides,
// every tile in its wall zone, the truth referee dealt, and the players
// about to take their tiles.
func New(cfg Config, start time.Time) (*Table, error) {
	if cfg.Pace == (Pace{}) {
		cfg.Pace = Human
	}
	rs, err := cfg.Ruleset()
	if err != nil {
		return nil, err
	}
	r := rs.Rules()
	rnd := rand.New(rand.NewPCG(cfg.Seed, 0x706c6179))
	t := &Table{cfg: cfg, rand: rnd, now: start, tags: map[rfid.UID]tile.Tile{}, uid: map[tile.Tile]rfid.UID{}}
	t.dealer = game.Seat(rnd.IntN(r.Players))
	if t.truth, err = tablecore.New(rs, t.dealer); err != nil {
		return nil, err
	}
	wall := r.Set.Tiles()
	rnd.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
	t.deal = tablecore.Deal{Wall: wall, Dice: [2]int{1 + rnd.IntN(6), 1 + rnd.IntN(6)}}
	stacks := Stacks(len(wall), r.Players)
	order, err := game.DrawOrder(game.BreakBySmallerDie, t.deal.Dice, t.dealer, stacks)
	if err != nil {
		return nil, err
	}
	if _, err := t.truth.StartHand(t.deal); err != nil {
		return nil, err
	}
	t.ref = t.truth
	t.surf = NewSurface(r.Players, cfg.Seed)
	t.surf.MissRate, t.surf.GhostRate, t.surf.BrownOutRate = cfg.MissRate, cfg.GhostRate, cfg.BrownOutRate
	for i, tl := range wall {
		u := sim.UID('A', tl)
		t.tags[u], t.uid[tl] = tl, u
		z := Zone(int(order[i].Wall), Wall)
		t.walls = append(t.walls, z)
		t.surf.Put(u, z)
	}
	t.dealTiles()
	return t, nil
}

// Referee is what the players consult: the state of the hand and what
// each seat may do. *tablecore.Game fits, and so does sensing.Referee.
// Hand is nil when no hand is in play, which for a watched hand means its
// referee has gone (the table stopping).
type Referee interface {
	Hand() *game.Hand
	Legal(seat game.Seat) []game.Action
}

// lastHand keeps a watched hand readable once its referee has gone: the
// players see the last hand they saw, over, and stop acting.
type lastHand struct {
	Referee
	last *game.Hand
}

func (r *lastHand) Hand() *game.Hand {
	if h := r.Referee.Hand(); h != nil {
		r.last = h
		return h
	}
	over := *r.last
	over.Phase = game.Over
	return &over
}

// Watch returns players for the hand ref has just dealt, on a surface
// laid out as the machine built it: tags are the set's tags, walls the
// zone of each wall position in draw order (as Table.WallZones gives).
// The players keep no referee of their own: they act on what ref allows
// and wait for ref to take it in (through sensing) before acting again.
// Their Log is what they meant to do; Truth is nil. cfg.Ruleset is not
// used.
func Watch(cfg Config, ref Referee, tags map[rfid.UID]tile.Tile, walls []string, start time.Time) (*Table, error) {
	if cfg.Pace == (Pace{}) {
		cfg.Pace = Human
	}
	h := ref.Hand()
	if h == nil || h.Phase == game.Over {
		return nil, errors.New("players: no hand in progress to watch")
	}
	if len(walls) != len(h.Wall.Tiles) {
		return nil, fmt.Errorf("players: %d wall zones for a wall of %d tiles", len(walls), len(h.Wall.Tiles))
	}
	t := &Table{cfg: cfg, rand: rand.New(rand.NewPCG(cfg.Seed, 0x706c6179)), ref: &lastHand{Referee: ref, last: h}, now: start,
		tags: map[rfid.UID]tile.Tile{}, uid: map[tile.Tile]rfid.UID{}, walls: slices.Clone(walls), dealer: h.Dealer}
	t.surf = NewSurface(h.Players, cfg.Seed)
	t.surf.MissRate, t.surf.GhostRate, t.surf.BrownOutRate = cfg.MissRate, cfg.GhostRate, cfg.BrownOutRate
	for u, tl := range tags {
		t.tags[u], t.uid[tl] = tl, u
	}
	for i, tl := range h.Wall.Tiles {
		u, ok := t.uid[tl]
		if !ok {
			return nil, fmt.Errorf("players: no tag for wall tile %s (copy %d)", tl, tl.Copy)
		}
		t.surf.Put(u, walls[i])
	}
	t.dealTiles()
	return t, nil
}

// Stacks returns the number of stacks in each seat's wall for a set of n
// tiles at a table of players: as even as possible, the extra stacks to
// seats 0 and 2 first (the 108-tile set is 14, 13, 14, 13).
func Stacks(n, players int) []int {
	total := n / 2
	out := make([]int, players)
	for i := range out {
		out[i] = total / players
	}
	extra := total % players
	for _, s := range []int{0, 2, 1, 3} {
		if extra > 0 && s < players {
			out[s]++
			extra--
		}
	}
	return out
}

// Deal returns the deal the truth referee started with.
func (t *Table) Deal() tablecore.Deal { return t.deal }

// Dealer returns the first dealer.
func (t *Table) Dealer() game.Seat { return t.dealer }

// Tags returns every tile's tag.
func (t *Table) Tags() map[rfid.UID]tile.Tile { return t.tags }

// UID returns the tag of tl.
func (t *Table) UID(tl tile.Tile) rfid.UID { return t.uid[tl] }

// WallZones returns the zone of each wall position in draw order.
func (t *Table) WallZones() []string { return slices.Clone(t.walls) }

// Surface returns the table top.
func (t *Table) Surface() *Surface { return t.surf }

// Truth returns the truth referee's game (nil for players who Watch).
func (t *Table) Truth() *tablecore.Game { return t.truth }

// Log returns the actions the players made, passes left out, in order.
func (t *Table) Log() []Record { return slices.Clone(t.log) }

// Mistakes returns the mistakes made.
func (t *Table) Mistakes() []Mistake { return slices.Clone(t.mistakes) }

// Err returns what stopped the players, if anything did.
func (t *Table) Err() error { return t.err }

// Done reports whether the hand is over and every tile is put down.
func (t *Table) Done() bool { return len(t.steps) == 0 }

// Next returns when something happens next; false when nothing will.
func (t *Table) Next() (time.Time, bool) {
	if len(t.steps) == 0 {
		return time.Time{}, false
	}
	return t.steps[0].at, true
}

// Advance makes everything due by until happen and returns the presses
// made, in order.
func (t *Table) Advance(until time.Time) []Press {
	for len(t.steps) > 0 && !t.steps[0].at.After(until) {
		s := t.steps[0]
		t.steps = t.steps[1:]
		if s.at.After(t.now) {
			t.now = s.at
		}
		s.do()
	}
	if until.After(t.now) {
		t.now = until
	}
	p := t.presses
	t.presses = nil
	return p
}

func (t *Table) at(when time.Time, do func()) {
	t.seq++
	s := step{at: when, seq: t.seq, do: do}
	i, _ := slices.BinarySearchFunc(t.steps, s, func(a, b step) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return a.seq - b.seq
	})
	t.steps = slices.Insert(t.steps, i, s)
}

// move lifts tl at when and puts it in zone Reach later; it returns when
// it is down.
func (t *Table) move(when time.Time, tl tile.Tile, zone string) time.Time {
	u := t.uid[tl]
	t.at(when, func() { t.trace("lift %s.%d from %s", tl, tl.Copy, t.surf.Where(u)); t.surf.Put(u, "") })
	down := when.Add(t.cfg.Pace.Reach)
	t.at(down, func() { t.surf.Put(u, zone); t.trace("put %s.%d in %s", tl, tl.Copy, zone) })
	return down
}

func (t *Table) trace(format string, args ...any) {
	if t.cfg.Trace != nil {
		t.cfg.Trace(t.now, fmt.Sprintf(format, args...))
	}
}

func (t *Table) press(when time.Time, p Press) time.Time {
	p.At = when
	t.at(when, func() { t.presses = append(t.presses, p); t.trace("seat %d presses %d %s", p.Seat, p.Kind, p.Suit) })
	return when
}

func (t *Table) record(a game.Action, done time.Time) {
	if a.Kind != game.Pass {
		t.log = append(t.log, Record{Action: a, Done: done})
	}
}

// apply applies a to the truth referee; a refusal stops the players.
func (t *Table) apply(a game.Action, done time.Time) bool {
	if t.truth == nil {
		t.record(a, done)
		t.trace("meant: %s (done %s)", a, done.Format("15:04:05.000"))
		return true
	}
	if _, err := t.truth.Apply(a); err != nil {
		t.fail(fmt.Errorf("players: the truth referee refused %s: %w", a, err))
		return false
	}
	t.record(a, done)
	t.trace("truth: %s (done %s)", a, done.Format("15:04:05.000"))
	return true
}

func (t *Table) fail(err error) {
	if t.err == nil {
		t.err = err
	}
	t.steps = nil
}

// dealTiles has the players take their dealt tiles, four at a time round
// the table, then starts play.
func (t *Table) dealTiles() {
	h := t.ref.Hand()
	when := t.now.Add(t.cfg.Pace.Think)
	last := when
	for i := 0; i < h.Wall.Head; i++ {
		tl := h.Wall.Tiles[i]
		for s := range h.Seats {
			if slices.Contains(h.Seats[s].Hand, tl) {
				last = t.move(when, tl, Zone(s, Hand))
				when = when.Add(t.cfg.Pace.Reach / 3)
			}
		}
	}
	t.dealt = last
	t.at(last.Add(t.cfg.Pace.Think), t.decide)
}

// decide is the players' next move, chosen on the truth referee's state.
func (t *Table) decide() {
	h := t.ref.Hand()
	t.decisions++
	if h.Phase == game.Over || t.decisions > 5000 {
		if h.Phase != game.Over {
			t.fail(errors.New("players: the hand does not end"))
		}
		return
	}
	now := t.now
	next := func(done time.Time) { t.at(done.Add(t.cfg.Pace.Think), t.decide) }
	if t.truth == nil {
		next = t.whenTaken(t.stateKey())
	}
	if (h.Phase == game.ToDraw || h.Phase == game.ToAct) && t.person(h.Turn) {
		next(now) // the person's turn: their moves come through Carry
		return
	}
	switch h.Phase {
	case game.Setup:
		next(t.setup(now))
	case game.ToDraw:
		next(t.draw(now, h.Turn))
	case game.ToAct:
		next(t.act(now, h.Turn))
	case game.Claims:
		next(t.claims(now))
	}
}

// stateKey is what changes when the referee takes an action in.
type stateKey struct {
	h     *game.Hand
	log   int
	phase game.Phase
	turn  game.Seat
}

func (t *Table) stateKey() stateKey {
	h := t.ref.Hand()
	return stateKey{h: h, log: len(h.Log), phase: h.Phase, turn: h.Turn}
}

// Poll is how often players who watch a referee look whether it took in
// what they did.
const Poll = 100 * time.Millisecond

// whenTaken returns the players' next step when they watch a referee:
// once their tiles are down, wait until the referee's state is no longer
// before, then think and decide.
func (t *Table) whenTaken(before stateKey) func(done time.Time) {
	return func(done time.Time) {
		var look func()
		look = func() {
			if t.stateKey() != before {
				t.at(t.now.Add(t.cfg.Pace.Think), t.decide)
				return
			}
			t.at(t.now.Add(Poll), look)
		}
		t.at(done, look)
	}
}

func (t *Table) setup(now time.Time) time.Time {
	h := t.ref.Hand()
	for _, a := range t.ref.Legal(h.Turn) {
		if t.person(h.Turn) {
			break
		}
		if a.Kind == game.Flower {
			done := t.move(now, a.Tile, Zone(int(a.Seat), Melds))
			t.apply(a, done)
			return done
		}
	}
	done := now
	for i := range h.Seats {
		seat := game.Seat(i)
		if h.Pending == nil || !h.Pending[i] || t.person(seat) {
			continue
		}
		suit := bestMissing(h.Seats[i].Hand)
		when := now.Add(time.Duration(i) * 2 * t.cfg.Pace.Think)
		a := game.Action{Kind: game.Missing, Seat: seat, Suit: suit}
		var d time.Time
		for _, tl := range h.Seats[i].Hand {
			if tl.Kind.IsSuited() && tl.Kind.Suit() == suit {
				a.Tile = tl
				break
			}
		}
		if a.Tile != (tile.Tile{}) {
			d = t.move(when, a.Tile, Zone(i, Melds))
		} else {
			d = t.press(when, Press{Seat: seat, Kind: PressMissing, Suit: suit})
		}
		if !t.apply(a, d) {
			return now
		}
		if d.After(done) {
			done = d
		}
		if t.ref.Hand().Phase != game.Setup {
			break
		}
	}
	return done
}

func (t *Table) draw(now time.Time, seat game.Seat) time.Time {
	h := t.ref.Hand()
	a, ok := find(t.ref.Legal(seat), game.Draw)
	if !ok {
		t.fail(fmt.Errorf("players: seat %d cannot draw", seat))
		return now
	}
	if h.Source == game.Head && h.Wall.Remaining() > 3 && t.rand.Float64() < t.cfg.Mistakes.WrongWall {
		wrong := h.Wall.Tiles[h.Wall.Head+2]
		down := t.move(now, wrong, Zone(int(seat), Hand))
		t.mistake("wrong-wall-tile", seat, wrong, down)
		back := t.move(down.Add(Notice), wrong, t.walls[h.Wall.Head+2])
		now = back.Add(t.cfg.Pace.Think)
	}
	if z := t.surf.Where(t.uid[a.Tile]); !strings.HasSuffix(z, "."+Wall) {
		t.fail(fmt.Errorf("%w: seat %d to draw %s (copy %d) from wall position %d, which is in %q", ErrTakenTile, seat, a.Tile, a.Tile.Copy, t.drawIndex(h), z))
		return now
	}
	done := t.move(now, a.Tile, Zone(int(seat), Hand))
	t.apply(a, done)
	return done
}

// ErrTakenTile is the referee asking a seat to draw a tile that is no
// longer in the wall (a position already drawn from the other end): the
// hand cannot be played on a real table.
var ErrTakenTile = errors.New("players: the referee's next wall tile was already taken")

func (t *Table) drawIndex(h *game.Hand) int {
	return h.Wall.NextIndex(h.Source)
}

// mistake records a mistake and reports it to the truth referee as the
// foul it is.
func (t *Table) mistake(kind string, seat game.Seat, tl tile.Tile, at time.Time) {
	t.mistakes = append(t.mistakes, Mistake{Kind: kind, Seat: seat, Tile: tl, At: at})
	a := game.Action{Kind: game.Draw, Seat: seat, Tile: tl}
	if kind == "false-win" {
		a = game.Action{Kind: game.Tsumo, Seat: seat}
	}
	if t.truth == nil {
		return // the referee watched hears of it from sensing
	}
	if _, err := t.truth.Foul(a, kind); err != nil {
		t.fail(err)
	}
}

func (t *Table) act(now time.Time, seat game.Seat) time.Time {
	h := t.ref.Hand()
	legal := t.ref.Legal(seat)
	held := h.Seats[seat].Hand
	if a, ok := find(legal, game.Tsumo); ok {
		done := t.press(now, Press{Seat: seat, Kind: PressWin})
		t.apply(a, done)
		return done
	}
	if last, ok := h.LastAction(); ok && last.Kind == game.Draw && last.Seat == seat && h.Source == game.Head &&
		h.Wall.Remaining() > 3 && t.rand.Float64() < t.cfg.Mistakes.ExtraTile {
		extra := h.Wall.Tiles[h.Wall.Head]
		down := t.move(now, extra, Zone(int(seat), Hand))
		t.mistake("extra-tile", seat, extra, down)
		back := t.move(down.Add(Notice), extra, t.walls[h.Wall.Head])
		now = back.Add(t.cfg.Pace.Think)
	}
	if t.rand.Float64() < t.cfg.Mistakes.FalseWin {
		p := t.press(now, Press{Seat: seat, Kind: PressWin})
		t.mistake("false-win", seat, tile.Tile{}, p)
		if t.ref.Hand().Phase == game.Over {
			return p
		}
		now = p.Add(Notice)
		legal = t.ref.Legal(seat)
	}
	if _, canDiscard := find(legal, game.Discard); !canDiscard {
		if a, ok := find(legal, game.Pass); ok {
			t.apply(a, now)
			return now
		}
	}
	for _, k := range []game.Kind{game.Flower, game.ClosedKan, game.AddedKan} {
		if a, ok := find(legal, k); ok {
			done := now
			for _, tl := range append([]tile.Tile{a.Tile}, a.Uses...) {
				done = t.move(done, tl, Zone(int(seat), Melds))
			}
			t.apply(a, done)
			return done
		}
	}
	d, ok := isolatedDiscard(held, legal)
	if !ok {
		t.fail(fmt.Errorf("players: seat %d has nothing to do in %s", seat, h.Phase))
		return now
	}
	for _, a := range legal {
		if a.Kind == game.Riichi && a.Tile == d.Tile {
			p := t.press(now, Press{Seat: seat, Kind: PressRiichi})
			done := t.move(p.Add(t.cfg.Pace.Press), d.Tile, Zone(int(seat), Discards))
			t.apply(a, done)
			return done
		}
	}
	done := t.move(now, d.Tile, Zone(int(seat), Discards))
	t.apply(d, done)
	return done
}

func (t *Table) claims(now time.Time) time.Time {
	h := t.ref.Hand()
	c := h.Claim
	n := h.Players
	var rons []game.Action
	for i := 1; i < n; i++ {
		s := game.Seat((int(c.From) + i) % n)
		if t.person(s) {
			continue
		}
		if a, ok := find(t.ref.Legal(s), game.Ron); ok {
			rons = append(rons, a)
		}
	}
	if len(rons) == 0 && t.personMay(h) {
		return now // a person may claim: their answer comes first
	}
	if len(rons) > 0 {
		done := now
		for k, a := range rons {
			done = t.press(now.Add(time.Duration(k)*t.cfg.Pace.Press), Press{Seat: a.Seat, Kind: PressWin})
			if !t.apply(a, done) {
				return now
			}
			if t.ref.Hand().Phase != game.Claims {
				break
			}
		}
		t.passAll()
		return done
	}
	if !c.Robbing {
		for i := 1; i < n; i++ {
			s := game.Seat((int(c.From) + i) % n)
			if t.person(s) {
				continue
			}
			for _, k := range []game.Kind{game.OpenKan, game.Pon, game.Chi} {
				for _, a := range t.ref.Legal(s) {
					if a.Kind != k || !worthCalling(h.Seats[s].Hand, a) {
						continue
					}
					done := now
					for _, tl := range append([]tile.Tile{a.Tile}, a.Uses...) {
						done = t.move(done, tl, Zone(int(s), Melds))
					}
					if t.apply(a, done) {
						t.passAll()
					}
					return done
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		if _, ok := find(t.ref.Legal(game.Seat(i)), game.Draw); ok {
			if t.person(game.Seat(i)) {
				return now // the person draws: Carry
			}
			return t.draw(now, game.Seat(i))
		}
	}
	t.passAll()
	return now
}

// passAll answers Pass for every seat that still may in the open window.
func (t *Table) passAll() {
	if t.truth == nil {
		return // sensing takes the silent seats to pass
	}
	for t.ref.Hand().Phase == game.Claims {
		passed := false
		for i := range t.ref.Hand().Seats {
			if a, ok := find(t.ref.Legal(game.Seat(i)), game.Pass); ok {
				t.apply(a, t.now)
				passed = true
				break
			}
		}
		if !passed {
			return
		}
	}
}

func find(legal []game.Action, k game.Kind) (game.Action, bool) {
	for _, a := range legal {
		if a.Kind == k {
			return a, true
		}
	}
	return game.Action{}, false
}
