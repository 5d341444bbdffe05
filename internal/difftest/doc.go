// Package difftest sizes the seeded differential tests, which compare a
// fast path with the plain code it replaced on random hands: CI runs a
// reduced number, JANTAKU_DIFF_HANDS runs millions.
package difftest
