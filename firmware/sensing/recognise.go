package sensing

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// recognise explains what is pending with the referee's legal actions,
// until nothing more can be explained now, then reports what has waited
// too long.
func (s *Sensor) recognise(ctx context.Context, now time.Time) []Output {
	h := s.ref.Hand()
	if h == nil || s.loc == nil {
		return nil
	}
	if h != s.hand || h.Phase == game.Over {
		clear(s.pending)
		s.decls = nil
		return nil
	}
	var out []Output
	for range 32 {
		s.resolve(now, &out)
		if h.Phase == game.Over {
			clear(s.pending)
			s.decls = nil
			return out
		}
		s.trackWindow(h, now)
		if s.declarations(ctx, now, &out) || s.implicit(ctx, now, &out) || s.movements(ctx, now, &out) {
			continue
		}
		break
	}
	s.anomalies(ctx, now, &out)
	return out
}

// resolve drops the entries whose tiles are where the referee now
// expects them.
func (s *Sensor) resolve(now time.Time, out *[]Output) {
	if len(s.pending) == 0 {
		return
	}
	exp := s.expected()
	for u, e := range s.pending {
		cur := s.loc.Where(u)
		e.m.To = cur
		if z, ok := exp[e.m.Tile]; !ok || z == cur {
			delete(s.pending, u)
			if e.reported {
				*out = append(*out, &Reconciled{UID: u, Tile: e.m.Tile, Zone: cur, At: now})
			}
		}
	}
}

