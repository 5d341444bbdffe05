// Package players is the table's simulated play, in one place whether or
// not the table follows the hand through its tile sensing.
//
// Move plays a simulated seat straight on the referee: the daemon's seats
// played by no one when the hand is not sensed (jantaku run --sim, and
// the seats a table leaves to the machine beside people).
//
// Table, PlayHand and Watch play whole hands as people would at the
// table: the players move tagged tiles on a simulated Surface whose
// antennas miss and ghost, and the table's sensing reads that surface and
// feeds the referee (jantaku run --sim --sensing).
package players
