// Package hand analyses mahjong hands for every ruleset: all arrangements of
// a complete hand into sets and a pair (and the special shapes), waits,
// shanten, and wildcards. It works on tile.Counts of the concealed tiles;
// melds are the caller's business.
package hand
