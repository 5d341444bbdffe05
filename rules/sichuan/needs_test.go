package sichuan_test

import "testing"

// The face-down tile of a Missing action (spec/sichuan.md §3.1) should
// survive a journal replay, so that D-SC-04 can require that very tile as
// the first discard. Until then the ruleset accepts any tile of the
// missing suit as the revealed one.
func TestFaceDownTileSurvivesReplay(t *testing.T) {
	t.Skip("needs tablecore: encodeAction to journal Action.Tile for game.Missing (it writes only the suit), and a way to tell 'no face-down tile' from tile ID 0 (1m copy 0)")
}
