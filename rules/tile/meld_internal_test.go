package tile

import (
	"math/rand/v2"
	"testing"
)

// TestMeldValidAsCheckError: Valid (valid, Check's short test) says yes
// exactly when checkError, which words each fault, finds none.
func TestMeldValidAsCheckError(t *testing.T) {
	try := func(m Meld) {
		t.Helper()
		if got, want := m.Valid(), m.checkError() == nil; got != want {
			t.Fatalf("%v (type %d, from %d, kinds %v): Valid %v, checkError nil %v", m.Tiles, m.Type, m.From, kindsOf(m.Tiles), got, want)
		}
	}
	// Every three kinds, past the flowers too, as a chi and as a pon.
	const top = NumAll + 4
	ts := make([]Tile, 3)
	for a := range Kind(top) {
		for b := range Kind(top) {
			for c := range Kind(top) {
				ts[0].Kind, ts[1].Kind, ts[2].Kind = a, b, c
				try(Meld{Type: Chi, Tiles: ts, From: 3})
				try(Meld{Type: Pon, Tiles: ts, From: 1})
			}
		}
	}
	// Seeded random melds of every type, source and length, most of them
	// near a good one: one kind repeated, or a run.
	r := rand.New(rand.NewPCG(24, 1))
	for range 200000 {
		n := r.IntN(6)
		ts := make([]Tile, n)
		k := Kind(r.IntN(top))
		for i := range ts {
			switch r.IntN(4) {
			case 0:
				ts[i].Kind = Kind(r.IntN(top))
			case 1:
				ts[i].Kind = k + Kind(i)
			default:
				ts[i].Kind = k
			}
		}
		try(Meld{Type: MeldType(r.IntN(6)), Tiles: ts, From: r.IntN(6) - 1})
	}
}

func kindsOf(ts []Tile) []Kind {
	ks := make([]Kind, len(ts))
	for i, t := range ts {
		ks[i] = t.Kind
	}
	return ks
}