func (s *Sensor) trackWindow(h *game.Hand, now time.Time) {
	if h.Phase != game.Claims {
		s.window = windowKey{}
		return
	}
	k := windowKey{log: len(h.Seats[h.Claim.From].Discards)*8 + int(h.Claim.From)*2 + b2i(h.Claim.Robbing), open: true}
	if k != s.window {
		s.window, s.opened = k, now
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// accept applies a and records it.
func (s *Sensor) accept(ctx context.Context, a game.Action, by string, decisive, now time.Time, out *[]Output) bool {
	evs, err := s.ref.Apply(ctx, a)
	if err != nil {
		s.log.Warn("sensing: referee refused", "action", a.String(), "err", err)
		return false
	}
	s.noteApplied(a)
	s.acted = now
	s.log.Info("sensing: accepted", "seat", int(a.Seat), "action", a.String(), "by", by)
	*out = append(*out, &Accepted{Action: a, Events: evs, By: by, Decisive: decisive, At: now})
	return true
}

func findKind(legal []game.Action, kinds ...game.Kind) (game.Action, bool) {
	for _, a := range legal {
		if slices.Contains(kinds, a.Kind) {
			return a, true
		}
	}
	return game.Action{}, false
}

// declarations applies the declarations that are legal now; one that is
// still not legal after Grace is an anomaly (a false win a foul).
func (s *Sensor) declarations(ctx context.Context, now time.Time, out *[]Output) bool {
	for i, d := range s.decls {
		legal := s.legal(d.Seat)
		late := now.Sub(d.At) >= s.cfg.Grace && !s.catchingUp(d.At, now, 0)
		drop := func() { s.decls = slices.Delete(s.decls, i, i+1) }
		switch d.Kind {
		case DeclareWin:
			if a, ok := findKind(legal, game.Tsumo, game.Ron); ok {
				drop()
				return s.accept(ctx, a, ByDeclaration, d.At, now, out) || true
			}
			if late {
				drop()
				s.falseWin(ctx, d, now, out)
				return true
			}
		case DeclareMissing:
			for _, a := range legal {
				if a.Kind == game.Missing && a.Suit == d.Suit {
					drop()
					return s.accept(ctx, a, ByDeclaration, d.At, now, out) || true
				}
			}
			if late {
				drop()
				*out = append(*out, &Anomaly{Kind: FalseDeclaration, Seat: d.Seat, Expected: "no missing suit " + d.Suit.String() + " to choose now", At: now})
				return true
			}
		case DeclarePass:
			if a, ok := findKind(legal, game.Pass); ok {
				drop()
				return s.accept(ctx, a, ByDeclaration, d.At, now, out) || true
			}
			if late {
				drop()
				return true
			}
		case DeclareAbort:
			if a, ok := findKind(legal, game.Abort); ok {
				drop()
				return s.accept(ctx, a, ByDeclaration, d.At, now, out) || true
			}
			if late {
				drop()
				a := game.Action{Kind: game.Abort, Seat: d.Seat}
				s.foul(ctx, &Anomaly{Kind: FalseDeclaration, Seat: d.Seat, Expected: "no abortive draw now", At: now}, a, out)
				return true
			}
		case DeclareChoice:
			if amb := s.ambiguous[d.Seat]; amb != nil && d.Choice >= 0 && d.Choice < len(amb.Options) {
				drop()
				return s.accept(ctx, amb.Options[d.Choice], ByDeclaration, d.At, now, out) || true
			}
			if late {
				drop()
				return true
			}
		}
	}
	return false
}

func (s *Sensor) falseWin(ctx context.Context, d Declaration, now time.Time, out *[]Output) {
	h := s.ref.Hand()
	if h == nil {
		return
	}
	a := game.Action{Kind: game.Tsumo, Seat: d.Seat}
	exp := "no win for this seat now"
	if h.Phase == game.Claims && h.Claim.From != d.Seat {
		a = game.Action{Kind: game.Ron, Seat: d.Seat, Tile: h.Claim.Tile}
		exp = "no win on " + h.Claim.Tile.String()
	}
	s.foul(ctx, &Anomaly{Kind: FalseWin, Seat: d.Seat, Tile: a.Tile, Expected: exp, At: now}, a, out)
}

// foul reports an anomaly and records act as a foul with the referee,
// which applies the ruleset's penalty if it has one.
func (s *Sensor) foul(ctx context.Context, an *Anomaly, act game.Action, out *[]Output) {
	an.Foul = &act
	evs, err := s.ref.Foul(ctx, act, an.String())
	if err != nil {
		s.log.Warn("sensing: foul not recorded", "action", act.String(), "err", err)
	}
	an.Events = evs
	s.log.Warn("sensing: anomaly", "kind", an.Kind.String(), "seat", int(an.Seat), "tile", an.Tile.String(), "from", an.From.String(), "to", an.To.String(), "expected", an.Expected)
	*out = append(*out, an)
}

// implicit applies what no one declares: the passes of seats that let a
// claim window go by once another seat has claimed, and the keeping of a
// last-draws tile when the next player draws.
func (s *Sensor) implicit(ctx context.Context, now time.Time, out *[]Output) bool {
	h := s.ref.Hand()
	if h == nil {
		return false
	}
	switch h.Phase {
	case game.Claims:
		if now.Sub(s.opened) < s.cfg.ClaimWindow {
			return false
		}
		if h.Wall.Remaining() == 0 && now.Sub(s.opened) < s.cfg.KeepAfter {
			return false // the last discard: no draw cuts the window short
		}
		claimed := false
		for _, r := range h.Claim.Responses {
			claimed = claimed || (r.Answered && r.Action.Kind != game.Pass)
		}
		if !claimed && !s.lastWindow(h, now) {
			return false
		}
		for i, r := range h.Claim.Responses {
			if r.Answered {
				continue
			}
			if a, ok := findKind(s.legal(game.Seat(i)), game.Pass); ok {
				return s.accept(ctx, a, ByImplicit, s.opened.Add(s.cfg.ClaimWindow), now, out)
			}
		}
	case game.ToAct:
		legal := s.legal(h.Turn)
		pass, ok := findKind(legal, game.Pass)
		if !ok {
			return false
		}
		if _, canDiscard := findKind(legal, game.Discard); canDiscard {
			return false
		}
		for _, e := range s.pending {
			if !e.dismissed && e.first.Area == Wall && e.m.To.Area == Hand && e.m.To.Seat != h.Turn {
				return s.accept(ctx, pass, ByImplicit, e.m.At, now, out)
			}
		}
		// The last of the last draws has no next draw: the seat keeps
		// its tile once it has let KeepAfter go by without a WIN.
		for _, d := range s.decls {
			if d.Seat == h.Turn {
				return false
			}
		}
		if keep := s.acted.Add(s.cfg.KeepAfter); !s.acted.IsZero() && !now.Before(keep) {
			return s.accept(ctx, pass, ByImplicit, keep, now, out)
		}
	}
	return false
}

// lastWindow reports whether the open claim window can end only by the
// seats' answers: no seat may draw after it (the wall is done), and no
// tile is moving or being seen arriving anywhere. Once KeepAfter has
// gone by, the seats that have not claimed are taken to pass.
func (s *Sensor) lastWindow(h *game.Hand, now time.Time) bool {
	if h.Wall.Remaining() > 0 {
		return false
	}
	for i := 0; i < h.Players; i++ {
		if _, ok := findKind(s.legal(game.Seat(i)), game.Draw); ok {
			return false
		}
	}
	for _, e := range s.pending {
		if !e.dismissed {
			return false
		}
	}
	for _, d := range s.decls {
		if d.Kind == DeclareWin {
			return false
		}
	}
	return len(s.loc.Arriving(now.Add(-s.cfg.Grace))) == 0
}

// need is one tile an action moves: an exact tile, or any tile of a face
// (kind and red flag) or of a suit, held in the seat's hand, arriving in to.
type need struct {
	t         tile.Tile
	exact     bool
	suit      bool
	inHand    bool
	drawn     bool
	discarded bool
	to        Zone
}

// needs returns the tile movements of a; nil for actions without any
// (wins, passes, an abort).
func needs(h *game.Hand, a game.Action) []need {
	s := a.Seat
	switch a.Kind {
	case game.Draw:
		return []need{{t: a.Tile, exact: true, drawn: true, to: SeatZone(s, Hand)}}
	case game.Discard, game.Riichi:
		return []need{{t: a.Tile, inHand: true, discarded: true, to: SeatZone(s, Discards)}}
	case game.Flower, game.SingleKan, game.AddedKan:
		return []need{{t: a.Tile, inHand: true, to: SeatZone(s, Melds)}}
	case game.ClosedKan:
		out := []need{{t: a.Tile, exact: true, inHand: true, to: SeatZone(s, Melds)}}
		for _, u := range a.Uses {
			out = append(out, need{t: u, exact: true, inHand: true, to: SeatZone(s, Melds)})
		}
		return out
	case game.Pon, game.OpenKan, game.Chi:
		out := []need{{t: a.Tile, exact: true, to: SeatZone(s, Melds)}}
		for _, u := range a.Uses {
			out = append(out, need{t: u, inHand: true, to: SeatZone(s, Melds)})
		}
		return out
	case game.Missing:
		if h.Phase == game.Setup {
			return []need{{t: tile.Tile{Kind: firstOfSuit(a.Suit)}, suit: true, inHand: true, to: SeatZone(s, Melds)}}
		}
	}
	return nil
}

// drawnInLog reports whether t was drawn in h (rather than dealt).
func drawnInLog(h *game.Hand, t tile.Tile) bool {
	for _, a := range h.Log {
		if a.Kind == game.Draw && a.Tile == t {
			return true
		}
	}
	return false
}

func firstOfSuit(su tile.Suit) tile.Kind {
	k, _ := tile.Of(su, 1)
	return k
}

// fits reports whether e's movement is n for seat in h; held is
// Config.Held.
func (n need) fits(h *game.Hand, seat game.Seat, e *entry, held bool) bool {
	t := e.m.Tile
	to := e.m.To
	// A tile may go on before its reads agree where it was: a drawn tile
	// discarded at once or exposed as a flower or kong, a discard claimed
	// at once (a pond of a dozen tiles takes 100 ms to inventory, a fast
	// player calls within half a second). Each step is still matched on
	// its own, in order: the draw (the exact next wall tile), then the
	// discard (a tile the seat holds), then the claim (which must itself
	// be legal once the discard is applied). Another seat's melds are the
	// only place a seat's drawn or held tile can legally reach without
	// passing its pond, so no sighting on the way is needed there.
	switch {
	case n.drawn && to.Seat == n.to.Seat && (to.Area == Discards || to.Area == Melds):
		to = n.to
	case n.drawn && to.Area == Melds && (to.Seat == n.to.Seat || !t.Kind.IsFlower()):
		// Another seat's melds only by a discard and a claim: never a
		// flower, which is exposed, not discarded.
		to = n.to
	case n.discarded && to.Area == Melds && to.Seat != n.to.Seat:
		to = n.to
	case n.suit && to == SeatZone(n.to.Seat, Discards) && h.Phase == game.Setup:
		// The face-down missing-suit tile, discarded at once: no tile
		// reaches a pond while the suits are chosen otherwise, and a read
		// of the melds may not have seen it on the way.
		to = n.to
	}
	switch {
	case to != n.to:
		return false
	case n.exact && t != n.t:
		return false
	case n.suit && (!t.Kind.IsSuited() || t.Kind.Suit() != n.t.Kind.Suit()):
		return false
	case !n.exact && !n.suit && (t.Kind != n.t.Kind || t.Red != n.t.Red):
		return false
	case held && !n.drawn && (e.first.Area == Wall || e.first.Area == DeadWall) && !drawnInLog(h, t):
		// Every zone polled (Config.Held): a tile the referee has in a
		// hand by the deal and the reads still in its wall has not been
		// dealt yet, since its hand would have heard it. Only its hand
		// takes it; sightings elsewhere are a neighbouring antenna
		// hearing the wall before its tiles are told to keep quiet, as
		// the hand begins (riichi 30207: taken for the dealer's discard
		// claimed into the next seat's melds; Sichuan 30183: for a
		// face-down missing-suit tile).
		return false
	}
	return !n.inHand || containsTile(h.Seats[seat].Hand, t)
}

// match is a legal action and the pending movements it accounts for.
type match struct {
	a        game.Action
	es       []*entry
	complete bool
	missing  []need // the needs no pending movement fits
}

func (m match) latest() time.Time {
	var t time.Time
	for _, e := range m.es {
		if e.m.At.After(t) {
			t = e.m.At
		}
	}
	return t
}

// firstSeen is the earliest first sighting of m's tiles away from where
// they were.
func (m match) firstSeen() time.Time {
	var t time.Time
	for _, e := range m.es {
		if !e.m.Seen.IsZero() && (t.IsZero() || e.m.Seen.Before(t)) {
			t = e.m.Seen
		}
	}
	return t
}

func (m match) shares(o match) bool {
	for _, e := range m.es {
		if slices.Contains(o.es, e) {
			return true
		}
	}
	return false
}

// bind matches a's needs to pending entries (held: Config.Held) and
// returns the action with the physical tiles that moved.
func bind(h *game.Hand, a game.Action, ns []need, es []*entry, held bool) match {
	m := match{a: a}
	m.a.Uses = slices.Clone(a.Uses)
	used := make([]bool, len(es))
	complete := true
	for i, n := range ns {
		// A movement to the very zone the action puts the tile in goes
		// before one that fits only if a sighting on the way was missed
		// (a face-down missing-suit tile in the melds before a tile of
		// that suit in the pond).
		found := -1
		for j, e := range es {
			if !used[j] && n.fits(h, a.Seat, e, held) && (found < 0 || (es[found].m.To != n.to && e.m.To == n.to)) {
				found = j
			}
		}
		if found < 0 {
			complete = false
			m.missing = append(m.missing, n)
			continue
		}
		used[found] = true
		m.es = append(m.es, es[found])
		t := es[found].m.Tile
		switch {
		case a.Kind == game.Missing:
			m.a.Tile = t
		case i == 0:
			m.a.Tile = t
		default:
			m.a.Uses[i-1] = t
		}
	}
	m.complete = complete
	return m
}

// movements applies the one legal action that accounts for pending
// movements, if exactly one does; two meanings wait for a choice.
func (s *Sensor) movements(ctx context.Context, now time.Time, out *[]Output) bool {
	h := s.ref.Hand()
	if h == nil {
		return false
	}
	var es []*entry
	for _, e := range s.pending {
		if !e.dismissed {
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return false
	}
	slices.SortFunc(es, func(a, b *entry) int {
		if c := a.m.At.Compare(b.m.At); c != 0 {
			return c
		}
		return cmpString(string(a.m.UID), string(b.m.UID))
	})
	var full, partial []match
	for i := 0; i < h.Players; i++ {
		seat := game.Seat(i)
		var ms []match
		for _, a := range s.legal(seat) {
			ns := needs(h, a)
			if ns == nil {
				continue
			}
			m := bind(h, a, ns, es, s.cfg.Held)
			switch {
			case m.complete:
				ms = append(ms, m)
			case len(m.es) > 0:
				partial = append(partial, m)
			}
		}
		full = append(full, s.riichiOrDiscard(ctx, seat, ms, now, out)...)
	}
	// A call that explains only part of what moved gives way to one that
	// explains all of it (a pon's three tiles within a kong's four).
	full = slices.DeleteFunc(slices.Clone(full), func(f match) bool {
		for _, g := range full {
			if len(g.es) > len(f.es) && subset(f.es, g.es) {
				return true
			}
		}
		return false
	})
	// Tiles committed by the same read (two discards of a seat whose
	// pond was not read in between, two flowers one of which a read
	// missed twice) go in the order they moved: one seen where it went
	// before the other was last seen where it was went first; otherwise
	// the one seen there first, then the one that left first.
	slices.SortStableFunc(full, func(a, b match) int {
		if c := a.latest().Compare(b.latest()); c != 0 {
			return c
		}
		as, bs := a.firstSeen(), b.firstSeen()
		al, bl := s.left(a), s.left(b)
		switch {
		case !as.IsZero() && as.Before(bl):
			return -1
		case !bs.IsZero() && bs.Before(al):
			return 1
		}
		if c := as.Compare(bs); c != 0 {
			return c
		}
		return al.Compare(bl)
	})
	if h.Phase == game.Claims {
		// A call on the discard goes before the next seat's draw, which
		// would close the window: the draw seen first is the kong's
		// replacement.
		slices.SortStableFunc(full, func(a, b match) int { return b2i(a.a.Kind == game.Draw) - b2i(b.a.Kind == game.Draw) })
	}
	// A tile the latest action moved that is still on its way (a drawn
	// tile already in the pond or a claimer's melds) is moved by the next
	// action first: the drawer cannot discard another tile while the one
	// it drew has left its hand.
	// Unless the hand still held that tile after another discard of the
	// seat reached the pond: that discard came first.
	chained := func(m match) int {
		var held time.Time
		in := false
		for _, e := range m.es {
			if slices.Contains(s.chain, e) {
				in = true
				if t := s.loc.SeenIn(e.m.UID, SeatZone(m.a.Seat, Hand)); t.After(held) {
					held = t
				}
			}
		}
		if !in {
			return 1
		}
		for _, o := range full {
			if o.a.Seat == m.a.Seat && !o.shares(m) && (o.a.Kind == game.Discard || o.a.Kind == game.Riichi) && seenBefore(o, held) {
				return 1
			}
		}
		return 0
	}
	slices.SortStableFunc(full, func(a, b match) int { return chained(a) - chained(b) })
	for _, f := range full {
		var rivals []game.Action
		for _, o := range full {
			if o.shares(f) && !o.a.Equal(f.a) {
				rivals = append(rivals, o.a)
			}
		}
		if len(rivals) > 0 {
			opts := append([]game.Action{f.a}, rivals...)
			if old := s.ambiguous[f.a.Seat]; old == nil || !sameActions(old.Options, opts) {
				amb := &Ambiguous{Seat: f.a.Seat, Options: opts, At: now}
				s.ambiguous[f.a.Seat] = amb
				s.log.Info("sensing: two meanings, waiting for a choice", "seat", int(f.a.Seat), "options", fmt.Sprint(opts))
				*out = append(*out, amb)
			}
			continue
		}
		if f.a.Kind == game.Flower && s.earlierFlower(ctx, h, f, now) {
			continue
		}
		if f.a.Kind == game.Missing && now.Sub(f.latest()) < s.cfg.Grace && s.faceDownOnItsWay(h, f) {
			continue
		}
		// The seat's next replacement tile already reached it: a flower
		// or kong came before this discard (a fast player exposes, draws
		// the replacement and discards in one motion, and the pond may be
		// read before the melds). The discard waits for the read of the
		// melds that explains it.
		if (f.a.Kind == game.Discard || f.a.Kind == game.Riichi) && s.replacementAhead(h, f.a.Seat, f.firstSeen()) != nil {
			continue
		}
		wait := false
		for _, p := range partial {
			if !p.shares(f) {
				continue
			}
			// Only a bigger call that contains f (a kong around a pon) is
			// waited for on time; any other is waited for only while a
			// tile it needs is seen arriving.
			bigger := subset(f.es, p.es)
			if since := now.Sub(f.latest()); s.arriving(h, p, now) || (bigger && (since < s.cfg.Settle || (since < s.cfg.Grace && !s.stillHome(h, p, f.latest())))) {
				wait = true
			}
		}
		// While a call on the discard is being made (tiles already moved
		// to the claimer's melds), the draw waits: it is the kong's
		// replacement (the next seat's own call), or the draw that comes
		// after the call and its discard, not a pass.
		if f.a.Kind == game.Draw && h.Phase == game.Claims {
			for _, p := range partial {
				switch p.a.Kind {
				case game.Pon, game.OpenKan, game.Chi:
					if len(p.es) > 0 && now.Sub(p.latest()) < s.cfg.Grace {
						wait = true
					}
				}
			}
		}
		if wait {
			continue
		}
		for _, p := range partial {
			if p.shares(f) && s.log.Enabled(ctx, slog.LevelDebug) {
				s.log.Debug("sensing: settled", "action", f.a.String(), "over", p.a.String(), "missing", len(p.missing), "latest", f.latest().Format("15:04:05.000"), "now", now.Format("15:04:05.000"))
			}
		}
		pressed := s.riichi[f.a.Seat]
		if s.accept(ctx, f.a, ByMovement, f.latest(), now, out) {
			if f.a.Kind == game.Discard && seenBefore(f, pressed) {
				s.riichi[f.a.Seat] = pressed // the press is for the next discard
			}
			s.chain = f.es
			return true // resolve drops the entries now where expected
		}
	}
	return false
}

// replacementAhead returns the movement, not yet explained nor reported,
// committed (or, with before, seen arriving), of the wall's next
// replacement tile to seat's hand, pond or melds, first seen there before
// before (any time if before is zero), while the seat may make a move
// that draws it (a flower, kita or kong): that move was
// made, and the replacement drawn, before what the seat did next. The
// replacement is the tail's next tile, or the head's where kongs draw
// from the live wall (Sichuan); the head's next tile cannot otherwise
// reach the seat that has not yet discarded. Nil if there is none.
func (s *Sensor) replacementAhead(h *game.Hand, seat game.Seat, before time.Time) *entry {
	var legal bool
	for _, src := range []game.Source{game.Tail, game.Head} {
		i := h.Wall.NextIndex(src)
		if i < 0 || i >= len(h.Wall.Tiles) {
			continue
		}
		u, ok := s.uidOf[h.Wall.Tiles[i]]
		if !ok {
			continue
		}
		e := s.pending[u]
		if e == nil && !before.IsZero() {
			// Seen arriving, its reads not yet agreed: two reads of the
			// seat's melds may miss a north beside another (10% misses,
			// and a tag that missed the request is not asked again when
			// its slot-mate answers alone) while the discard commits.
			for _, a := range s.loc.Arriving(s.now.Add(-s.cfg.Grace)) {
				if a.UID == u {
					e = &entry{m: a, first: a.From}
					break
				}
			}
		}
		if e == nil || e.dismissed || e.reported || e.m.To.Seat != seat || (e.first.Area != Wall && e.first.Area != DeadWall) {
			continue
		}
		if !before.IsZero() && (e.m.Seen.IsZero() || !e.m.Seen.Before(before)) {
			continue
		}
		if !legal {
			if _, ok := findKind(s.legal(seat), game.Flower, game.AddedKan, game.ClosedKan, game.SingleKan); !ok {
				return nil
			}
			legal = true
		}
		return e
	}
	return nil
}

// left is the latest read that saw one of m's tiles where it was before
// it moved.
func (s *Sensor) left(m match) time.Time {
	var t time.Time
	for _, e := range m.es {
		if at := s.loc.SeenIn(e.m.UID, e.first); at.After(t) {
			t = at
		}
	}
	return t
}

// earlierFlower reports whether another flower of f's seat (a tile of
// its hand it may expose as f's tile) may have gone out before f's.
// Flowers go out one at a time, each followed by its replacement draw,
// so whichever order sightings leave open is charged the reads that must
// have missed a tag for it to be true (Locator.MissesIfFirst): the hand's
// reads that no longer saw one flower while they still saw the other, the
// melds' reads that saw the other flower first. Reads of the melds alone
// would put them in the order they were first seen there, which one
// missed read there reverses. Nor did a flower go first that the hand
// still held once the first replacement tile was seen there. f waits
// while the other order needs fewer missed reads, or as few while the
// other flower is not committed (its next reads still count). Two
// committed flowers whose orders need as many go in the order they were
// first seen in the melds: no read can tell them apart any more.
func (s *Sensor) earlierFlower(ctx context.Context, h *game.Hand, f match, now time.Time) bool {
	if len(f.es) != 1 {
		return false
	}
	// Both tiles leave the hand the referee holds them in, whether or not
	// the reads had agreed on the deal or draw that put them there.
	seat := f.a.Seat
	hand, melds := SeatZone(seat, Hand), SeatZone(seat, Melds)
	fu := f.es[0].m.UID
	ft := Trip{UID: fu, From: hand, To: melds, Reached: s.loc.Reached(fu, melds)}
	if ft.Reached.IsZero() {
		return false
	}
	// The first flower's replacement is the tail's next tile, drawn after
	// that flower left the hand: a flower seen in the hand once the
	// replacement was seen there did not go first.
	var drawn time.Time
	if i := h.Wall.NextIndex(game.Tail); i >= 0 && i < len(h.Wall.Tiles) {
		if u, ok := s.uidOf[h.Wall.Tiles[i]]; ok {
			drawn = s.loc.Reached(u, hand)
		}
	}
	mayBeFirst := func(u rfid.UID) bool {
		return drawn.IsZero() || s.loc.SeenIn(u, hand).Before(drawn)
	}
	flower := map[tile.Tile]bool{}
	for _, a := range s.legal(seat) {
		if a.Kind == game.Flower {
			flower[tile.Tile{Kind: a.Tile.Kind, Red: a.Tile.Red}] = true
		}
	}
	for _, o := range h.Seats[seat].Hand {
		if o == f.a.Tile || !flower[tile.Tile{Kind: o.Kind, Red: o.Red}] {
			continue
		}
		u, ok := s.uidOf[o]
		if !ok {
			continue
		}
		committed := false
		if e := s.pending[u]; e != nil {
			if e.m.To != melds {
				continue // on its way elsewhere: not a flower going out
			}
			committed = true
		}
		ot := Trip{UID: u, From: hand, To: melds, Reached: s.loc.Reached(u, melds)}
		oFirst, ok := s.loc.MissesIfFirst(ot, ft)
		if !ok || !mayBeFirst(u) {
			continue
		}
		fFirst, ok := s.loc.MissesIfFirst(ft, ot)
		ok = ok && mayBeFirst(fu)
		switch {
		case !ok || oFirst < fFirst:
		case oFirst > fFirst:
			continue
		case !committed:
		case ot.Reached.Before(ft.Reached) || (ot.Reached.Equal(ft.Reached) && u < fu):
		default:
			continue
		}
		if s.log.Enabled(ctx, slog.LevelDebug) {
			s.log.Debug("sensing: flower waits for one that may have gone first", "flower", f.a.Tile.String(), "other", o.String(),
				"missesOtherFirst", oFirst, "missesThisFirst", fFirst, "thisFirstPossible", ok, "now", now.Format("15:04:05.000"))
		}
		return true
	}
	return false
}

// faceDownOnItsWay reports whether f, a missing-suit choice read from a
// tile that reached the seat's pond (the face-down tile discarded at once,
// the melds' reads having missed it on the way), is to wait for another
// tile of that suit the seat holds that may be the face-down tile on its
// way to the melds: the latest read of the hand missed it, or the melds
// have seen it since the hand last did. The dealer, last to choose,
// chooses and discards in one motion; two reads of the melds that miss
// its face-down tile (1 in 400) would otherwise take its discard for it.
// The caller waits up to Grace: by then the melds' reads have seen it.
func (s *Sensor) faceDownOnItsWay(h *game.Hand, f match) bool {
	if len(f.es) != 1 {
		return false
	}
	e := f.es[0]
	hand, melds := SeatZone(f.a.Seat, Hand), SeatZone(f.a.Seat, Melds)
	if e.m.To == melds || !e.m.Tile.Kind.IsSuited() {
		return false
	}
	suit := e.m.Tile.Kind.Suit()
	for _, t := range h.Seats[f.a.Seat].Hand {
		if t == e.m.Tile || !t.Kind.IsSuited() || t.Kind.Suit() != suit {
			continue
		}
		u, ok := s.uidOf[t]
		if !ok {
			continue
		}
		if p := s.pending[u]; p != nil {
			if p.m.To == melds {
				return true
			}
			continue
		}
		if s.loc.Missed(u, hand) || !s.loc.Reached(u, melds).IsZero() {
			return true
		}
	}
	return false
}

// arriving reports whether a tile p still needs is being seen where p
// puts it (Locator.Arriving, within Grace), without the reads agreeing
// yet: the bigger call is still being made.
func (s *Sensor) arriving(h *game.Hand, p match, now time.Time) bool {
	for _, a := range s.loc.Arriving(now.Add(-s.cfg.Grace)) {
		if e := s.pending[a.UID]; e != nil && slices.Contains(p.es, e) {
			continue
		}
		e := &entry{m: a, first: a.From}
		for _, n := range p.missing {
			// Whether a tile still in its wall may be played is
			// decided once it moves (movements), not while it is seen
			// on its way.
			if n.fits(h, p.a.Seat, e, false) {
				return true
			}
		}
	}
	return false
}

// stillHome reports whether every tile p still needs was seen where it is
// by a read after since: the seat is not moving it, so a call p contains
// (a pon within a kong) is complete. A tile lifted on its way, or not
// read since, keeps the smaller call waiting, up to Grace.
func (s *Sensor) stillHome(h *game.Hand, p match, since time.Time) bool {
	for _, n := range p.missing {
		found := false
		for _, t := range h.Seats[p.a.Seat].Hand {
			if (n.exact && t != n.t) || (!n.exact && (t.Kind != n.t.Kind || t.Red != n.t.Red)) {
				continue
			}
			if u, ok := s.uidOf[t]; ok && s.pending[u] == nil && s.loc.SeenIn(u, s.loc.Where(u)).After(since) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// riichiOrDiscard keeps one meaning of a discard movement: riichi when
// the seat pressed RIICHI before the tile was seen leaving its hand, a
// plain discard otherwise (reads run behind fast players: the discard
// before the press may be taken in after it). A RIICHI that is not legal
// with the discard after it is a false declaration, reported as a foul.
func (s *Sensor) riichiOrDiscard(ctx context.Context, seat game.Seat, ms []match, now time.Time, out *[]Output) []match {
	pressed := s.riichi[seat]
	riichiWith := func(m match) bool {
		for _, o := range ms {
			if o.a.Kind == game.Riichi && o.shares(m) {
				return true
			}
		}
		return false
	}
	var keep []match
	for _, m := range ms {
		after := !pressed.IsZero() && !seenBefore(m, pressed)
		switch m.a.Kind {
		case game.Discard:
			if after && riichiWith(m) {
				continue
			}
			if after && !s.riichi[seat].IsZero() {
				s.riichi[seat] = time.Time{}
				a := game.Action{Kind: game.Riichi, Seat: seat, Tile: m.a.Tile}
				s.foul(ctx, &Anomaly{Kind: FalseDeclaration, Seat: seat, Tile: m.a.Tile, Expected: "no riichi with this discard", At: now}, a, out)
			}
		case game.Riichi:
			if !after {
				continue
			}
		}
		keep = append(keep, m)
	}
	return keep
}

// seenBefore reports whether m's first tile was seen away from where it
// was before t.
func seenBefore(m match, t time.Time) bool {
	return len(m.es) > 0 && !m.es[0].m.Seen.IsZero() && m.es[0].m.Seen.Before(t)
}

func sameActions(a, b []game.Action) bool {
	return slices.EqualFunc(a, b, game.Action.Equal)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// anomalies reports the movements that have waited Grace unexplained.
func (s *Sensor) anomalies(ctx context.Context, now time.Time, out *[]Output) {
	var due []*entry
	for _, e := range s.pending {
		if !e.reported && !e.dismissed && now.Sub(e.m.At) >= s.cfg.Grace && !(playShaped(e) && s.catchingUp(e.m.At, now, 1)) && !s.unconfirmed(e, now) {
			due = append(due, e)
		}
	}
	if len(due) == 0 {
		return
	}
	h := s.ref.Hand()
	if h == nil {
		return // the referee has gone: nothing to judge against
	}
	due = s.notBeingMade(due, now)
	slices.SortFunc(due, func(a, b *entry) int { return cmpString(string(a.m.UID), string(b.m.UID)) })
	for _, e := range due {
		e.reported = true
		an := &Anomaly{Kind: Unexplained, Seat: e.m.To.Seat, UID: e.m.UID, Tile: e.m.Tile, From: e.first, To: e.m.To, At: now}
		if z, ok := s.expected()[e.m.Tile]; ok {
			an.Expected = "the tile in " + z.String()
		}
		switch {
		case e.first.Area == Wall && e.m.To.Area == Hand:
			seat := e.m.To.Seat
			draw, canDraw := findKind(s.legal(seat), game.Draw)
			switch {
			case canDraw:
				an.Kind = WrongWallTile
				an.Expected = fmt.Sprintf("%s from wall position %d, not position %d", draw.Tile, s.wallIdx[draw.Tile], s.wallIdx[e.m.Tile])
			case h.Phase == game.ToAct && h.Turn == seat:
				an.Kind = ExtraTile
				an.Expected = "a discard: seat already holds its tiles"
			default:
				an.Kind = OutOfTurnDraw
				an.Expected = fmt.Sprintf("seat %d to %s", h.Turn, h.Phase)
			}
			s.foul(ctx, an, game.Action{Kind: game.Draw, Seat: seat, Tile: e.m.Tile}, out)
			continue
		case e.first.Area == Discards:
			an.Kind = TakenFromPond
		}
		s.log.Warn("sensing: anomaly", "kind", an.Kind.String(), "seat", int(an.Seat), "tile", an.Tile.String(), "from", an.From.String(), "to", an.To.String(), "expected", an.Expected)
		*out = append(*out, an)
	}
}

// unconfirmed reports whether the latest read of the zone e moved its tile
// to did not see it there, up to Behind after the move. Two sightings of
// a neighbour's tag (an antenna hears its neighbours' edge tiles) commit
// a move when the one read of the old zone in between missed the tile
// too: a wall, read seldom, is the likely old zone. Such a move is not
// reported until a read sees the tile where it went again, or the old
// zone's reads bring it back (Focus reads it).
func (s *Sensor) unconfirmed(e *entry, now time.Time) bool {
	if now.Sub(e.m.At) >= s.cfg.Behind {
		return false
	}
	return s.loc.Missed(e.m.UID, e.m.To)
}

// notBeingMade leaves out of due the movements that are part of a legal
// action still being made: one whose missing tiles are being seen
// arriving where it puts them. Grace runs from the latest of its tiles.
func (s *Sensor) notBeingMade(due []*entry, now time.Time) []*entry {
	h := s.ref.Hand()
	if h == nil {
		return due
	}
	var es []*entry
	for _, e := range s.pending {
		if !e.dismissed {
			es = append(es, e)
		}
	}
	slices.SortFunc(es, func(a, b *entry) int { return cmpString(string(a.m.UID), string(b.m.UID)) })
	busy := map[*entry]bool{}
	for i := 0; i < h.Players; i++ {
		for _, a := range s.legal(game.Seat(i)) {
			ns := needs(h, a)
			if ns == nil {
				continue
			}
			m := bind(h, a, ns, es, s.cfg.Held)
			if m.complete || len(m.es) == 0 || !s.arriving(h, m, now) {
				continue
			}
			for _, e := range m.es {
				busy[e] = true
			}
		}
	}
	return slices.DeleteFunc(due, func(e *entry) bool { return busy[e] })
}

func subset(a, b []*entry) bool {
	for _, e := range a {
		if !slices.Contains(b, e) {
			return false
		}
	}
	return true
}

// catchingUp reports whether something that happened at since may still
// be explained by actions sensing has not yet taken in: an action was
// accepted or a movement committed within Grace (the table is playing
// and the reads are catching up), and other movements wait to be
// explained or tiles are seen arriving, for up to Behind after since.
// self is how many of the pending movements are the one asking.
func (s *Sensor) catchingUp(since, now time.Time, self int) bool {
	busy := s.acted
	if s.moved.After(busy) {
		busy = s.moved
	}
	if now.Sub(since) >= s.cfg.Behind || busy.IsZero() || now.Sub(busy) >= s.cfg.Grace {
		return false
	}
	n := 0
	for _, e := range s.pending {
		if !e.dismissed && !e.reported {
			n++
		}
	}
	return n > self || len(s.loc.Arriving(now.Add(-s.cfg.Grace))) > 0
}

// playShaped reports whether e moved a tile as play moves tiles: from a
// wall or the dead wall to a seat's hand, pond or melds (a draw, chained
// on), from a hand to its pond or to any seat's melds (a discard, claimed
// at once), from a pond to another seat's melds (a claim).
func playShaped(e *entry) bool {
	from, to := e.first, e.m.To
	switch from.Area {
	case Wall, DeadWall:
		return to.Area == Hand || to.Area == Discards || to.Area == Melds
	case Hand:
		return (to.Area == Discards && to.Seat == from.Seat) || to.Area == Melds
	case Discards:
		return to.Area == Melds && to.Seat != from.Seat
	}
	return false
}
