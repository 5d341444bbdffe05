package sensing

import (
	"context"
	"fmt"
	"log/slog"
	"math/bits"
	"slices"
	"strings"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Config tunes a Sensor. Zero fields take the defaults in brackets.
type Config struct {
	Locate LocateConfig
	// Grace is how long a movement no legal action explains, or a
	// declaration that is not legal, waits before it is an anomaly (3 s):
	// reads commit movements out of order, so a draw may be seen before
	// the discard that makes it legal.
	Grace time.Duration
	// Settle is how long a complete call waits while a bigger call with
	// the same tiles is partly made (a pon while a kong's third tile may
	// still come) (800 ms).
	Settle time.Duration
	// ClaimWindow is how long after a claim window opened the seats that
	// have not answered are taken to pass, once another seat has claimed
	// (DefaultClaimWindow). Until then a WIN beats a call.
	ClaimWindow time.Duration
	// Behind is how long a movement shaped like a draw, a discard or a
	// call, or a declaration, that no legal action explains yet waits
	// beyond Grace while sensing is still taking in earlier actions (one
	// was accepted within Grace): fast players run a few actions ahead
	// of the reads (12 s).
	Behind time.Duration
	// KeepAfter is how long the table waits for a WIN or a claim when no
	// draw will come to end the wait: after the last of the last draws
	// (the seat may not discard; it wins or keeps the tile) and after the
	// hand's last discard (5 s). Then the seats are taken to pass.
	KeepAfter time.Duration
	// Held says every zone is polled all the time (a reader per zone,
	// its field held: RunQuiet), so that a dealt tile is heard in its
	// hand long before it can be played: a tile the reads still have in
	// its wall is not taken for a discard, a call or a declaration.
	// With one reader switched across the zones a hand may not be read
	// between a tile's deal and its discard, and this is off.
	Held   bool
	Logger *slog.Logger
}

// DefaultClaimWindow is Config.ClaimWindow's default.
const DefaultClaimWindow = 2 * time.Second

func (c Config) withDefaults() Config {
	if c.Grace <= 0 {
		c.Grace = 3 * time.Second
	}
	if c.Settle <= 0 {
		c.Settle = 800 * time.Millisecond
	}
	if c.ClaimWindow <= 0 {
		c.ClaimWindow = DefaultClaimWindow
	}
	if c.Behind <= 0 {
		c.Behind = 12 * time.Second
	}
	if c.KeepAfter <= 0 {
		c.KeepAfter = 5 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// Layout is the tiles of a hand on the table: every tag of the set, and
// the zone of each wall position in draw order (Walls[i] holds the tile
// the referee's Wall.Tiles[i] names), as the shuffle-and-build cycle
// recorded them.
type Layout struct {
	Tags  map[rfid.UID]tile.Tile
	Walls []Zone
}

// WallZones returns the wall zone of each position of game.DrawOrder.
func WallZones(order []game.Position) []Zone {
	out := make([]Zone, len(order))
	for i, p := range order {
		out[i] = SeatZone(p.Wall, Wall)
	}
	return out
}

// DeclKind is what a seat declares.
type DeclKind uint8

// The declarations: seat buttons (WIN, RIICHI, OK/CANCEL) and
// authenticated seat commands.
const (
	DeclareWin     DeclKind = iota // tsumo or ron, whichever is legal
	DeclareRiichi                  // the next discard declares riichi
	DeclareMissing                 // Suit is the missing suit (no face-down tile)
	DeclareChoice                  // Choice picks one of an Ambiguous's Options
	DeclarePass                    // decline the open claim
	DeclareAbort                   // an abortive draw (nine terminals)
)

var declNames = [...]string{"win", "riichi", "missing-suit", "choice", "pass", "abort"}

func (k DeclKind) String() string {
	if int(k) < len(declNames) {
		return declNames[k]
	}
	return fmt.Sprintf("DeclKind(%d)", uint8(k))
}

// Declaration is a seat's button press or command, already authenticated.
type Declaration struct {
	Seat   game.Seat
	Kind   DeclKind
	Suit   tile.Suit
	Choice int
	At     time.Time
}

// CorrectionKind is what an operator corrects.
type CorrectionKind uint8

// The corrections.
const (
	CorrectApply   CorrectionKind = iota // apply Action (what really happened)
	CorrectFoul                          // record Action as a foul with Reason
	CorrectDismiss                       // stop reporting UID's anomaly (all if UID is empty)
	CorrectLocate                        // UID is at Zone
	CorrectResync                        // every tile is where the referee expects it
)

// Correction is an operator's command.
type Correction struct {
	Kind   CorrectionKind
	Action game.Action
	Reason string
	UID    rfid.UID
	Zone   Zone
	At     time.Time
}

// entry is a committed movement that left a tile away from where the
// referee expects it.
type entry struct {
	m         Movement
	first     Zone // where it was before it first went astray
	reported  bool
	dismissed bool
}

// Sensor turns reads and declarations into the referee's actions. It is
// owned by one goroutine.
type Sensor struct {
	cfg Config
	ref Referee
	log *slog.Logger

	layout  Layout
	uidOf   map[tile.Tile]rfid.UID
	wallIdx map[tile.Tile]int
	loc     *Locator

	pending   map[rfid.UID]*entry
	decls     []Declaration
	riichi    [4]time.Time // when each seat pressed RIICHI, if it has not discarded since
	facedown  [4]tile.Tile // the Sichuan face-down missing-suit tile, if any
	ambiguous [4]*Ambiguous
	foreign   map[rfid.UID]bool
	window    windowKey
	opened    time.Time
	acted     time.Time // when the latest action was accepted
	vanished  map[rfid.UID]bool
	hand      *game.Hand // the hand the layout belongs to
	now       time.Time  // the latest read or tick
	chain     []*entry   // the movements of the latest action accepted by movement
	moved     time.Time  // when the latest movement was committed

	expectFor   expectKey // the referee's state expectMoves was made for
	placedFor   expectKey // the referee's state placed was made for
	placed      map[tile.Tile]Zone
	expectMoves map[rfid.UID][]Zone
	expectGen   uint64 // counts the maps expectedMoves has made
	locExpect   uint64 // the expectGen loc was last given (0: none)
	keepOnly    bool   // in that state the acting seat may only win or keep its tile (the last draws)

	legalFor legalKey         // the referee's state legalOf was asked in
	legalOf  [4][]game.Action // each seat's legal actions in it, once asked
	legalHas [4]bool          // which seats' legalOf are known
}

// legalKey is what a seat's legal actions depend on: every action taken
// or answered grows the log, and a foul may change what a seat may do.
type legalKey struct {
	h     *game.Hand
	log   int
	fouls int
	phase game.Phase
	turn  game.Seat
}

// expectKey is what the expected moves depend on.
type expectKey struct {
	h        *game.Hand
	log      int
	phase    game.Phase
	turn     game.Seat
	claim    game.Seat
	answered int
	facedown [4]tile.Tile
}

type windowKey struct {
	log  int
	open bool
}

// legal is ref.Legal(seat), asked once per state of the referee: a read
// of a zone asks it many times over while nothing changes, and it is the
// costly part of judging a read. The slice is shared: read it only.
func (s *Sensor) legal(seat game.Seat) []game.Action {
	h := s.ref.Hand()
	if h == nil || seat < 0 || int(seat) >= len(s.legalOf) {
		return s.ref.Legal(seat)
	}
	k := legalKey{h: h, log: len(h.Log), fouls: len(h.Fouls), phase: h.Phase, turn: h.Turn}
	if k != s.legalFor {
		s.legalFor, s.legalOf, s.legalHas = k, [4][]game.Action{}, [4]bool{}
	}
	if !s.legalHas[seat] {
		s.legalOf[seat], s.legalHas[seat] = s.ref.Legal(seat), true
	}
	return s.legalOf[seat]
}

// New returns a sensor feeding ref. Call StartHand when a hand is dealt.
func New(cfg Config, ref Referee) *Sensor {
	cfg = cfg.withDefaults()
	return &Sensor{cfg: cfg, ref: ref, log: cfg.Logger}
}

// StartHand begins a hand the referee has just dealt: the walls of l are
// on the table and every tile is in its wall zone; the deal is the players
// taking their tiles, which the referee already holds in their hands.
func (s *Sensor) StartHand(l Layout) {
	s.layout = l
	s.uidOf = make(map[tile.Tile]rfid.UID, len(l.Tags))
	for u, t := range l.Tags {
		s.uidOf[t] = u
	}
	s.wallIdx = map[tile.Tile]int{}
	if h := s.ref.Hand(); h != nil {
		for i, t := range h.Wall.Tiles {
			s.wallIdx[t] = i
		}
	}
	lc := s.cfg.Locate
	lc.Held = lc.Held || s.cfg.Held
	s.loc = NewLocator(lc, l.Tags, func(u rfid.UID) Zone {
		if i, ok := s.wallIdx[l.Tags[u]]; ok && i < len(l.Walls) {
			return l.Walls[i]
		}
		return Zone{}
	})
	s.pending = map[rfid.UID]*entry{}
	s.chain = nil
	s.expectFor, s.expectMoves, s.locExpect = expectKey{}, nil, 0
	s.placedFor, s.placed = expectKey{}, nil
	s.decls = nil
	s.riichi = [4]time.Time{}
	s.facedown = [4]tile.Tile{}
	s.ambiguous = [4]*Ambiguous{}
	s.foreign = map[rfid.UID]bool{}
	s.vanished = map[rfid.UID]bool{}
	s.window = windowKey{}
	s.acted = time.Time{}
	s.moved = time.Time{}
	s.hand = s.ref.Hand()
}

// Where returns the committed location of uid.
func (s *Sensor) Where(uid rfid.UID) Zone {
	if s.loc == nil {
		return Zone{}
	}
	return s.loc.Where(uid)
}

// Observe takes one read and returns what it led to.
func (s *Sensor) Observe(ctx context.Context, r Read) []Output {
	if s.loc == nil {
		return nil
	}
	var out []Output
	s.now = r.At
	// The locator keeps what it was told until the referee's state moves.
	if exp := s.expectedMoves(); s.locExpect != s.expectGen {
		s.loc.Expect(exp)
		s.locExpect = s.expectGen
	}
	moves, vanished, back, foreign := s.loc.Observe(r)
	for _, u := range foreign {
		if !s.foreign[u] {
			s.foreign[u] = true
			a := &Anomaly{Kind: ForeignTag, Seat: r.Zone.Seat, UID: u, To: r.Zone, At: r.At}
			s.log.Warn("sensing: foreign tag", "uid", u, "zone", r.Zone.String())
			out = append(out, a)
		}
	}
	for _, v := range vanished {
		s.vanished[v.UID] = true
		a := &Anomaly{Kind: Vanished, Seat: v.From.Seat, UID: v.UID, Tile: v.Tile, From: v.From, At: v.At}
		s.log.Warn("sensing: tile vanished", "uid", v.UID, "tile", v.Tile.String(), "zone", v.From.String())
		out = append(out, a)
	}
	for _, b := range back {
		if s.vanished[b.UID] {
			delete(s.vanished, b.UID)
			out = append(out, &Reconciled{UID: b.UID, Tile: b.Tile, Zone: b.To, At: b.At})
		}
	}
	for _, m := range moves {
		s.moved = m.At
		s.log.Debug("sensing: moved", "uid", m.UID, "tile", m.Tile.String(), "from", m.From.String(), "to", m.To.String())
		if e := s.pending[m.UID]; e != nil {
			if m.To == e.first && !e.reported {
				// Back where it was before any action explained its
				// leaving: nothing happened on the table (a tile lifted
				// and put back, or a neighbour's antenna heard it).
				delete(s.pending, m.UID)
				continue
			}
			e.m.To, e.m.At = m.To, m.At
			e.m.Via = append(append(e.m.Via, e.m.From), m.Via...)
			e.dismissed = false
			continue
		}
		s.pending[m.UID] = &entry{m: m, first: m.From}
	}
	return append(out, s.recognise(ctx, r.At)...)
}

// Declare takes a seat's declaration.
func (s *Sensor) Declare(ctx context.Context, d Declaration) []Output {
	if d.Seat < 0 || int(d.Seat) >= 4 {
		return nil
	}
	s.log.Info("sensing: declared", "seat", int(d.Seat), "kind", d.Kind.String())
	if d.Kind == DeclareRiichi {
		s.riichi[d.Seat] = d.At
	} else {
		s.decls = append(s.decls, d)
	}
	return s.recognise(ctx, d.At)
}

// Tick runs the timers (grace, settling, claim windows) at now; Run calls
// it after every read.
func (s *Sensor) Tick(ctx context.Context, now time.Time) []Output {
	if s.loc == nil {
		return nil
	}
	if now.After(s.now) {
		s.now = now
	}
	return s.recognise(ctx, now)
}

// Correct applies an operator's correction and reconciles the referee and
// the tiles: anomalies whose tiles are now where the referee expects them
// are reported Reconciled.
func (s *Sensor) Correct(ctx context.Context, c Correction) []Output {
	var out []Output
	switch c.Kind {
	case CorrectApply:
		evs, err := s.ref.Apply(ctx, c.Action)
		if err != nil {
			s.log.Warn("sensing: correction refused", "action", c.Action.String(), "err", err)
			return nil
		}
		s.noteApplied(c.Action)
		s.acted = c.At
		out = append(out, &Accepted{Action: c.Action, Events: evs, By: ByOperator, Decisive: c.At, At: c.At})
	case CorrectFoul:
		evs, err := s.ref.Foul(ctx, c.Action, c.Reason)
		if err != nil {
			s.log.Warn("sensing: foul refused", "action", c.Action.String(), "err", err)
			return nil
		}
		a := c.Action
		out = append(out, &Anomaly{Kind: Unexplained, Seat: a.Seat, Tile: a.Tile, Foul: &a, Events: evs, Expected: c.Reason, At: c.At})
	case CorrectDismiss:
		for u, e := range s.pending {
			if c.UID == "" || u == c.UID {
				e.dismissed = true
			}
		}
		s.decls = nil
	case CorrectLocate:
		if s.loc != nil {
			s.loc.Place(c.UID, c.Zone)
		}
	case CorrectResync:
		if s.loc != nil {
			exp := s.expected()
			for u, t := range s.layout.Tags {
				if z, ok := exp[t]; ok && z.Known() {
					s.loc.Place(u, z)
				}
			}
		}
	}
	return append(out, s.recognise(ctx, c.At)...)
}

// noteApplied keeps what sensing must remember of an accepted action.
func (s *Sensor) noteApplied(a game.Action) {
	switch a.Kind {
	case game.Missing:
		if a.Tile != (tile.Tile{}) {
			s.facedown[a.Seat] = a.Tile
		}
	case game.Riichi, game.Discard:
		s.riichi[a.Seat] = time.Time{}
	}
	s.ambiguous[a.Seat] = nil
}

// Doubted returns the tiles whose presence at home a reader that holds
// its field on (Read.Quiet) should check with a request addressed to
// them (Read.Asked), From being home: a tile seen where the referee does
// not expect it to go, or one whose movement is due but no longer seen
// where it went (it may never have left). A quiet tile's absence is seen
// only so, or by a read of the whole zone with every tag woken.
func (s *Sensor) Doubted() []Movement {
	if s.loc == nil {
		return nil
	}
	out := s.loc.Doubted()
	for _, e := range s.pending {
		if !e.reported && s.now.Sub(e.m.At) >= s.cfg.Grace && s.unconfirmed(e, s.now) {
			out = append(out, Movement{UID: e.m.UID, Tile: e.m.Tile, From: e.first, To: e.m.To, At: e.m.At, Seen: e.m.Seen})
		}
	}
	slices.SortFunc(out, func(a, b Movement) int { return strings.Compare(string(a.UID), string(b.UID)) })
	return out
}

// Focus returns the priority of each zone now, for Schedule.Focus. Hot
// are the zones a tile may land in next: the acting seat's hand, pond and
// melds, the melds of the seats that may claim a discard, the discarder's
// pond and the next drawer's hand and pond during a claim window, the
// acting seat's hand and the next drawer's in the last draws (no discard
// to claim), and wherever a tile is seen arriving. Soon are the zones
// where tiles seen ahead of the referee go next; Confirm a zone whose next
// read completes an expected tile's agreement. Walls are Idle: a drawn
// tile is expected in the drawer's hand and commits there without a read
// of the wall (Locator.Expect), and a wall inventory is the slowest of all
// (300 ms for 34 tiles). A wall is read soon only when a tile no one may
// take is seen leaving it.
func (s *Sensor) Focus() map[Zone]int {
	f := s.focus()
	w := map[Zone]int{}
	for i, p := range f {
		if p > 0 {
			w[zoneOf(i)] = p
		}
	}
	return w
}

// focus is Focus by zone index, 0 for a zone not read: a zone holding its
// field on asks for it at every read.
func (s *Sensor) focus() (w [maxZones]int) {
	now := s.now
	h := s.ref.Hand()
	if h == nil || s.loc == nil {
		return w
	}
	raise := func(i, p int) {
		if i >= 0 && w[i] < p {
			w[i] = p
		}
	}
	set := func(z Zone, p int) { raise(z.index(), p) }
	for i := 0; i < h.Players; i++ {
		set(SeatZone(game.Seat(i), Wall), Idle)
		set(SeatZone(game.Seat(i), Hand), Warm)
		set(SeatZone(game.Seat(i), Discards), Warm)
	}
	acting := func(t game.Seat) {
		set(SeatZone(t, Hand), Hot)
		set(SeatZone(t, Discards), Hot)
		set(SeatZone(t, Melds), Hot)
	}
	claimers := func(from game.Seat) {
		for i := 0; i < h.Players; i++ {
			if game.Seat(i) != from {
				set(SeatZone(game.Seat(i), Melds), Hot)
			}
		}
	}
	t := h.Turn
	switch h.Phase {
	case game.Setup:
		for i := 0; i < h.Players; i++ {
			if i == int(t) || (h.Pending != nil && h.Pending[i]) {
				acting(game.Seat(i))
			}
		}
	case game.ToAct:
		if s.expectedMoves(); s.keepOnly {
			// The last draws: the seat may only win (a press) or keep
			// its tile. Nothing lands in its pond for another seat to
			// claim; the next tile lands in the next drawer's hand, and
			// that draw is what says the seat kept its tile.
			set(SeatZone(t, Hand), Hot)
			set(SeatZone(nextDrawer(h, t), Hand), Hot)
			break
		}
		fallthrough
	case game.ToDraw:
		// A drawn tile may be discarded in the same motion, or exposed
		// as a flower (and the replacement drawn) at once; the discard
		// may be claimed as soon as it lands (before a read of the pond
		// sees it), and the next seat draws after it.
		acting(t)
		claimers(t)
		set(SeatZone(nextDrawer(h, t), Hand), Soon)
	case game.Claims:
		set(SeatZone(h.Claim.From, Discards), Hot)
		claimers(h.Claim.From)
		// The next seat may draw and discard before the window is seen
		// to close.
		n := nextDrawer(h, h.Claim.From)
		if h.Claim.Robbing {
			n = h.Claim.From // its replacement draw, once no one robs the kong
		}
		set(SeatZone(n, Hand), Hot)
		set(SeatZone(n, Discards), Hot)
		// That discard may be claimed by the seat whose window is open,
		// before any read saw the draw: its melds are the only ones no
		// other rule keeps read.
		set(SeatZone(h.Claim.From, Melds), Soon)
	}
	// Reads run behind fast players: what is seen arriving says where
	// the next tiles go, whatever the referee has taken in so far. A tile
	// reaching a hand will be discarded from there; one reaching a pond
	// may be claimed at once, and the next seat draws after it.
	lookahead := func(z Zone) {
		var zs []Zone
		switch z.Area {
		case Hand:
			zs = append(zs, SeatZone(z.Seat, Discards), SeatZone(z.Seat, Melds))
			fallthrough
		case Discards:
			for i := 0; i < h.Players; i++ {
				if game.Seat(i) != z.Seat {
					zs = append(zs, SeatZone(game.Seat(i), Melds))
				}
			}
			zs = append(zs, SeatZone(nextDrawer(h, z.Seat), Hand))
		}
		for _, z := range zs {
			set(z, Soon)
		}
	}
	for m := s.loc.arriving(now.Add(-s.cfg.Grace)); m != 0; m &= m - 1 {
		lookahead(zoneOf(bits.TrailingZeros32(m)))
	}
	for _, e := range s.pending {
		lookahead(e.m.To)
	}
	// Tiles still to be dealt: the hands they go to.
	if len(h.Log) == 0 {
		exp := s.expected()
		for u, tl := range s.layout.Tags {
			if z, ok := exp[tl]; ok && z.Area == Hand && s.loc.Where(u) != z {
				set(z, Hot)
			}
		}
	}
	for m := s.loc.candidates(); m != 0; m &= m - 1 {
		raise(bits.TrailingZeros32(m), Hot)
	}
	for _, e := range s.pending {
		set(e.m.To, Hot) // a call's other tiles come there
		if !e.reported && now.Sub(e.m.At) >= s.cfg.Grace && s.unconfirmed(e, now) {
			// Due, but no longer seen where it went: perhaps never left.
			set(e.first, Hot)
		}
		switch e.m.To.Area {
		case Melds:
			set(SeatZone(e.m.To.Seat, Hand), Hot) // from there
		case Discards:
			// A discard no legal action explains yet follows, most
			// often, a call or kong of the seat's own no read has seen.
			set(SeatZone(e.m.To.Seat, Melds), Hot)
		}
	}
	for m := s.loc.confirming(); m != 0; m &= m - 1 {
		raise(bits.TrailingZeros32(m), Confirm)
	}
	// The acting seat's next replacement tile is seen arriving: the
	// flower, kita or kong that drew it is in the melds, and the seat's
	// discard waits for the read that sees it there.
	if h.Phase == game.ToAct && s.replacementAhead(h, t, time.Time{}) != nil {
		set(SeatZone(t, Melds), Confirm)
	}
	return w
}

// nextDrawer is the seat that draws after s: the next one still playing
// (a seat that has won sits out the rest of a blood-battle hand).
func nextDrawer(h *game.Hand, s game.Seat) game.Seat {
	n := s.Next(h.Players)
	for n != s && h.Seats[n].Won {
		n = n.Next(h.Players)
	}
	return n
}

// expectedMoves returns the moves the referee's state expects now: a tile
// to where the state already puts it (the deal, a move seen late), and the
// moves of every legal action, chained as fast players chain them (a
// drawn tile on to the pond or the melds, a discard on to a claimer's
// melds).
//
// The moves change only with the referee's state, so they are kept until
// it changes (the legal actions of every seat are the costly part of a
// read's processing).
func (s *Sensor) expectedMoves() map[rfid.UID][]Zone {
	h := s.ref.Hand()
	if h == nil || h.Phase == game.Over {
		s.expectGen++
		return map[rfid.UID][]Zone{}
	}
	k := s.stateKey(h)
	if s.expectFor == k && s.expectMoves != nil {
		return s.expectMoves
	}
	out := map[rfid.UID][]Zone{}
	s.expectGen++
	defer func() { s.expectFor, s.expectMoves = k, out }()
	s.keepOnly = false
	add := func(t tile.Tile, z Zone) {
		if u, ok := s.uidOf[t]; ok && z.Known() && !slices.Contains(out[u], z) {
			out[u] = append(out[u], z)
		}
	}
	for t, z := range s.expected() {
		add(t, z) // where it already is: no move to expect, no harm
	}
	// The next tile from the head of the wall is drawn after the current
	// turn, by whichever seat draws next: reads running behind see it in
	// a hand before the referee allows the draw.
	if h.Phase != game.Setup {
		if i := h.Wall.NextIndex(game.Head); i >= 0 && i < len(h.Wall.Tiles) {
			for o := 0; o < h.Players; o++ {
				for _, a := range []Area{Hand, Discards, Melds} {
					add(h.Wall.Tiles[i], SeatZone(game.Seat(o), a))
				}
			}
		}
	}
	for i := 0; i < h.Players; i++ {
		seat := game.Seat(i)
		legal := s.legal(seat)
		if h.Phase == game.ToAct && seat == h.Turn {
			_, pass := findKind(legal, game.Pass)
			_, discard := findKind(legal, game.Discard)
			s.keepOnly = pass && !discard
		}
		for _, a := range legal {
			for _, n := range needs(h, a) {
				var ts []tile.Tile
				if n.exact {
					ts = []tile.Tile{n.t}
				} else {
					for _, t := range h.Seats[seat].Hand {
						if (n.suit && t.Kind.IsSuited() && t.Kind.Suit() == n.t.Kind.Suit()) || (!n.suit && t.Kind == n.t.Kind && t.Red == n.t.Red) {
							ts = append(ts, t)
						}
					}
				}
				for _, t := range ts {
					add(t, n.to)
					if n.drawn {
						add(t, SeatZone(seat, Melds))
					}
					if n.drawn || n.discarded || n.suit {
						add(t, SeatZone(seat, Discards))
						for o := 0; o < h.Players; o++ {
							if o != i {
								add(t, SeatZone(game.Seat(o), Melds))
							}
						}
					}
				}
			}
		}
	}
	return out
}

// stateKey is what the referee's state h is, for the sensor's views of
// it kept until it changes.
func (s *Sensor) stateKey(h *game.Hand) expectKey {
	k := expectKey{h: h, log: len(h.Log), phase: h.Phase, turn: h.Turn, facedown: s.facedown}
	if h.Phase == game.Claims {
		k.claim = h.Claim.From
		for _, r := range h.Claim.Responses {
			k.answered += b2i(r.Answered)
		}
	}
	return k
}

// expected returns where the referee's state puts each tile; a tile
// missing from the map may be anywhere (a won-on discard, the hand over).
// The map is kept until the state changes (reads ask for it while a move
// is pending): callers only read it.
func (s *Sensor) expected() map[tile.Tile]Zone {
	h := s.ref.Hand()
	if h == nil || h.Phase == game.Over {
		return map[tile.Tile]Zone{}
	}
	k := s.stateKey(h)
	if s.placedFor == k && s.placed != nil {
		return s.placed
	}
	out := make(map[tile.Tile]Zone, len(h.Wall.Tiles))
	defer func() { s.placedFor, s.placed = k, out }()
	for i, t := range h.Wall.Tiles {
		if i < len(s.layout.Walls) {
			out[t] = s.layout.Walls[i]
		}
	}
	for si := range h.Seats {
		p := &h.Seats[si]
		seat := game.Seat(si)
		for _, t := range p.Hand {
			out[t] = SeatZone(seat, Hand)
		}
		if fd := s.facedown[si]; fd != (tile.Tile{}) && containsTile(p.Hand, fd) {
			out[fd] = SeatZone(seat, Melds)
		}
		for _, m := range p.Melds {
			for _, t := range m.Tiles {
				out[t] = SeatZone(seat, Melds)
			}
		}
		for _, t := range p.Flowers {
			out[t] = SeatZone(seat, Melds)
		}
		for _, t := range p.SingleKans {
			out[t] = SeatZone(seat, Melds)
		}
		for _, d := range p.Discards {
			if d.Taken {
				delete(out, d.Tile) // claimed: a meld says where; won on: anywhere
			} else {
				out[d.Tile] = SeatZone(seat, Discards)
			}
		}
	}
	for si := range h.Seats {
		for _, m := range h.Seats[si].Melds {
			for _, t := range m.Tiles {
				out[t] = SeatZone(game.Seat(si), Melds)
			}
		}
	}
	if h.Phase == game.Claims && h.Claim.Robbing {
		delete(out, h.Claim.Tile) // being added to a kong: hand or melds
	}
	return out
}

func containsTile(ts []tile.Tile, t tile.Tile) bool {
	for _, u := range ts {
		if u == t {
			return true
		}
	}
	return false
}
