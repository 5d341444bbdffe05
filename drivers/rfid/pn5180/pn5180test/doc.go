// Package pn5180test has a command-level emulator of the NXP PN5180 for
// package pn5180's tests, the board's tests and the simulated table: Chip
// is an spi.Port with a BUSY line that speaks the PN5180 host interface
// (one SPI frame per command, a second frame to read an answer, BUSY high
// while a command runs) and holds ISO/IEC 15693 tags on each antenna an RF
// switch selects, answering inventories slot by slot with the radio model
// of package iso15693: collisions, cross-talk, tags half in the field,
// CRC errors and timeouts. It also executes Stay Quiet, Select and Reset
// to Ready: a tag keeps its quiet or selected state while powered and
// forgets it when the field goes off, when it is taken off its antenna,
// when the RF switch selects another antenna, or when a draw of its
// Presence leaves it out of the field for a request.
package pn5180test
