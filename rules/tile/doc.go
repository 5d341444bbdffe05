// Package tile defines mahjong tiles: the 34 kinds of face, the 8 flowers,
// physical tiles (a kind plus which copy it is and whether it is a red
// five), the tile sets the rulesets play with, and the text notation used
// everywhere in jantaku (mpsz, with flowers and called sets).
//
// The package is pure: no I/O, no clocks, no state. Successor orders used by
// indicators (riichi dora, Wuhan wildcards) belong to the rulesets; this
// package gives them the primitives (Kind.Suit, Kind.Rank, Of).
package tile
