package table

import (
	"context"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// A sensed hand's claim windows. Sensing takes a call or a win on a
// discard as soon as the tiles show it when no other seat could answer
// the discard, and only at the window's end (sensing.Config.ClaimWindow)
// when another seat could still win on it or outrank the call. Published
// as taken, the moment a call appeared would tell every display whether
// the other hands could use the tile. So the steps of a sensed hand are
// held from an answer to a window until the window's end, counted from
// the discard's step, and published then in order, as the command path
// plays its answers at the window's end (claimwindow.go, docs/mqtt.md
// "Privacy against inference"). A draw that ends a window nobody
// answered goes out at once: the next seat may draw whatever the others
// hold.

// sensedHold is the steps held and the window they wait for.
type sensedHold struct {
	end   time.Time // the end of the window on the last discard published
	steps [][]tablecore.Event
	timer <-chan time.Time // fires at end while steps are held
}

// sensedWindow is how long a sensed hand's claim window lasts.
func (s *Table) sensedWindow() time.Duration {
	if s.sense != nil && s.sense.Board != nil && s.sense.Board.cfg.ClaimWindow > 0 {
		return s.sense.Board.cfg.ClaimWindow
	}
	return sensing.DefaultClaimWindow
}

// sensedNow is the sensing clock's time, which the windows are counted in.
func (s *Table) sensedNow() time.Time {
	if s.sense != nil && s.sense.Clock != nil {
		return s.sense.Clock.Now()
	}
	return s.now()
}

// holdSensed reports whether evs are held: steps already are (they keep
// their order), or evs answer a sensed hand's window before its end.
func (s *Table) holdSensed(evs []tablecore.Event) bool {
	if len(s.hold.steps) > 0 {
		s.hold.steps = append(s.hold.steps, evs)
		return true
	}
	if !s.mustWait(evs) {
		return false
	}
	s.hold.steps = [][]tablecore.Event{evs}
	s.armHold()
	return true
}

// mustWait reports whether evs, about to be published, answer the claim
// window of a sensed hand that has not ended yet.
func (s *Table) mustWait(evs []tablecore.Event) bool {
	if s.sensed == nil || s.sense == nil || !answersWindow(evs) {
		return false
	}
	return s.sensedNow().Before(s.hold.end)
}

func (s *Table) armHold() {
	d := s.hold.end.Sub(s.sensedNow())
	if s.sense.Clock == nil {
		s.hold.timer = time.After(d)
		return
	}
	s.hold.timer = s.sense.Clock.After(d)
}

// releaseHeld publishes the held steps in order, from the window's end,
// as long as none answers a window that is still open (a discard held
// opens a window of its own when it is published).
func (s *Table) releaseHeld(ctx context.Context) {
	s.hold.timer = nil
	for len(s.hold.steps) > 0 {
		evs := s.hold.steps[0]
		if s.mustWait(evs) {
			s.armHold()
			return
		}
		s.hold.steps = s.hold.steps[1:]
		s.release(ctx, evs)
	}
	s.hold.steps = nil
}

// flushHeld publishes what is held at once, the table stopping.
func (s *Table) flushHeld(ctx context.Context) {
	steps := s.hold.steps
	s.hold = sensedHold{}
	for _, evs := range steps {
		s.release(ctx, evs)
	}
}

// answersWindow reports whether evs hold a call or a win on a discard.
func answersWindow(evs []tablecore.Event) bool {
	for _, e := range evs {
		if e.Type == tablecore.Acted {
			switch e.Action.Kind {
			case game.Chi, game.Pon, game.OpenKan, game.Ron:
				return true
			}
		}
	}
	return false
}
