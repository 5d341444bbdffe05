package tile

import "testing"

// The switches Suit, Rank and IsTerminal were before they read tables,
// kept as the reference.

func refSuit(k Kind) Suit {
	switch {
	case k < East:
		return Suit(k / 9)
	case k < White:
		return Wind
	case k < Spring:
		return Dragon
	default:
		return Flower
	}
}

func refRank(k Kind) int {
	switch {
	case k < East:
		return int(k%9) + 1
	case k < White:
		return int(k-East) + 1
	case k < Spring:
		return int(k-White) + 1
	default:
		return int(k-Spring) + 1
	}
}

func refIsTerminal(k Kind) bool {
	if !k.IsSuited() {
		return false
	}
	r := k % 9
	return r == 0 || r == 8
}

// TestKindTablesAsSwitch: Suit, Rank and IsTerminal by the tables answer
// as the switches did, for every value a Kind can hold, the invalid ones
// included.
func TestKindTablesAsSwitch(t *testing.T) {
	for v := range 256 {
		k := Kind(v)
		if got, want := k.Suit(), refSuit(k); got != want {
			t.Errorf("Kind(%d).Suit() = %d, want %d", v, got, want)
		}
		if got, want := k.Rank(), refRank(k); got != want {
			t.Errorf("Kind(%d).Rank() = %d, want %d", v, got, want)
		}
		if got, want := k.IsTerminal(), refIsTerminal(k); got != want {
			t.Errorf("Kind(%d).IsTerminal() = %v, want %v", v, got, want)
		}
	}
}
