package hand_test

import (
	"errors"
	"slices"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// fuzzInput turns fuzz bytes into counts (each byte one tile, b%34, so
// five copies and too many tiles happen) and options.
func fuzzInput(tiles []byte, wild int8, flags uint8) (tile.Counts, hand.Options) {
	var c tile.Counts
	for _, b := range tiles {
		c[b%tile.NumKinds]++
	}
	o := hand.Options{Wildcards: int(wild)}
	if flags&1 != 0 {
		o.Shapes = all
	}
	o.FourAsTwoPairs = flags&2 != 0
	if flags&4 != 0 {
		o.PairOnly = mask258
	}
	if flags&8 != 0 {
		o.WildNever = hand.MaskOf(tile.Green, tile.Red)
	}
	return c, o
}

func isInputError(err error) bool {
	return errors.Is(err, hand.ErrTileCount) || errors.Is(err, hand.ErrTooManyCopies) || errors.Is(err, hand.ErrWildcards)
}

// FuzzAnalysis: no input panics; bad input is one of the sentinel errors;
// arrangements rebuild the hand and, with at most one wildcard, equal the
// reference; Complete agrees with Arrangements; without wildcards Waits
// equals brute force; Waits and Shanten agree on tenpai.
func FuzzAnalysis(f *testing.F) {
	add := func(s string, wild int8, flags uint8) {
		var bs []byte
		for _, k := range tile.Kinds(tile.MustParse(s)) {
			bs = append(bs, byte(k))
		}
		f.Add(bs, wild, flags)
	}
	add("123m456p789s11122z", 0, 0)
	add("11223344556677m", 0, 3)
	add("119m19p19s1234567z", 0, 1)
	add("147m258p369s12345z", 0, 1)
	add("123m456p789s112z", 2, 8)
	add("1112345678999m", 0, 0)
	add("234m567p2s", 1, 12)
	add("1m", 4, 0)
	f.Add([]byte{0, 0, 0, 0, 0}, int8(0), uint8(0))
	f.Add([]byte{}, int8(-3), uint8(0))
	f.Fuzz(func(t *testing.T, tiles []byte, wild int8, flags uint8) {
		if len(tiles) > 40 {
			return
		}
		c, o := fuzzInput(tiles, wild, flags)
		as, err := hand.Arrangements(c, o)
		if err != nil && !isInputError(err) {
			t.Fatalf("Arrangements(%v, %+v): %v", c, o, err)
		}
		if h := hand.Count(&c); h.Complete(&o) != hand.Complete(&c, &o) {
			t.Fatalf("Counted.Complete(%v, %+v) disagrees with Complete", c, o)
		}
		if err == nil {
			if hand.Complete(&c, &o) != (len(as) > 0) {
				t.Fatalf("Complete(%v, %+v) disagrees with %d arrangements", c, o, len(as))
			}
			var got []string
			for _, a := range as {
				checkRebuild(t, c, o, a)
				got = append(got, formatKinds(a))
			}
			if o.Wildcards <= 1 {
				slices.Sort(got)
				if want := refArrangements(c, o); joinLines(got) != joinLines(want) {
					t.Fatalf("Arrangements(%v, %+v) =\n%s\nreference:\n%s", c, o, joinLines(got), joinLines(want))
				}
			}
		}
		ws, werr := hand.Waits(c, o)
		if werr != nil && !isInputError(werr) {
			t.Fatalf("Waits: %v", werr)
		}
		if werr == nil && o.Wildcards == 0 {
			if g, w := waitString(ws), refWaits(c, o); g != w {
				t.Fatalf("Waits(%v, %+v) = %q, brute force %q", c, o, g, w)
			}
		}
		s, serr := hand.Shanten(c, o)
		if serr != nil && !isInputError(serr) {
			t.Fatalf("Shanten: %v", serr)
		}
		if werr == nil && serr == nil && o.WildNever == 0 && o.PairOnly == 0 && o.Shapes&^hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans) == 0 {
			if (s == 0) != (len(ws) > 0) {
				t.Fatalf("Shanten(%v, %+v) = %d with %d waits", c, o, s, len(ws))
			}
		}
	})
}
