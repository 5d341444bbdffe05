// Package hand analyses mahjong hands for every ruleset: all arrangements of
// a complete hand into sets and a pair (and the special shapes), waits,
// shanten, and wildcards. It works on tile.Counts of the concealed tiles;
// melds are the caller's business.
//
// A concealed part holds 14−3k tiles when complete and 13−3k when waiting,
// k being the number of melds; wildcards (Options.Wildcards) count among
// them but are not in the counts. A wildcard may stand for any kind but
// those in Options.WildNever, a fifth copy included (spec/wuhan.md §5).
// Bad input is an error (ErrTileCount, ErrTooManyCopies, ErrWildcards),
// never a panic.
//
// Decompose is the one decomposition core every ruleset's scorer reads
// its hands with: the readings as Decomposition values (no pointers)
// appended to a buffer the caller keeps on its stack, so that reading a
// hand allocates nothing; Arrangements is the same copied to the heap.
// AppendWaits is Waits into a caller's buffer; CountWaits only counts
// them, up to a limit. Masks gives the facts of a whole hand (kinds held,
// held four times) as masks that a scorer tests against the kind
// families (SuitedKinds, HonorKinds, TerminalKinds...) instead of scanning
// the counts for each fact. Counted is a hand read once: its tile count,
// masks and suit keys, from which its Decompose and CountWaits start,
// and Less gives the same for the hand less one tile (a scorer's hand
// before its winning tile) without reading the counts again. FindStandard finds one
// reading with a property (a pair rule, wildcard bans, all triplets)
// without reading the hand every way: with wildcards it treats them as a
// count that the per-suit need table checks at every step.
//
// The hot paths read each numbered suit through tables keyed by the
// suit's nine counts, built once on first use and read-only after (about
// 2 MB for the complete check, 1.6 MB for shanten, a few hundred kB for
// the readings); the searches they shortcut remain for the cases the
// tables do not cover, and hold their state in fixed arrays.
package hand
