package wuhan_test

import (
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

// ks parses mpsz notation into kinds ("W" is not notation: write the
// wildcard's own tile).
func ks(t testing.TB, s string) []tile.Kind {
	t.Helper()
	if s == "" {
		return nil
	}
	ts, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile.Kinds(ts)
}

func k1(t testing.TB, s string) tile.Kind { return ks(t, s)[0] }

// ms parses melds in hand notation: "(chi 123m<3) [ankan 9999s]".
func ms(t testing.TB, s string) []tile.Meld {
	t.Helper()
	if s == "" {
		return nil
	}
	h, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h.Melds
}

// payer builds a payer from its melds and specials.
func payer(t testing.TB, dealer bool, melds, specials string) wuhan.Player {
	return wuhan.Player{Dealer: dealer, Melds: ms(t, melds), Specials: ks(t, specials)}
}

// Common payer fan used by the vectors.
const (
	opened = "(chi 678s<3)"
	ankan  = "[ankan 9999s]"
)

func preset(t testing.TB, name string) wuhan.Options {
	t.Helper()
	o, err := wuhan.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// at returns the share of seat s.
func at(t testing.TB, r wuhan.Result, s game.Seat) wuhan.Share {
	t.Helper()
	for _, sh := range r.Shares {
		if sh.Seat == s {
			return sh
		}
	}
	t.Fatalf("no share for seat %d", s)
	return wuhan.Share{}
}
