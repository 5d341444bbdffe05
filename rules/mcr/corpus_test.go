package mcr_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"

	"jantaku/internal/corpustest"
)

// The corpus of worked examples (../shared/corpus/mcr_fan_examples.json,
// see its SOURCES.md): hand-written fan lists from the author of
// ChineseOfficialMahjongHelper. Read in place, never copied.

type corpusCase = corpustest.MCRCase

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	return corpustest.MCR(t)
}

// corpusKind reads a corpus tile: its dragons are 5z red, 6z green, 7z
// white, the opposite order of ours (spec/mcr.md §0.1).
func corpusKind(t testing.TB, s string) tile.Kind {
	t.Helper()
	switch s {
	case "5z":
		s = "7z"
	case "7z":
		s = "5z"
	}
	ts, err := tile.Parse(s)
	if err != nil || len(ts) != 1 {
		t.Fatalf("corpus tile %q: %v", s, err)
	}
	return ts[0].Kind
}

func corpusWind(t testing.TB, w *string) tile.Kind {
	if w == nil {
		return tile.East
	}
	i := strings.Index("ESWN", *w)
	if i < 0 || len(*w) != 1 {
		t.Fatalf("corpus wind %q", *w)
	}
	return tile.East + tile.Kind(i)
}

// corpusHand converts a case to a hand and conditions.
func corpusHand(t testing.TB, c corpusCase) (mcr.Hand, mcr.Conditions) {
	var h mcr.Hand
	copies := map[tile.Kind]uint8{}
	mk := func(k tile.Kind) tile.Tile {
		u := tile.Tile{Kind: k, Copy: copies[k]}
		copies[k]++
		return u
	}
	for _, m := range c.Melds {
		var tm tile.Meld
		switch m.Type {
		case "chow":
			tm.Type, tm.From = tile.Chi, 3
		case "pung":
			tm.Type, tm.From = tile.Pon, 1
		case "melded_kong":
			tm.Type, tm.From = tile.Kan, 2
		case "concealed_kong":
			tm.Type = tile.ClosedKan
		default:
			t.Fatalf("case %d: meld type %q", c.ID, m.Type)
		}
		for _, s := range m.Tiles {
			tm.Tiles = append(tm.Tiles, mk(corpusKind(t, s)))
		}
		h.Melds = append(h.Melds, tm)
	}
	for _, s := range c.Concealed {
		h.Concealed[corpusKind(t, s)]++
	}
	win := corpusKind(t, c.WinTile)
	h.Concealed[win]++
	h.Flowers = c.Flowers
	return h, mcr.Conditions{
		Win: win, SelfDrawn: c.SelfDrawn,
		Prevalent: corpusWind(t, c.PrevalentWind), Seat: corpusWind(t, c.SeatWind),
	}
}

// corpusOptions are the official rules as the corpus's author counts
// them: 双暗杠 at its 1998 value of 6 (cases 90, 91) and 明暗杠 5 for one
// concealed and one melded kong (case 54): mcr_edition = cn1998 and
// mixed_kongs_5, both options of the spec (D-MC-11, D-MC-12).
func corpusOptions() mcr.Options {
	o := mcr.Official()
	o.Edition = mcr.EditionCN1998
	o.MixedKongs5 = true
	return o
}

// corpusExclusions are the cases whose fan lists the engine does not
// reproduce, and why. Their totals are still checked unless noted.
var corpusExclusions = map[int]string{
	9: "D-MC-14: no 幺九刻 with 九莲宝灯 (spec S19); the author counts one, total 92 against our 91",
	124: "account-once trimming (§8.2): four chow pairs 123m·789m·123s·789s keep three; the author keeps 老少副×2 喜相逢×1, " +
		"the engine (as spec O3 and the reference implementation) 喜相逢×2 老少副×1; same total",
}

type fanCount struct {
	fan   mcr.Fan
	count int
}

func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	o := corpusOptions()
	agree := 0
	for _, c := range cases {
		t.Run(fmt.Sprintf("case%03d", c.ID), func(t *testing.T) {
			h, cond := corpusHand(t, c)
			var want []fanCount
			for _, f := range c.Fans {
				fan, ok := mcr.ParseFan(f.Zh)
				if !ok {
					fan, ok = mcr.ParseFan(f.En)
				}
				if !ok {
					t.Fatalf("case %d: unknown fan %s %s", c.ID, f.Zh, f.En)
				}
				want = append(want, fanCount{fan, f.Count})
			}
			r, err := mcr.Score(h, cond, o)
			if err != nil {
				t.Fatalf("case %d %s: %v", c.ID, c.Source, err)
			}
			var got []fanCount
			for _, s := range r.Fans {
				got = append(got, fanCount{s.Fan, s.Count})
			}
			cmp := func(a, b fanCount) int { return int(a.fan) - int(b.fan) }
			slices.SortFunc(want, cmp)
			slices.SortFunc(got, cmp)
			same := slices.Equal(got, want) && r.Total == c.Total
			if why, ok := corpusExclusions[c.ID]; ok {
				if same {
					t.Errorf("case %d is listed as an exclusion (%s) but now agrees", c.ID, why)
				}
				if c.ID != 9 && r.Total != c.Total {
					t.Errorf("case %d (%s): total %d, want %d", c.ID, c.Source, r.Total, c.Total)
				}
				return
			}
			if !same {
				t.Errorf("case %d %s\n got %d %v\nwant %d %v", c.ID, c.Source, r.Total, r.Fans, c.Total, want)
				return
			}
			agree++
		})
	}
	t.Logf("corpus: %d of %d cases agree (fans and total); %d listed exclusions", agree, len(cases), len(corpusExclusions))
}
