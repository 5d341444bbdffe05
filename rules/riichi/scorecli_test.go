package riichi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/scorecli"
)

// on sets the switches names.
func on(names ...string) map[string][]string {
	m := map[string][]string{}
	for _, n := range names {
		m[n] = []string{"true"}
	}
	return m
}

// seeds/002 L295: menzen tsumo with a concealed triplet of 8p, a concealed
// kong of 3m and a kanchan wait: 20 + 2 + 4 + 16 + 2 = 44 → 50 fu. One han
// (menzen tsumo; the seed's 場ゾロ 2翻, L306, is the 2 in fu × 2^(han+2),
// L312): base 50 × 2^3 = 400. A child's tsumo (L324): the dealer pays
// twice the base, 800, the other children 400 each; South +1,600.
func TestScoreCLISeedFuExample(t *testing.T) {
	r := &scorecli.Request{Hand: []string{"[ankan 3333m] 567m888p46s99s"}, Win: "5s", Tsumo: true, Seat: "S", Preset: "seed", Cond: on()}
	res, err := riichi.ScoreCLI{}.Score(r, "seed")
	if err != nil {
		t.Fatal(err)
	}
	want := `567m888p45699s [ankan 3333m]  +5s tsumo, seat S, round E (rules: riichi/seed)
  Menzen tsumo                 門前清自摸和  1 han
1 han 50 fu, base 400
fu: base 20 + tsumo 2 + concealed kong 3m 16 + concealed triplet 8p 4 + kanchan wait 2 = 44 → 50
E pays S 800
W pays S 400
N pays S 400
total: S +1600
`
	if got := res.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	if got, want := res.Summary(), "567m888p45699s [ankan 3333m]: Menzen tsumo 1; 1 han 50 fu; 1600 (E 800, W 400, N 400) [riichi/seed]"; got != want {
		t.Errorf("Summary %q, want %q", got, want)
	}
	b, err := json.Marshal(res)
	if err != nil || !strings.Contains(string(b), `"fu":50`) || !strings.Contains(string(b), `"base":400`) {
		t.Errorf("JSON %s, %v", b, err)
	}
}

// The conditions reach the score: riichi and a dora indicator of 3p on
// spec/riichi.md §20 E7 make 4 han 40 fu, a mangan, 8,000 from West.
func TestScoreCLIConditions(t *testing.T) {
	cond := on("riichi")
	cond["dora"] = []string{"3p"}
	r := &scorecli.Request{Hand: []string{"111m345p567s44p79s"}, Win: "8s", From: "W", Seat: "S", Cond: cond}
	res, err := riichi.ScoreCLI{}.Score(r, "seed")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Riichi", "Dora", "4 han 40 fu mangan", "W pays S 8000", "total: S +8000"} {
		if !strings.Contains(res.Text(), w) {
			t.Errorf("lacks %q:\n%s", w, res.Text())
		}
	}
}

func TestScoreCLIRefusals(t *testing.T) {
	tests := []struct {
		name   string
		r      scorecli.Request
		preset string
		kind   string
		usage  bool
		want   string
	}{
		{"no yaku", scorecli.Request{Hand: []string{"(chi 213m<3) 456p789s11z222s"}, Win: "2s", Seat: "S"}, "seed",
			"no_yaku", false, "with no yaku"},
		{"a red five under the seed preset", scorecli.Request{Hand: []string{"123m406p789s11222z"}, Seat: "S"}, "seed",
			"options", true, "0p is a red five, but riichi/seed plays without red fives"},
		{"ippatsu under the seed preset", scorecli.Request{Hand: []string{"123m456p789s11222z"}, Seat: "S", Cond: on("riichi", "ippatsu")}, "seed",
			"conditions", true, "riichi/seed does not play ippatsu"},
		{"a number that is not", scorecli.Request{Hand: []string{"123m456p789s11222z"}, Seat: "S", Cond: map[string][]string{"honba": {"x"}}}, "seed",
			"usage", true, `invalid value "x" for flag -honba: parse error`},
		{"an unknown option", scorecli.Request{Hand: []string{"123m456p789s11222z"}, Seat: "S", Sets: []string{"kiriag=true"}}, "seed",
			"usage", true, `unknown option "kiriag" (did you mean "kiriage"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := riichi.ScoreCLI{}.Score(&tt.r, tt.preset)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want %q", err, tt.want)
			}
			if k := scorecli.Kind(err); k != tt.kind {
				t.Errorf("kind %q, want %q", k, tt.kind)
			}
			if scorecli.IsUsage(err) != tt.usage {
				t.Errorf("usage %v, want %v", scorecli.IsUsage(err), tt.usage)
			}
		})
	}
	if err := (riichi.ScoreCLI{}).CheckPreset("nope"); err == nil {
		t.Error("CheckPreset(nope): no error")
	}
}

// The help block is written by hand: it names every condition flag.
func TestScoreCLIUsageNamesEveryCondition(t *testing.T) {
	u := riichi.ScoreCLI{}.Usage()
	for _, c := range (riichi.ScoreCLI{}).Conditions() {
		if !strings.Contains(u, "--"+c.Name+" ") && !strings.HasSuffix(strings.TrimSpace(u), "--"+c.Name) && !strings.Contains(u, "--"+c.Name+"\n") {
			t.Errorf("the help does not name --%s", c.Name)
		}
	}
}
