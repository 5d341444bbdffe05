package tile

import "testing"

// TestKindTables: Suit, Rank and IsTerminal, read from tables, for every
// value a Kind can hold, against the kinds counted out in order: three
// suits of nine, four winds, three dragons, then the flowers; values past
// the flowers, which no tile has, go on counting as flowers, as they
// always did.
func TestKindTables(t *testing.T) {
	groups := []struct {
		suit Suit
		n    int
	}{{Man, 9}, {Pin, 9}, {Sou, 9}, {Wind, 4}, {Dragon, 3}, {Flower, 256 - int(Spring)}}
	v := 0
	for _, g := range groups {
		for r := 1; r <= g.n; r++ {
			k := Kind(v)
			if got := k.Suit(); got != g.suit {
				t.Errorf("Kind(%d).Suit() = %d, want %d", v, got, g.suit)
			}
			if got := k.Rank(); got != r {
				t.Errorf("Kind(%d).Rank() = %d, want %d", v, got, r)
			}
			want := g.suit <= Sou && (r == 1 || r == 9)
			if got := k.IsTerminal(); got != want {
				t.Errorf("Kind(%d).IsTerminal() = %v, want %v", v, got, want)
			}
			v++
		}
	}
	if v != 256 {
		t.Fatalf("counted %d kinds, want 256", v)
	}
}
