package riichi_test

import (
	"errors"
	"testing"

	"jantaku/rules/riichi"
)

// Three-player tsumo payments, worked by hand: yakuhai chun, 30 fu
// (20 + open honour pon 4 + tsumo 2 + pair wait 2, rounded up): 1 han 30
// fu, base 240. Four players: child 300, dealer 500. With three there is
// no North: its share is lost (Tenhou), or split between the payers.
func TestSanmaTsumoPayments(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seat  riichi.Wind
		rule  riichi.SanmaTsumo
		honba int
		pays  map[riichi.Wind]int
	}{
		{"child, tsumo loss", riichi.South, riichi.SanmaTsumoLoss, 0, map[riichi.Wind]int{riichi.East: 500, riichi.West: 300}},
		{"dealer, tsumo loss", riichi.East, riichi.SanmaTsumoLoss, 0, map[riichi.Wind]int{riichi.South: 500, riichi.West: 500}},
		// North's 300 (child) or 500 (dealer winner) split, rounded up.
		{"child, split", riichi.South, riichi.SanmaTsumoSplit, 0, map[riichi.Wind]int{riichi.East: 700, riichi.West: 500}},
		{"dealer, split", riichi.East, riichi.SanmaTsumoSplit, 0, map[riichi.Wind]int{riichi.South: 800, riichi.West: 800}},
		// A repeat: 100 from each payer.
		{"child, 2 honba", riichi.South, riichi.SanmaTsumoLoss, 2, map[riichi.Wind]int{riichi.East: 700, riichi.West: 500}},
	} {
		o := riichi.TenhouRules()
		o.Players, o.RedFives, o.Uma, o.SanmaTsumo = 3, 2, nil, tt.rule
		w := mustWin(t, "(pon 777z<1) 234p567p789s22s", "2s")
		w.Seat, w.Tsumo, w.Honba = tt.seat, true, tt.honba
		res, err := riichi.Score(w, o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := map[riichi.Wind]int{}
		for _, p := range res.Payments {
			got[p.From] += p.Total()
		}
		if res.Han != 1 || res.Fu != 30 || len(got) != len(tt.pays) {
			t.Errorf("%s: %d han %d fu, payments %v, want 1 han 30 fu, %v", tt.name, res.Han, res.Fu, got, tt.pays)
			continue
		}
		for k, v := range tt.pays {
			if got[k] != v {
				t.Errorf("%s: payments %v, want %v", tt.name, got, tt.pays)
			}
		}
	}
}

// Kita: each north set aside is a han and a north for dora (indicator
// West); 1m indicates 9m, as 2m–8m are not played.
func TestSanmaKitaAndDora(t *testing.T) {
	o := riichi.TenhouRules()
	o.Players, o.RedFives, o.Uma = 3, 0, nil
	w := mustWin(t, "(pon 777z<1) 234p999m234s22s", "2s")
	w.Seat, w.Tsumo, w.Kita = riichi.South, true, 2
	w.Dora = kinds(t, "3z1m") // north is dora (twice, in the kita), 9m is dora (three times)
	res, err := riichi.Score(w, o)
	if err != nil {
		t.Fatal(err)
	}
	var kita, dora int
	for _, y := range res.Yaku {
		switch y.Yaku {
		case riichi.Nukidora:
			kita = y.Han
		case riichi.Dora:
			dora = y.Han
		}
	}
	if kita != 2 || dora != 5 {
		t.Errorf("kita %d han, dora %d han; want 2 and 5 (yaku %v)", kita, dora, res.Yaku)
	}
	// Kita belongs to three-player games, and a four-player game has no
	// fifth north.
	four := riichi.TenhouRules()
	if _, err := riichi.Score(w, four); !errors.Is(err, riichi.ErrConditions) {
		t.Errorf("kita with four players: %v", err)
	}
	w.Kita = 5
	if _, err := riichi.Score(w, o); !errors.Is(err, riichi.ErrConditions) {
		t.Errorf("five kita: %v", err)
	}
	o.RedFives = 3
	if err := o.Validate(); !errors.Is(err, riichi.ErrOptions) {
		t.Errorf("three red fives with three players: %v", err)
	}
}
