package mcr_test

import (
	"reflect"
	"strings"
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// corpusNotation writes a worked example in hand notation: its concealed
// tiles, its melds and its flowers (1f, 2f, ...).
func corpusNotation(h mcr.Hand) string {
	var conc []tile.Tile
	for k, n := range h.Concealed {
		for range n {
			conc = append(conc, tile.Tile{Kind: tile.Kind(k)})
		}
	}
	s := tile.Hand{Concealed: conc, Melds: h.Melds}.String()
	var f strings.Builder
	for i := range h.Flowers {
		f.WriteString(string(rune('1'+i)) + "f")
	}
	return s + " " + f.String()
}

// TestHandParser: the corpus's worked examples written in notation read
// back, by ParseHand and by a reused HandParser, as the hands they are;
// a reused HandParser and Scorer read and score each with no allocation.
// Skipped without the corpus.
func TestHandParser(t *testing.T) {
	cases := loadCorpus(t)
	o := corpusOptions()
	var p mcr.HandParser
	var z mcr.Scorer
	for i, c := range cases {
		want, cond := corpusHand(t, c)
		s := corpusNotation(want)
		got, err := mcr.ParseHand(s)
		if err != nil {
			t.Fatalf("case %d: ParseHand(%q): %v", i, s, err)
		}
		if got.Concealed != want.Concealed || got.Flowers != want.Flowers || len(got.Melds) != len(want.Melds) {
			t.Fatalf("case %d: ParseHand(%q) = %+v, want %+v", i, s, got, want)
		}
		for j, m := range got.Melds {
			w := want.Melds[j]
			if m.Type != w.Type || m.From != w.From || !reflect.DeepEqual(tile.Kinds(m.Tiles), tile.Kinds(w.Tiles)) {
				t.Fatalf("case %d: ParseHand(%q) meld %d = %v, want %v", i, s, j, m, w)
			}
		}
		again, err := p.Parse(s)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("case %d: HandParser.Parse(%q) = %+v, %v; ParseHand gives %+v", i, s, again, err, got)
		}
		if n := testing.AllocsPerRun(3, func() {
			h, err := p.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			z.Score(h, cond, o)
		}); n != 0 {
			t.Fatalf("case %d: %v allocations to read and score a hand", i, n)
		}
	}
	if _, err := p.Parse("123m(pon 555z"); err == nil {
		t.Fatal("HandParser.Parse accepted an unclosed meld")
	}
}
