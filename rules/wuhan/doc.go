// Package wuhan is Wuhan mahjong, 紅中發財頼子槓, and its variants
// (spec/wuhan.md): 紅中頼子槓, 七皮四頼 / 皮子槓, 口口番, the big-hand base
// variations and the 3-player 荊州 game.
//
// Options holds a table's choices (Defaults, Preset). Roles turns the
// wildcard indicator into the wildcard (頼子) and the kong-only tiles.
// Score values a described win: its legality (W1–W8, the threshold), the
// best reading, the fan of the winner and of each payer, caps, 包 and the
// money each pays; a Scorer does the same in storage it keeps from win to
// win, allocating nothing. The best reading is found by the properties
// that score (all pungs, a 2-5-8 pair, 硬胡), each asked of the hand core
// (hand.FindStandard), not by reading the hand every way. New adapts it
// all to the referee as a game.Ruleset.
package wuhan
