package riichi_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// The indicators' wall positions, counted by hand from the end of the
// wall in draw order (riichi.md §4.3): four players keep two stacks of
// replacement tiles (positions 132–135) and turn the third stack's upper
// tile, 130, then 128, 126, 124, 122; three players keep four stacks
// (100–107) and turn the fifth stack's, 98, then 96, 94, 92, 90.
func TestDoraIndex(t *testing.T) {
	for _, c := range []struct {
		size, players int
		want          []int
	}{
		{136, 4, []int{130, 128, 126, 124, 122}},
		{108, 3, []int{98, 96, 94, 92, 90}},
	} {
		var got []int
		for n := range 5 {
			got = append(got, riichi.DoraIndex(c.size, c.players, n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%d tiles, %d players: indicators at %v, want %v", c.size, c.players, got, c.want)
		}
	}
	if riichi.Replacements(4) != 4 || riichi.Replacements(3) != 8 {
		t.Errorf("replacement tiles %d and %d, want 4 and 8", riichi.Replacements(4), riichi.Replacements(3))
	}
}

// Three players: the dealer sets four norths aside and declares a closed
// kong, five replacement tiles. They come from the four stacks at the
// split end, upper tile first (positions 106, 107, 104, 105, then 102,
// the third stack's upper tile), never from the dora indicator at 98;
// the kong turns the
// indicator at 96; and every replacement moves a live tile into the dead
// wall, so 108 − 40 dealt and drawn − 5 − 14 = 49 live tiles are left.
func TestSanmaFifthReplacement(t *testing.T) {
	o, err := riichi.TablePreset("sanma")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, []string{
		"4444z1111p234s567s",
		"1199m2233p4455p1z",
		"6677p8899p2233s2z",
	}, "", "5p6p7p8p9s")
	if err != nil {
		t.Fatal(err)
	}
	fifth := w[102]
	if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	if !slices.Equal(h.Indicators, []int{98}) || h.Wall.Remaining() != 54 {
		t.Fatalf("indicators at %v, %d live tiles left; want [98] and 54", h.Indicators, h.Wall.Remaining())
	}
	for k := range 4 {
		var kita game.Action
		for _, a := range g.Legal(0) {
			if a.Kind == game.Flower {
				kita = a
			}
		}
		if kita.Kind != game.Flower {
			t.Fatalf("north %d: no kita among %v", k+1, g.Legal(0))
		}
		do(t, g, kita)
		next(t, g)
	}
	var kan game.Action
	for _, a := range g.Legal(0) {
		if a.Kind == game.ClosedKan {
			kan = a
		}
	}
	if kan.Kind != game.ClosedKan {
		t.Fatalf("no closed kong among %v", g.Legal(0))
	}
	do(t, g, kan)
	if got := next(t, g); got != fifth {
		t.Fatalf("the fifth replacement is %s, want %s from position 102", got, fifth)
	}
	h = g.Hand()
	if h.Wall.Tail != 5 || !slices.Equal(h.Indicators, []int{98, 96}) || h.Wall.Remaining() != 49 {
		t.Fatalf("%d replacements, indicators at %v, %d live tiles left; want 5, [98 96], 49", h.Wall.Tail, h.Indicators, h.Wall.Remaining())
	}
}
