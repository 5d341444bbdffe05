package hand

import "jantaku/rules/tile"

// Sets are the sets and pair of a standard decomposition as masks of
// kinds: what a scorer whose yaku test the sets by kind (a sequence of
// each suit at one rank, a triplet of dragons...) reads in place of a walk
// over the groups. A kind holds at most one triplet but may start up to
// four identical sequences: Sequences and OddSequences with NumSequences
// tell how many (two identical ones are NumSequences − |OddSequences|
// over two, when every sequence is one of a pair or alone).
type Sets struct {
	Sequences    Mask // kinds that start one or more sequences (the lowest tile)
	OddSequences Mask // kinds that start an odd number of sequences
	Triplets     Mask // kinds of the triplets
	NumSequences int  // the sequences, repeats counted
	Pair         tile.Kind
}

// Sets returns the sets and the pair of d, a Standard decomposition (of
// another shape, its sequences and triplets, and its last pair group). The
// reading tables give them with the decomposition; others, and hands of a
// pair alone, are read from the groups.
func (d *Decomposition) Sets() Sets {
	if d.seqs == 0 && d.trips == 0 {
		return d.setsOfGroups()
	}
	return Sets{
		Sequences:    Mask(d.seqs) & suitedMask,
		OddSequences: Mask(d.seqs >> 32),
		Triplets:     d.trips,
		NumSequences: int(d.nseq),
		Pair:         d.pair,
	}
}

// setsOfGroups is Sets read from d's groups.
func (d *Decomposition) setsOfGroups() Sets {
	var s Sets
	for _, g := range d.Groups() {
		bit := Mask(1) << g.Tile
		switch g.Kind {
		case Sequence:
			s.Sequences |= bit
			s.OddSequences ^= bit
			s.NumSequences++
		case Triplet:
			s.Triplets |= bit
		case Pair:
			s.Pair = g.Tile
		}
	}
	return s
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
