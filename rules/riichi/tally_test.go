package riichi

import (
	"math/rand/v2"
	"testing"

	"jantaku/internal/difftest"
	"jantaku/rules/tile"
)

// sumsOfSets is what the standard reading's yaku read from its sets,
// counted set by set as the scorer did before the tally's masks.
type sumsOfSets struct {
	seqs, trips, kongs, anko, peiko int
	dragonTrips, windTrips          int
	chantaOK                        bool
	sanshoku, ittsu, doukou         bool
}

func sumsBySet(sets [4]set, pair tile.Kind) sumsOfSets {
	var (
		r                 = sumsOfSets{chantaOK: pair.IsTerminalOrHonor()}
		seqMask, tripMask [3]uint16
		seqCount          [tile.NumKinds]uint8
	)
	for _, st := range sets {
		termOrHonor := st.tile.IsTerminalOrHonor()
		if st.kind == seqSet {
			termOrHonor = st.tile%9 == 0 || st.tile%9 == 6
		}
		if !termOrHonor {
			r.chantaOK = false
		}
		switch st.kind {
		case seqSet:
			r.seqs++
			seqMask[st.tile/9] |= 1 << (st.tile % 9)
			seqCount[st.tile]++
			r.peiko += int(1 - seqCount[st.tile]&1)
			continue
		case kongSet:
			r.kongs++
		}
		r.trips++
		if st.concealed {
			r.anko++
		}
		switch {
		case st.tile.IsSuited():
			tripMask[st.tile/9] |= 1 << (st.tile % 9)
		case st.tile.IsDragon():
			r.dragonTrips++
		default:
			r.windTrips++
		}
	}
	r.sanshoku = seqMask[0]&seqMask[1]&seqMask[2] != 0
	r.doukou = tripMask[0]&tripMask[1]&tripMask[2] != 0
	for _, m := range seqMask {
		r.ittsu = r.ittsu || m&0b1001001 == 0b1001001
	}
	return r
}

func sumsByTally(sets [4]set, pair tile.Kind) sumsOfSets {
	var t tally
	for _, st := range sets {
		t.add(st)
	}
	return sumsOfSets{
		seqs: int(t.seqs), trips: int(t.trips), kongs: int(t.kongs), anko: int(t.anko), peiko: int(t.peiko),
		dragonTrips: t.dragons(), windTrips: t.winds(), chantaOK: t.chanta(pair),
		sanshoku: t.sanshoku(), ittsu: t.ittsu(), doukou: t.doukou(),
	}
}

// possible reports whether the sets and the pair hold no kind more than
// four times.
func possible(sets [4]set, pair tile.Kind) bool {
	var c tile.Counts
	c[pair] += 2
	for _, st := range sets {
		switch st.kind {
		case seqSet:
			c[st.tile]++
			c[st.tile+1]++
			c[st.tile+2]++
		case tripSet:
			c[st.tile] += 3
		default:
			c[st.tile] += 4
		}
	}
	for _, v := range c {
		if v > 4 {
			return false
		}
	}
	return true
}

// TestTallyMatchesSets: the tally's masks and counts give what the sets
// counted one by one give, on seeded random readings (sets drawn from a
// few kinds, so that identical sequences, three colours and straights
// come often; draws holding a kind more than four times are skipped).
// JANTAKU_DIFF_HANDS sets the number of draws.
func TestTallyMatchesSets(t *testing.T) {
	n := difftest.Hands(t, 30000, 5000)
	r := rand.New(rand.NewPCG(24, 60))
	kind := func() tile.Kind {
		if r.IntN(4) == 0 {
			return tile.Kind(r.IntN(tile.NumKinds))
		}
		// 1, 4 and 7 of each suit, and the winds and dragons' first.
		return tile.Kind([]int{0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 31}[r.IntN(11)])
	}
	for i := range n {
		var sets [4]set
		for j := range sets {
			k := kind()
			switch r.IntN(3) {
			case 0:
				if k.IsSuited() && k%9 <= 6 {
					sets[j] = set{kind: seqSet, tile: k}
					continue
				}
				fallthrough
			case 1:
				sets[j] = set{kind: tripSet, tile: k, concealed: r.IntN(2) == 0}
			default:
				sets[j] = set{kind: kongSet, tile: k, concealed: r.IntN(2) == 0}
			}
		}
		pair := kind()
		if !possible(sets, pair) {
			continue
		}
		if got, want := sumsByTally(sets, pair), sumsBySet(sets, pair); got != want {
			t.Fatalf("reading %d, sets %+v pair %v: tally %+v, set by set %+v", i, sets, pair, got, want)
		}
	}
}
