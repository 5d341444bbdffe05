package mcr_test

import (
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// FuzzScore: any hand notation with any winning tile and conditions is
// scored or refused with an error, never a panic, and a result adds up.
func FuzzScore(f *testing.F) {
	for _, e := range append(append([]specExample{}, simplifiedExamples...), officialExamples...) {
		f.Add(e.hand, uint8(tile.MustParse(e.win)[0].Kind), uint8(0), e.tsumo)
	}
	f.Add("1112345678999s1s", uint8(tile.S1), uint8(0xff), true)
	f.Add("45m88s6m[ankan 5555z][ankan 6666z](chi 123p<3)", uint8(tile.M6), uint8(3), false)
	f.Fuzz(func(t *testing.T, s string, win, flags uint8, tsumo bool) {
		h, err := mcr.ParseHand(s)
		if err != nil {
			return
		}
		c := mcr.Conditions{
			Win: tile.Kind(win), SelfDrawn: tsumo,
			LastCopy: flags&1 != 0, LastTile: flags&2 != 0, Replacement: flags&4 != 0, Robbing: flags&8 != 0,
			Prevalent: tile.East + tile.Kind(flags>>4&3), Seat: tile.East + tile.Kind(flags>>6),
		}
		for _, o := range []mcr.Options{mcr.Official(), mcr.Simplified()} {
			r, err := mcr.Score(h, c, o)
			if err != nil {
				continue
			}
			sum := 0
			for _, x := range r.Fans {
				sum += x.Count * x.Points
			}
			if sum != r.Total || len(r.Fans) == 0 && o.Fans == mcr.FansOfficial {
				t.Fatalf("%q: %+v", s, r)
			}
		}
	})
}
