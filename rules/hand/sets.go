package hand

import "jantaku/rules/tile"

// Sets are the sets and pair of a standard decomposition as masks of
// kinds: what a scorer whose yaku test the sets by kind (a sequence of
// each suit at one rank, a triplet of dragons...) reads in place of a walk
// over the groups. A kind holds at most one triplet but may start up to
// four identical sequences: the pairs of identical sequences number
// (NumSequences − |OddSequences|) / 2.
type Sets struct {
	Sequences    Mask // kinds that start one or more sequences (the lowest tile)
	OddSequences Mask // kinds that start an odd number of sequences
	Triplets     Mask // kinds of the triplets
	NumSequences int  // the sequences, repeats counted
	Pair         tile.Kind
}

// Sets returns the sets and the pair of d, a Standard decomposition (of
// another shape, its sequences and triplets, and its last pair group), in
// one walk over its groups.
func (d *Decomposition) Sets() Sets {
	// In locals, built once: fields written group by group stay in memory.
	var seq, odd, trip Mask
	var nseq int
	var pair tile.Kind
	for _, g := range d.groups[:d.ngroups] {
		bit := Mask(1) << (g.Tile & 63) // a kind is under 64: the shift needs no test
		switch g.Kind {
		case Sequence:
			seq |= bit
			odd ^= bit
			nseq++
		case Triplet:
			trip |= bit
		case Pair:
			pair = g.Tile
		}
	}
	return Sets{Sequences: seq, OddSequences: odd, Triplets: trip, NumSequences: nseq, Pair: pair}
}

// AppendWaits appends to out the waits of the readings of win in a
// standard decomposition of sets s (Decomposition.AppendReadings), in
// their order, each kind of wait once: the sequences holding win from the
// lowest, the triplet (Shanpon), the pair (Tanki). Which of two sequences
// a Ryanmen completed is left out; a Shanpon completed the triplet of win.
func (s *Sets) AppendWaits(out []WaitKind, win tile.Kind) []WaitKind {
	if win < tile.East {
		r := win % 9
		starts := s.Sequences >> (win - r) & 0x1ff // the suit's, by rank
		ryanmen := false
		if r >= 2 && starts>>(r-2)&1 != 0 { // win ends the sequence
			if r == 2 {
				out = append(out, Penchan)
			} else {
				out, ryanmen = append(out, Ryanmen), true
			}
		}
		if r >= 1 && starts>>(r-1)&1 != 0 {
			out = append(out, Kanchan)
		}
		if starts>>r&1 != 0 { // win starts the sequence
			switch {
			case r == 6:
				out = append(out, Penchan)
			case !ryanmen:
				out = append(out, Ryanmen)
			}
		}
	}
	if s.Triplets.Has(win) {
		out = append(out, Shanpon)
	}
	if s.Pair == win {
		out = append(out, Tanki)
	}
	return out
}
