package sensingtest

import (
	"fmt"

	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// Deal gives a referee of rs the hand the simulated players of tb dealt,
// and the walls' zones in draw order as sensing's Layout wants them.
func Deal(tb *players.Table, rs game.Ruleset) (*tablecore.Game, []sensing.Zone, error) {
	g, err := tablecore.New(rs, tb.Dealer())
	if err != nil {
		return nil, nil, err
	}
	if _, err := g.StartHand(tb.Deal()); err != nil {
		return nil, nil, err
	}
	var walls []sensing.Zone
	for i, z := range tb.WallZones() {
		zz, err := sensing.ParseZone(z)
		if err != nil {
			return nil, nil, fmt.Errorf("sensingtest: wall position %d: %w", i, err)
		}
		walls = append(walls, zz)
	}
	return g, walls, nil
}
