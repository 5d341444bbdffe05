package tablecore

import (
	"jantaku/rules/game"
	"jantaku/tablecore/record"
)

// NoClaimCache makes g work out at every claim window what each seat
// could claim, as the referee did before it kept it per seat: the tests
// that compare the two.
func NoClaimCache(g *Game) { g.noClaimCache = true }

// NoKeptRons makes g value every ron again when its window settles, as
// the referee did before it kept the value worked out at the claim.
func NoKeptRons(g *Game) { g.keeps = false }

// CheckKeptRons makes g value each ron it settles with a kept value
// afresh as well, and give both to check.
func CheckKeptRons(g *Game, check func(kept, fresh game.Win, err error)) { g.checkKept = check }

// ReplayHandEvents is ReplayHand keeping every event.
func ReplayHandEvents(g *Game, h *record.Hand) ([]Event, error) {
	var evs []Event
	err := replayHand(g, h, stepper{g: g, events: &evs})
	return evs, err
}

// CheckWall is the check StartHand makes of d's wall in a game under rs.
func CheckWall(rs game.Ruleset, d Deal) error {
	g, err := New(rs, 0)
	if err != nil {
		return err
	}
	return g.checkWall(d)
}
