package shanghai

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"jantaku/rules/tile"
)

// TestChowPatternsAsBefore compares chowPatterns with the walk over all 34
// kinds it replaced (chowPatternsByCounts, kept here as the reference) on
// seeded random readings of up to eight sets, most of them chows.
func TestChowPatternsAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	for range n {
		var rd reading
		for range r.IntN(9) {
			if r.IntN(5) == 0 {
				rd.addSet(set{kind: tile.Kind(r.IntN(tile.NumKinds))})
				continue
			}
			// Chows cluster on few ranks so that doubles, triples and
			// straights come up often.
			rank := []int{0, 3, 6, r.IntN(7)}[r.IntN(4)]
			rd.addSet(set{seq: true, kind: tile.Kind(9*r.IntN(3) + rank)})
		}
		for _, lbg := range []LiangBanGao{LBGUnion, LBGThreeIdentical, LBGTwoPairs} {
			got := chowPatterns(nil, &rd, lbg)
			want := chowPatternsByCounts(nil, &rd, lbg)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("sets %v, %s: got %v, want %v", rd.sets(), lbg, got, want)
			}
		}
	}
}

// TestFactsAsBefore compares factsOf with the facts read off the hand's
// counts, as before, on seeded random hands.
func TestFactsAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	for range 20000 {
		var h tile.Hand
		for range r.IntN(15) {
			h.Concealed = append(h.Concealed, tile.Tile{Kind: tile.Kind(r.IntN(tile.NumAll))})
		}
		if r.IntN(2) == 0 {
			k := tile.Kind(r.IntN(tile.NumKinds))
			h.Melds = append(h.Melds, tile.Meld{Type: tile.Pon, Tiles: []tile.Tile{{Kind: k}, {Kind: k}, {Kind: k}}, From: 1})
		}
		if got, want := factsOf(h), factsByCounts(h); got != want {
			t.Fatalf("%v: got %+v, want %+v", h, got, want)
		}
	}
}

func factsByCounts(h tile.Hand) facts {
	var f facts
	for k, n := range h.Counts() {
		if n == 0 {
			continue
		}
		kk := tile.Kind(k)
		switch {
		case kk.IsSuited():
			f.suits[kk.Suit()] = true
		case kk.IsWind():
			f.winds = true
		case kk.IsDragon():
			f.dragons = true
		}
		if kk.IsTerminalOrHonor() {
			f.terms = true
		}
	}
	for _, b := range f.suits {
		if b {
			f.nsuits++
		}
	}
	f.honors = f.winds || f.dragons
	return f
}
func chowPatternsByCounts(items []Item, r *reading, lbg LiangBanGao) []Item {
	var n [tile.NumKinds]int
	for _, x := range r.sets() {
		if x.seq {
			n[x.kind]++
		}
	}
	add := func(name Name, tai int, k tile.Kind) {
		items = append(items, Item{Name: name, Tai: tai, Tiles: kindRun(k, 3)})
	}
	// Identical chows.
	var pairBuf [4]tile.Kind
	triple, pairs := tile.Kind(0), pairBuf[:0]
	hasTriple := false
	for k, c := range n {
		if c >= 3 {
			triple, hasTriple = tile.Kind(k), true
		}
		for range c / 2 {
			pairs = append(pairs, tile.Kind(k))
		}
	}
	switch lbg {
	case LBGUnion:
		switch {
		case hasTriple:
			add(TwoPureDoubles, 2, triple)
		case len(pairs) >= 2:
			add(TwoPureDoubles, 2, pairs[0])
		case len(pairs) == 1:
			add(PureDouble, 1, pairs[0])
		}
	case LBGThreeIdentical:
		if hasTriple {
			add(TwoPureDoubles, 2, triple)
		} else {
			for _, k := range pairs {
				add(PureDouble, 1, k)
			}
		}
	case LBGTwoPairs:
		switch {
		case len(pairs) >= 2:
			add(TwoPureDoubles, 2, pairs[0])
		case len(pairs) == 1:
			add(PureDouble, 1, pairs[0])
		}
	}
	// The same chow in other suits.
	for rank := range 7 {
		var c [3]int
		for s := range 3 {
			c[s] = n[s*9+rank]
		}
		switch {
		case c[0] > 0 && c[1] > 0 && c[2] > 0:
			add(MixedTriple, 2, tile.Kind(rank))
		default:
			for a := range 3 {
				for b := a + 1; b < 3; b++ {
					for range min(c[a], c[b]) {
						add(MixedDouble, 1, tile.Kind(a*9+rank))
					}
				}
			}
		}
	}
	// Straights.
	for s := range 3 {
		base := tile.Kind(9 * s)
		if n[base] > 0 && n[base+3] > 0 && n[base+6] > 0 {
			items = append(items, Item{Name: PureStraight, Tai: 2})
		}
	}
	for _, p := range [...][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		if n[9*p[0]] > 0 && n[9*p[1]+3] > 0 && n[9*p[2]+6] > 0 {
			items = append(items, Item{Name: MixedStraight, Tai: 1})
			break
		}
	}
	return items
}
