// Package sichuan is Sichuan mahjong in its 血戦到底 form (spec/sichuan.md):
// 108 suit tiles, a missing suit (欠色) per player, no chi, play on after
// wins until three players have won or the wall runs out, nine yaku capped
// at 3翻, kong payments and the ready-hand settlement (有叫/没叫/花叫).
//
// Score values a described winning hand (a Scorer does the same in storage
// it keeps from hand to hand); Settle-like helpers classify the
// hands at an exhaustive draw; New returns the game.Ruleset the referee
// (tablecore) plays with.
package sichuan
