// Package game is the vocabulary the referee (tablecore) and the rulesets
// share: seats, actions, the state of a hand as a ruleset sees it, effects
// and payments, and the Ruleset interface each ruleset package implements.
//
// The referee owns the mechanics every ruleset has in common (wall, turns,
// draws, discards, calls, claim windows); a Ruleset decides what is legal
// beyond the mechanics, what a win is worth, what else happens after an
// action (indicators, kong payments, abortive draws), how a hand is settled
// and what the next hand is. Abilities only some rulesets have (flowers,
// wildcards, a missing suit, riichi) are data in Rules or action kinds that
// the other rulesets reject.
package game
