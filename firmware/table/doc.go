// Package table is the table service: the one owner of a table's game.
//
// A Table journals every input (tablecore), deals each hand through its
// Dealer, plays the seats nobody sits at (hardware/sim/players), holds a
// claim window after every discard, executes the seats' and the
// operator's commands, follows hands through the tile sensing when asked,
// tells its Publisher every step and archives each finished game.
//
// Only one goroutine touches the game: the one in Run. The game is not
// reachable from outside the package; Handle, View and Health send a
// request to Run's goroutine and wait for its answer (or for their
// context), and the Publisher and Observer are called from it. A Table is
// built with New, run with Run, and closed with Close once Run returned.
//
// Commands and their errors are the table's own (Command, ErrMalformed,
// ErrRejected, ErrBusy): a transport (mqtt/command) maps its commands and
// replies onto them.
package table
