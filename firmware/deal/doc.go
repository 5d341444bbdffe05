// Package deal turns the walls the machine built into the referee's deal:
// the inline readers recorded each tile's tag in stacking order, the
// registry names each tag's tile, and the ruleset's break rule orders the
// positions as they will be drawn. So the referee deals exactly the tiles
// that stand on the table, before the walls rise.
//
// The stackers build each wall from its owner's right end: the first stack
// a side's stacker forms is stack 1 in the referee's counting, and each
// stack is laid bottom tile first. A profile whose stackers run the other
// way must reverse its sides before calling FromWalls.
package deal
