// Package referee turns what the referee (tablecore) did into MQTT steps
// for package table: the public event and state, each seat's own view and
// the spectators' view. It is where privacy is decided: a tile drawn is
// shown only to its drawer (and spectators), a missing suit only to its
// chooser until play reveals it, and no view ever holds the wall's order.
package referee

import (
	"encoding/json"
	"fmt"
	"time"

	"jantaku/mqtt/table"
	"jantaku/mqtt/topic"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// Event is one referee event as a display reads it.
type Event struct {
	Seq     int64                  `json:"seq"`
	Type    string                 `json:"type"`
	Hand    int                    `json:"hand"`
	Seat    *int                   `json:"seat,omitempty"`
	Action  *tablecore.ActionView  `json:"action,omitempty"`
	Tile    string                 `json:"tile,omitempty"`
	Index   *int                   `json:"index,omitempty"`
	Payment *tablecore.PaymentView `json:"payment,omitempty"`
	Win     *tablecore.WinView     `json:"win,omitempty"`
	End     *tablecore.EndView     `json:"end,omitempty"`
	Hidden  bool                   `json:"hidden,omitempty"` // part of it is not shown to this audience
}

// batch is the payload of one step's events.
type batch struct {
	V      int     `json:"v"`
	Events []Event `json:"events"`
}

// audience: tablecore.Public, a seat, or tablecore.Spectators.
func eventFor(e tablecore.Event, audience int) Event {
	out := Event{Seq: e.Seq, Type: e.Type.String(), Hand: e.Hand}
	seat := int(e.Seat)
	if e.Type == tablecore.Acted || e.Type == tablecore.Claimed || e.Type == tablecore.Fouled || e.Type == tablecore.WinScored {
		out.Seat = &seat
	}
	switch e.Type {
	case tablecore.Acted, tablecore.Claimed, tablecore.Fouled:
		a := e.Action
		av := tablecore.ActionView{Kind: a.Kind.String()}
		private := false
		switch a.Kind {
		case game.Draw:
			private = true
		case game.Missing:
			private = true
		case game.Pass, game.Abort, game.Tsumo:
		default:
			av.Tile = a.Tile.String()
		}
		// A claim's tiles stay in hand until the window gives it the tile
		// (the Claimed event); an answer on its own shows only its kind.
		claimAnswer := e.Type == tablecore.Acted && (a.Kind == game.Chi || a.Kind == game.Pon || a.Kind == game.OpenKan)
		if !claimAnswer || audience == seat || audience == tablecore.Spectators {
			for _, u := range a.Uses {
				av.Uses = append(av.Uses, u.String())
			}
		} else if len(a.Uses) > 0 {
			out.Hidden = true
		}
		if private {
			if audience == seat || audience == tablecore.Spectators {
				if a.Kind == game.Draw {
					av.Tile = a.Tile.String()
				} else {
					av.Suit = a.Suit.String()
				}
			} else {
				out.Hidden = true
			}
		}
		out.Action = &av
	case tablecore.Revealed:
		i := e.Index
		out.Index, out.Tile = &i, e.Tile.String()
	case tablecore.Paid:
		p := tablecore.PaymentView{From: int(e.Payment.From), To: int(e.Payment.To), Amount: e.Payment.Amount, Reason: e.Payment.Reason}
		out.Payment = &p
	case tablecore.WinScored:
		w := tablecore.WinView{Seat: int(e.Win.Seat), From: int(e.Win.From), Tile: e.Win.Tile.String(), Robbed: e.Win.Robbed, Summary: e.Win.Value.Summary, Points: e.Win.Value.Points, Items: e.Win.Value.Items}
		for _, p := range e.Win.Payments {
			w.Payments = append(w.Payments, tablecore.PaymentView{From: int(p.From), To: int(p.To), Amount: p.Amount, Reason: p.Reason})
		}
		out.Win = &w
	case tablecore.HandEnded:
		en := tablecore.EndView{Kind: e.End.Kind.String(), Reason: e.End.Reason, Ready: e.End.Ready}
		for _, p := range e.End.Payments {
			en.Payments = append(en.Payments, tablecore.PaymentView{From: int(p.From), To: int(p.To), Amount: p.Amount, Reason: p.Reason})
		}
		out.End = &en
	}
	return out
}

func marshal(evs []tablecore.Event, audience int) (json.RawMessage, error) {
	b := batch{V: table.Version, Events: make([]Event, 0, len(evs))}
	for _, e := range evs {
		if declined(e, audience) {
			continue
		}
		b.Events = append(b.Events, eventFor(e, audience))
	}
	return json.Marshal(b)
}

// declined reports whether e is a seat's pass that audience may not see:
// a pass says the seat had something to pass on (a call, a win), so only
// the seat itself and the spectators learn of it.
func declined(e tablecore.Event, audience int) bool {
	return e.Type == tablecore.Acted && e.Action.Kind == game.Pass &&
		audience != int(e.Seat) && audience != tablecore.Spectators
}

// view is g's view for audience, with every claim window shown alike to
// all but the spectators: the referee opens a claim phase only when some
// seat can call the tile, and goes straight to the next draw otherwise;
// both are shown as an open window on the discard until the next draw or
// call (the table holds one of the same length after every discard).
func view(g *tablecore.Game, audience int) tablecore.View {
	v := g.View(audience)
	h := g.Hand()
	if audience == tablecore.Spectators || h == nil || len(h.Log) == 0 {
		return v
	}
	switch h.Phase {
	case game.Claims:
	case game.ToDraw:
		last := game.Pass
		for i := len(h.Log) - 1; i >= 0 && last == game.Pass; i-- {
			last = h.Log[i].Kind
		}
		if last != game.Discard && last != game.Riichi && last != game.AddedKan {
			return v
		}
	default:
		return v
	}
	v.Phase = game.Claims.String()
	v.Turn = int(h.Claim.From)
	v.Claim = &tablecore.ClaimView{From: int(h.Claim.From), Tile: h.Claim.Tile.String(), Robbing: h.Claim.Robbing}
	return v
}

// Choices are, for each seat, the readings of a movement of its tiles
// that the table's sensing could not tell apart and asks the seat to
// choose between (none: nothing to choose). They are shown in that seat's
// own view only: a reading names tiles of the seat's hand.
type Choices [topic.Seats][]game.Action

// Choice is one reading a seat may choose, numbered as the seat's choose
// command names it.
type Choice struct {
	Index  int                  `json:"index"`
	Action tablecore.ActionView `json:"action"`
}

// seatView is a seat's own view with the readings it is asked to choose
// between.
type seatView struct {
	tablecore.View
	Choices []Choice `json:"choices,omitempty"`
}

// actionView is a as a seat's view shows it: a draw's tile stays face
// down, as in the view's legal actions.
func actionView(a game.Action) tablecore.ActionView {
	av := tablecore.ActionView{Kind: a.Kind.String()}
	for _, u := range a.Uses {
		av.Uses = append(av.Uses, u.String())
	}
	switch a.Kind {
	case game.Missing:
		av.Suit = a.Suit.String()
	case game.Pass, game.Abort, game.Tsumo, game.Draw:
	default:
		av.Tile = a.Tile.String()
	}
	return av
}

// state is the view of g for audience as published: a seat's own view
// carries its choices.
func (c *Choices) state(g *tablecore.Game, audience int) ([]byte, error) {
	v := view(g, audience)
	if c == nil || audience < 0 || audience >= topic.Seats || len(c[audience]) == 0 {
		return json.Marshal(v)
	}
	sv := seatView{View: v}
	for i, a := range c[audience] {
		sv.Choices = append(sv.Choices, Choice{Index: i, Action: actionView(a)})
	}
	return json.Marshal(sv)
}

// Step builds the step for the events one input produced (an action, a
// deal, a foul), with the game's views after it. Steps are numbered by the
// referee's event sequence, which a restart reproduces.
func Step(g *tablecore.Game, evs []tablecore.Event, at time.Time) (table.Step, error) {
	return StepChoosing(g, evs, at, nil)
}

// StepChoosing is Step with the readings each seat is asked to choose
// between in its own view.
func StepChoosing(g *tablecore.Game, evs []tablecore.Event, at time.Time, ch *Choices) (table.Step, error) {
	if len(evs) == 0 {
		return table.Step{}, fmt.Errorf("referee: a step needs at least one event")
	}
	last := evs[len(evs)-1]
	// The step is named after its first event the public sees: a pass
	// first would tell that someone had an option.
	first := evs[0]
	for _, e := range evs {
		if !declined(e, tablecore.Public) {
			first = e
			break
		}
	}
	s := table.Step{Seq: uint64(last.Seq), Time: at, Type: first.Type.String()}
	if first.Type == tablecore.Acted {
		s.Type = first.Action.Kind.String()
	}
	var err error
	view := func(audience int) json.RawMessage {
		if err != nil {
			return nil
		}
		var b []byte
		b, err = ch.state(g, audience)
		return b
	}
	ev := func(audience int) json.RawMessage {
		if err != nil {
			return nil
		}
		var b json.RawMessage
		b, err = marshal(evs, audience)
		return b
	}
	s.Event, s.State = ev(tablecore.Public), view(tablecore.Public)
	players := g.Rules().Players
	for n := 0; n < topic.Seats && n < players; n++ {
		s.Seats[n] = table.SeatView{Event: ev(n), State: view(n)}
	}
	s.Spectator = table.View{Event: ev(tablecore.Spectators), State: view(tablecore.Spectators)}
	return s, err
}

// Snapshot is the step that republishes the game as it stands (at start-up,
// after a restart): no events, the views only.
func Snapshot(g *tablecore.Game, at time.Time) (table.Step, error) {
	return SnapshotChoosing(g, at, nil)
}

// SnapshotChoosing is Snapshot with the readings each seat is asked to
// choose between in its own view.
func SnapshotChoosing(g *tablecore.Game, at time.Time, ch *Choices) (table.Step, error) {
	pub := view(g, tablecore.Public)
	s := table.Step{Seq: uint64(pub.Seq), Time: at, Type: "snapshot"}
	var err error
	mk := func(audience int) json.RawMessage {
		b, e := ch.state(g, audience)
		if e != nil {
			err = e
		}
		return b
	}
	s.State = mk(tablecore.Public)
	for n := 0; n < topic.Seats && n < g.Rules().Players; n++ {
		s.Seats[n].State = mk(n)
	}
	s.Spectator.State = mk(tablecore.Spectators)
	return s, err
}
