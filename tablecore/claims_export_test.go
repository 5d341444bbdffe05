package tablecore

import (
	"jantaku/tablecore/record"
)

// NoClaimCache makes g work out at every claim window what each seat
// could claim, as the referee did before it kept it per seat: the tests
// that compare the two.
func NoClaimCache(g *Game) { g.noClaimCache = true }

// ReplayHandEvents is ReplayHand keeping every event.
func ReplayHandEvents(g *Game, h *record.Hand) ([]Event, error) {
	var evs []Event
	err := replayHand(g, h, stepper{g: g, events: &evs})
	return evs, err
}
