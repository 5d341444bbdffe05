package riichi_test

import (
	"slices"
	"testing"
	"time"

	"jantaku/rules/riichi"
)

// Final settlements. The Tenhou cases are real games' final scores and
// the results their mjlog owari attributes give; the others are worked by
// hand from the preset's uma, oka and rounding.
func TestSettle(t *testing.T) {
	tenhouLater := riichi.TenhouRules()
	tenhouLater.FinalRounding = riichi.RoundNone
	for _, tt := range []struct {
		name   string
		o      riichi.Options
		scores []int
		places []int
		points []float64
	}{
		// helpers__onlineLog__four_kan_draw: 31,500 rounds up to 2.
		{"tenhou 2014", riichi.TenhouRules(), []int{25800, 34000, 8700, 31500}, []int{3, 1, 4, 2}, []float64{-14, 43, -41, 12}},
		// 2020052700gm-00a9-0000-75a4695c: 24,500 rounds to -5.
		{"tenhou 2020", riichi.TenhouRules(), []int{24500, 29300, 30400, 15800}, []int{3, 2, 1, 4}, []float64{-15, 9, 40, -34}},
		// 2020061922gm-00a9-0000-6183ff37: 25,500 rounds to -4.
		{"tenhou 25500", riichi.TenhouRules(), []int{25500, 20700, 32500, 21300}, []int{2, 4, 1, 3}, []float64{6, -29, 42, -19}},
		// A negative score: helpers__onlineLog__doubleron_and_riichi.
		{"tenhou busted", riichi.TenhouRules(), []int{26900, 37600, 36400, -900}, []int{3, 1, 2, 4}, []float64{-13, 48, 16, -51}},
		// helpers__onlineLog__regress__hanchan (2023): to the hundred.
		{"tenhou 2023", tenhouLater, []int{19400, 61100, 4600, 14900}, []int{2, 1, 4, 3}, []float64{-0.6, 71.1, -45.4, -25.1}},
		// Ties go to the seat nearer the first dealer (D-RI-36).
		{"tenhou ties", riichi.TenhouRules(), []int{25000, 25000, 25000, 25000}, []int{1, 2, 3, 4}, []float64{35, 5, -15, -25}},
		// Parlour: 五捨六入 (29,300 → 29,000; 24,500 → 24,000; 15,800 →
		// 16,000), uma 10-5, first takes the balance.
		{"parlour", riichi.ParlourRules(), []int{24500, 29300, 30400, 15800}, []int{3, 2, 1, 4}, []float64{-11, 4, 31, -24}},
		// League: uma 30-10, oka 20, to the hundred.
		{"league", riichi.LeagueRules(), []int{24500, 29300, 30400, 15800}, []int{3, 2, 1, 4}, []float64{-15.5, 9.3, 50.4, -44.2}},
		// Three players (Tenhou's 三鳳南喰赤): a real record's owari,
		// "400,0.0,-63,-66.0,713,66.0,0,0.0", quoted by a public mjlog
		// annotation tool: 40,000 second is 0 (uma 0); −6,300 third rounds
		// to −6, −46 − 20 = −66; 71,300 first rounds to 71, 31 + oka 15
		// + 20 = 66. Uma ±15 would give first 61.
		{"sanma", riichi.SanmaRules(), []int{40000, -6300, 71300}, []int{2, 3, 1}, []float64{0, -66, 66}},
		// Worked by hand: 52,400 → 12 + 15 + 20 = 47 (the balance);
		// 38,500 rounds half up to 39 → −1 + 0; 14,100 → 14 → −26 − 20.
		{"sanma rounding", riichi.SanmaRules(), []int{38500, 52400, 14100}, []int{2, 1, 3}, []float64{-1, 47, -46}},
		// The seed: no uma, no oka, 30,000 returned.
		{"seed", riichi.SeedRules(), []int{41000, 29000, 22000, 28000}, []int{1, 2, 4, 3}, []float64{11, -1, -8, -2}},
	} {
		st := tt.o.Settle(tt.scores)
		if !slices.Equal(st.Places, tt.places) || !slices.Equal(st.Points, tt.points) {
			t.Errorf("%s: %v → places %v points %v, want %v %v", tt.name, tt.scores, st.Places, st.Points, tt.places, tt.points)
		}
	}
}

// A Tenhou three-player game type (三鳳南喰赤, 0xb9) plays 35,000 start,
// 40,000 returned and uma +20/0/−20, rounded half up.
func TestTenhouSanmaSettlement(t *testing.T) {
	o, err := riichi.TenhouTable(0xb9, time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if o.Players != 3 || o.StartingPoints != 35000 || o.ReturnPoints != 40000 || !slices.Equal(o.Uma, []int{20, 0, -20}) || o.FinalRounding != riichi.RoundHalfUp {
		t.Fatalf("players %d, start %d, return %d, uma %v, rounding %s", o.Players, o.StartingPoints, o.ReturnPoints, o.Uma, o.FinalRounding)
	}
	if st := o.Settle([]int{40000, -6300, 71300}); !slices.Equal(st.Points, []float64{0, -66, 66}) {
		t.Errorf("results %v, want the record's 0, −66, +66", st.Points)
	}
}
