// Package shanghai is old Shanghai mahjong (spec/shanghai.md): the four
// rules of the source, selected by Options.Variant —
//
//   - laoshi (老式): 胡 × 2^台 with an agreed base; non-winners score their
//     own pungs, value pairs and flowers, pay the winner and settle the
//     differences among themselves; the dealer's payments double (§3);
//   - liuxing (流行式): a fixed base × 2^台; the self-drawer or the
//     discarder has double payments; 清一色 fed to three exposed sets of
//     its suit is paid by the discarder alone (§4);
//   - xinshi (新式): 流行式 with seventeen more 台 and the shapes 七対子,
//     十三不搭 and 七星聚会 (§5);
//   - late80s: chips (3, +1 per flower) × 2^番, capped at 40, the
//     discarder alone pays, the winner deals next, 3組の包 (§6).
//
// Score values a described hand (Situation) and returns the items, the
// totals and every payment (a Scorer does the same in storage it keeps
// from win to win, allocating nothing); Ruleset adapts it to the referee
// (game.Ruleset), with flowers exposed at the deal and in play and
// replaced from the tail. Citations such as D-SH-14 are the spec's
// decisions.
package shanghai
