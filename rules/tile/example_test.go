package tile_test

import (
	"errors"
	"fmt"

	"jantaku/rules/tile"
)

func ExampleParse() {
	ts, err := tile.Parse("406p 77z")
	if err != nil {
		panic(err)
	}
	for _, t := range ts {
		fmt.Println(t, t.Kind.Han(), t.Red)
	}
	fmt.Println(tile.Format(ts))
	// Output:
	// 4p 四筒 false
	// 0p 五筒 true
	// 6p 六筒 false
	// 7z 中 false
	// 7z 中 false
	// 406p77z
}

func ExampleParse_error() {
	_, err := tile.Parse("123m8z")
	var pe *tile.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Pos, pe.Char, errors.Is(err, tile.ErrSyntax))
	}
	fmt.Println(err)
	// Output:
	// 5 8z true
	// tile: "123m8z": position 5 ("8z"): honours are 1z–7z
}

func ExampleParseHand() {
	h, err := tile.ParseHand("23m55p (chi 324p<3) [ankan 3333s] 1f")
	if err != nil {
		panic(err)
	}
	fmt.Println(tile.Format(h.Concealed))
	for _, m := range h.Melds {
		fmt.Println(m.Type, m.Base(), m.Open())
	}
	fmt.Println(tile.Format(h.Flowers), h)
	// Output:
	// 23m55p
	// chi 2p true
	// ankan 3s false
	// 1f 23m55p (chi 324p<3) [ankan 3333s] 1f
}

func ExampleSet_Contains() {
	set, _ := tile.Standard(1)
	fmt.Println(set.Size(), set.Contains(tile.Tile{Kind: tile.P5, Red: true}), set.Contains(tile.Tile{Kind: tile.M5, Red: true}))
	// Output: 136 true false
}

func ExampleHandParser() {
	// One parser for many hands: each Hand is valid until the next Parse.
	var p tile.HandParser
	for _, s := range []string{"123m456p789s11z (pon 555z<1)", "19m19p19s1234567z1m 1f"} {
		h, err := p.Parse(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(len(h.Concealed), len(h.Melds), len(h.Flowers), h)
	}
	// Output:
	// 11 1 0 123m456p789s11z (pon 555z<1)
	// 14 0 1 19m19p19s1234567z1m 1f
}
