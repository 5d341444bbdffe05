package riichi_test

import (
	"fmt"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

func ExampleScore() {
	// spec/riichi.md §20 E2: South wins on 1m from West with riichi and
	// pinfu; dora 8p; 1 honba, 2 riichi sticks on the table.
	h, _ := tile.ParseHand("23m567m678p345s88s")
	w := riichi.Win{
		Concealed: append(h.Concealed, tile.Tile{Kind: tile.M1}),
		WinTile:   tile.M1,
		From:      riichi.West,
		Seat:      riichi.South,
		Round:     riichi.East,
		Riichi:    true,
		Dora:      []tile.Kind{tile.P7},
		Honba:     1,
		Deposits:  2,
	}
	r, err := riichi.Score(w, riichi.SeedRules())
	if err != nil {
		panic(err)
	}
	for _, y := range r.Yaku {
		fmt.Println(y.Yaku, y.Yaku.Japanese(), y.Han)
	}
	fmt.Println(r.Han, "han", r.Fu, "fu")
	for _, p := range r.Payments {
		fmt.Println(p)
	}
	fmt.Println("deposits", r.Deposits, "total", r.Total)
	// Output:
	// Riichi 立直 1
	// Pinfu 平和 1
	// Dora ドラ 1
	// 3 han 30 fu
	// W pays S 4200 (3900 + 300 honba)
	// deposits 2000 total 6200
}

func ExampleParseOptions() {
	o, err := riichi.ParseOptions([]byte("preset: tenhou\nkiriage: true\n"))
	fmt.Println(o.RedFives, o.Kiriage, o.MultipleRon, err)
	_, err = riichi.ParseOptions([]byte("multiple_ron: triple\n"))
	fmt.Println(err)
	// Output:
	// 3 true double_ron <nil>
	// riichi options: multiple_ron: "triple" is not one of atamahane, double_ron: bad riichi options
}
