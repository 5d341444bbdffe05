// Package tiletest spoils tiles and melds for tests: the malformed input
// a scorer must turn down with an error, never a panic (a kind past the
// flowers, a meld of no type, a meld cut short or doubled, a feeder out
// of range).
package tiletest
