// Package enabletest models the board's hold circuit behind the enable
// pulse line, for tests and the simulated table.
package enabletest
