package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runArgs(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// The README's first line: 123m456p789s 11z 22z waiting on 1z/2z, won on
// 2z by ron as South in the East round: seat-wind yakuhai 1 han, fu 20 +
// 10 closed ron + 4 (222z completed by ron is open) + 2 (1z pair, round
// wind) = 36 → 40; 1 han 40 fu child ron = 1,300 (spec/riichi.md §11.6).
func TestScoreREADME(t *testing.T) {
	code, out, errs := runArgs(t, "", "score", "123m456p789s1122z", "--win", "2z", "--ron")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Yakuhai: seat wind", "役牌 自風", "1 han 40 fu", "E pays S 1300", "total: S +1300"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestScoreFlagsAnywhere(t *testing.T) {
	// spec/riichi.md §20 E7: riichi, dora 3, 4 han 40 fu = mangan 8,000.
	for _, args := range [][]string{
		{"score", "--riichi", "--dora", "3p", "111m345p567s44p79s", "--win", "8s", "--from", "W"},
		{"score", "111m345p567s44p79s", "--win=8s", "--riichi", "--dora=3p", "--from", "W"},
		{"score", "--win", "8s", "--riichi", "--dora", "3p", "--from", "W", "--", "111m345p567s44p79s"},
	} {
		code, out, errs := runArgs(t, "", args...)
		if code != 0 || !strings.Contains(out, "4 han 40 fu mangan") || !strings.Contains(out, "W pays S 8000") {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errs)
		}
	}
}

func TestScoreJSON(t *testing.T) {
	// E13: daisangen tsumo with pao, 1 honba: North pays 32,300.
	code, out, errs := runArgs(t, "", "score", "--json", "--tsumo", "--seat", "W", "--honba", "1", "--pao", "N",
		"(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Yaku []struct {
			Name    string
			Yakuman int
		}
		Yakuman  int
		Limit    string
		Payments []struct {
			From, To      string
			Points, Honba int
		}
		Total int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Yakuman != 1 || got.Limit != "yakuman" || got.Total != 32300 || len(got.Payments) != 1 ||
		got.Payments[0].From != "N" || got.Payments[0].To != "W" || got.Payments[0].Points != 32000 || got.Payments[0].Honba != 300 {
		t.Errorf("got %+v", got)
	}
}

func TestScorePresetAndOptions(t *testing.T) {
	// E9 (4 han 30 fu = 7,700) becomes 8,000 with kiriage, by --set or by
	// an options file.
	hand := []string{"score", "234m567m345p66s78s", "--win", "6s", "--riichi", "--dora", "1m"}
	if code, out, _ := runArgs(t, "", hand...); code != 0 || !strings.Contains(out, "E pays S 7700") {
		t.Errorf("seed: exit %d\n%s", code, out)
	}
	if code, out, _ := runArgs(t, "", append(hand, "--set", "kiriage=true")...); code != 0 || !strings.Contains(out, "E pays S 8000") {
		t.Errorf("--set kiriage=true: exit %d\n%s", code, out)
	}
	f := filepath.Join(t.TempDir(), "rules.yaml")
	os.WriteFile(f, []byte("kiriage: true\n"), 0o644)
	if code, out, _ := runArgs(t, "", append(hand, "--options", f)...); code != 0 || !strings.Contains(out, "E pays S 8000") {
		t.Errorf("--options: exit %d\n%s", code, out)
	}
	os.WriteFile(f, []byte("kiriage: maybe\n"), 0o644)
	if code, _, errs := runArgs(t, "", append(hand, "--options", f)...); code != 2 || !strings.Contains(errs, "kiriage") {
		t.Errorf("bad options file: exit %d, %s", code, errs)
	}
	if code, _, errs := runArgs(t, "", append(hand, "--set", "no_such_rule=1")...); code != 2 || !strings.Contains(errs, "no_such_rule") {
		t.Errorf("unknown option: exit %d, %s", code, errs)
	}
	// Ippatsu exists under tenhou, not under the seed rules.
	ipp := append(hand, "--ippatsu")
	if code, _, errs := runArgs(t, "", ipp...); code != 2 || !strings.Contains(errs, "ippatsu") {
		t.Errorf("ippatsu under seed: exit %d, %s", code, errs)
	}
	if code, out, errs := runArgs(t, "", append(ipp, "--preset", "tenhou")...); code != 0 || !strings.Contains(out, "Ippatsu") {
		t.Errorf("ippatsu under tenhou: exit %d\n%s%s", code, out, errs)
	}
}

func TestScoreErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"score"}, 2, "no hand"},
		{[]string{"score", "123m456p789s1123z", "--bogus"}, 2, "unknown flag --bogus"},
		{[]string{"score", "123m456p789s11x3z"}, 2, "position 15"},
		{[]string{"score", "123m456p789s11234z", "--win", "4z"}, 1, "not a winning hand"},
		{[]string{"score", "(chi 678s<3) 456m789m34s55z", "--win", "5s"}, 1, "no yaku"},
		{[]string{"score", "123m456p789s11222z", "--haitei"}, 2, "haitei"},
		{[]string{"score", "123m456p789s11222z", "--seat", "X"}, 2, "not a wind"},
		{[]string{"score", "123m456p789s11222z", "--preset", "nope"}, 2, "unknown preset"},
		{[]string{"score", "123m456p789s1122z"}, 2, "want 14 tiles"},
		{[]string{"score", "123m456p789s11222z", "--honba", "x"}, 2, `invalid value "x" for flag -honba: parse error`},
		{[]string{"score", "123m456p789s11222z", "--deposits", "99999999999999999999"}, 2, "value out of range"},
		{[]string{"score", "--rules", "mcr", "234m345p456s55m78s9s", "--flowers", "x"}, 2, `--flowers "x": want a number of flowers, 0–8`},
	}
	for _, tt := range tests {
		code, _, errs := runArgs(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", tt.args, code, errs, tt.code, tt.want)
		}
	}
}

func TestScoreBatch(t *testing.T) {
	in := `# E-examples of spec/riichi.md §20
123m456p789s1122z --win 2z
(chi 234p<3) 456m678s23s55p --win 4s

123m456p789s11234z --win 4z
'(pon 555z<2) 234m678p22s444s' --seat E --tsumo
123m456p789s11x3z
`
	code, out, errs := runArgs(t, in, "score", "--batch", "-")
	if code != 3 || !strings.Contains(errs, "2 of 5 lines not scored") {
		t.Errorf("exit %d, %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"line 2: ", "line 3: ", "line 5: error: ", "line 6: ", "line 7: error: "}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %q, want prefix %q", lines[i], w)
		}
	}
	for i, w := range []string{"1300", "1000", "not a winning hand", "500, ", "position 15"} {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %q lacks %q", lines[i], w)
		}
	}
	// JSON, from a file, with a default flag from the command line.
	f := filepath.Join(t.TempDir(), "hands.txt")
	os.WriteFile(f, []byte("234m567m345p66s78s --win 6s --dora 1m\nnot-a-hand\n"), 0o644)
	code, out, _ = runArgs(t, "", "score", "--json", "--riichi", "--batch", f)
	dec := json.NewDecoder(strings.NewReader(out))
	var first struct {
		Line  int
		Han   int
		Total int
	}
	var second struct {
		Line  int
		Error string
		Kind  string
	}
	if err := dec.Decode(&first); err != nil || first.Line != 1 || first.Han != 4 || first.Total != 7700 {
		t.Errorf("first %+v %v\n%s", first, err, out)
	}
	if err := dec.Decode(&second); err != nil || second.Line != 2 || second.Kind != "bad_hand" || second.Error == "" {
		t.Errorf("second %+v %v", second, err)
	}
	if code != 3 {
		t.Errorf("exit %d, want 3 (a line not scored)", code)
	}
	if code, _, errs := runArgs(t, "", "score", "--batch", filepath.Join(t.TempDir(), "none")); code != 2 || errs == "" {
		t.Errorf("missing batch file: exit %d %s", code, errs)
	}
}

func TestScoreOptionsFilePreset(t *testing.T) {
	// The file's preset (tenhou: ippatsu) applies when --preset is absent;
	// E9 with ippatsu is 5 han: mangan 8,000.
	f := filepath.Join(t.TempDir(), "rules.yaml")
	os.WriteFile(f, []byte("preset: tenhou\n"), 0o644)
	args := []string{"score", "234m567m345p66s78s", "--win", "6s", "--riichi", "--ippatsu", "--dora", "1m", "--options", f}
	if code, out, errs := runArgs(t, "", args...); code != 0 || !strings.Contains(out, "E pays S 8000") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runArgs(t, "", append(args, "--preset", "seed")...); code != 2 || !strings.Contains(errs, "ippatsu") {
		t.Errorf("--preset seed overrides the file's: exit %d %s", code, errs)
	}
}
