// Package mcr is Chinese Official mahjong (MCR, 国标麻将) for the referee:
// the 81 official fans with the combination principles, flowers, the
// 8-point minimum and the official flow (spec/mcr.md §2, §8), and the
// seed's beginners' rule as the preset Simplified: its 45 fans, a 6-point
// minimum and no flowers (spec/mcr.md §1, §4–§7).
//
// Score values a described hand under given conditions (a Scorer does the
// same in storage it keeps from hand to hand); Ruleset plugs the
// rules into the referee (tablecore) and works the conditions out from
// the hand's state: 和绝张 from the tiles in view, 妙手回春 and 海底捞月
// from the wall, 杠上开花 and 抢杠和 from the log.
package mcr
