// Package riichi is Japanese riichi mahjong as spec/riichi.md reads the
// source rule: options and presets, the win check and scoring (yaku, fu,
// han, limits, every reading of the hand tried), payments with honba,
// deposits and pao, draws and penalties, and the furiten and post-riichi
// kong tests the referee calls.
//
// Three players (the sanma preset) play 108 tiles without chi, set
// norths aside for replacement tiles, and keep a dead wall of 14 tiles
// with eight replacement tiles (DoraIndex, docs/records.md).
//
// Seats are named by their seat wind in the current hand: East is the
// dealer, then South, West, North in turn order (spec/riichi.md §0.1).
//
// Score values a win; a Scorer does the same in storage it keeps from win
// to win, allocating nothing, and its ScoreWin takes the win and options
// by pointer and returns the result in that storage, copying neither.
//
// The package is pure: no I/O, no clocks, no state.
package riichi
