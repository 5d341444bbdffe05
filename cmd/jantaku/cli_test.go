package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Help goes to stdout and exits 0, for every command and every way of
// asking; the same text for "help CMD" and "CMD --help".
func TestHelpEveryCommand(t *testing.T) {
	code, general, errs := runArgs(t, "", "help")
	if code != 0 || errs != "" || !strings.Contains(general, "commands:") || !strings.Contains(general, "exit status:") {
		t.Fatalf("help: exit %d\nstdout %s\nstderr %s", code, general, errs)
	}
	for _, c := range commands() {
		if !strings.Contains(general, "  "+c.name+" ") {
			t.Errorf("help does not list %s", c.name)
		}
		_, want, _ := runArgs(t, "", "help", c.name)
		for _, args := range [][]string{{"help", c.name}, {c.name, "--help"}, {c.name, "-h"}, {c.name, "-help"}} {
			code, out, errs := runArgs(t, "", args...)
			if code != 0 || errs != "" || !strings.HasPrefix(out, "usage") || out != want {
				t.Errorf("%q: exit %d, stderr %q, stdout starts %q", args, code, errs, first(out))
			}
			if strings.Contains(out, "flag: help requested") {
				t.Errorf("%q prints flag: help requested", args)
			}
		}
	}
	// Help asked after other flags and arguments.
	if code, out, _ := runArgs(t, "", "score", "123m", "--rules", "mcr", "--help"); code != 0 || !strings.HasPrefix(out, "usage") {
		t.Errorf("score … --help: exit %d", code)
	}
	// No command at all is a mistake: the usage goes to stderr.
	if code, out, errs := runArgs(t, ""); code != 2 || out != "" || !strings.Contains(errs, "commands:") {
		t.Errorf("no arguments: exit %d, stdout %q", code, out)
	}
	// The archive's help names only commands that exist.
	_, out, _ := runArgs(t, "", "help", "archive")
	if strings.Contains(out, "--journal") {
		t.Errorf("archive help names a --journal flag no command has:\n%s", out)
	}
}

func first(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errs := runArgs(t, "", args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "jantaku ") || !strings.Contains(out, "go1.") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, _, _ := runArgs(t, "", "version", "x"); code != 2 {
		t.Errorf("version x: exit %d, want 2", code)
	}
}

// Misspelt commands, subcommands, flags and option keys get the nearest
// name; exit 2.
func TestSuggestions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"scroe", "123m"}, `did you mean "score"?`},
		{[]string{"help", "scor"}, `did you mean "score"?`},
		{[]string{"run", "--rule", "sichuan"}, "did you mean --rules?"},
		{[]string{"run", "--humna", "0"}, "did you mean --humans?"},
		{[]string{"score", "--rulse", "mcr", "123m"}, "did you mean --rules?"},
		{[]string{"score", "--set", "kirage=true", "123m456p789s1122z"}, `unknown option "kirage" (did you mean "kiriage"?)`},
		{[]string{"score", "--rules", "mcr", "--set", "minimun=6", "123m456p789s234s55s"}, `unknown option "minimun" (did you mean "minimum"?)`},
		{[]string{"archive", "lst"}, `did you mean "list"?`},
	} {
		code, _, errs := runArgs(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want exit 2 and %q", c.args, code, errs, c.want)
		}
		if strings.Contains(errs, "struct {") {
			t.Errorf("%q: stderr shows a Go type: %s", c.args, errs)
		}
	}
}

// Flags may follow the arguments; "run" takes none.
func TestFlagsAnywhere(t *testing.T) {
	db := filepath.Join(t.TempDir(), "none.db")
	code, _, errs := runArgs(t, "", "archive", "export", "7", "--db", db)
	if code != 1 || !strings.Contains(errs, "no archive at "+db) {
		t.Errorf("archive export 7 --db F: exit %d, %s", code, errs)
	}
	if code, _, errs := runArgs(t, "", "run", "sichuan"); code != 2 || !strings.Contains(errs, "flags only") {
		t.Errorf("run sichuan: exit %d, %s", code, errs)
	}
}

// A newcomer without an archive or tag registry is told so, and nothing
// is created in the current folder.
func TestFirstRunListings(t *testing.T) {
	data, cwd := t.TempDir(), t.TempDir()
	t.Setenv("JANTAKU_DATA", data)
	t.Chdir(cwd)
	code, out, errs := runArgs(t, "", "archive", "list")
	if code != 0 || !strings.Contains(out, "no finished games yet") || !strings.Contains(out, filepath.Join(data, "archive.db")) {
		t.Errorf("archive list: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runArgs(t, "", "maintenance", "tags")
	if code != 0 || !strings.Contains(out, filepath.Join(data, "tags.db")) {
		t.Errorf("maintenance tags: exit %d\n%s%s", code, out, errs)
	}
	for _, dir := range []string{cwd, data} {
		if es, _ := os.ReadDir(dir); len(es) != 0 {
			t.Errorf("%s holds %v after listing", dir, es)
		}
	}
}

// 234m 406p 678s 234s 55s, won on 4s by ron as South in the East round:
// tanyao 1, pinfu 1 (23s waiting on 1s-4s), one red five 1: 3 han 30 fu,
// a child's ron, 30×2^5 = 960 base, ×4 = 3,840 → 3,900. The seed preset
// plays without red fives: the 0p is refused, never read as a plain 5p.
func TestScoreRedFive(t *testing.T) {
	code, out, errs := runArgs(t, "", "score", "--rules", "riichi/tenhou", "234m406p678s23455s", "--win", "4s")
	if code != 0 || !strings.Contains(out, "3 han 30 fu") || !strings.Contains(out, "E pays S 3900") || !strings.Contains(out, "rules: riichi/tenhou") {
		t.Errorf("tenhou: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runArgs(t, "", "score", "234m406p678s23455s", "--win", "4s")
	if code != 2 || out != "" || !strings.Contains(errs, "0p is a red five, but riichi/seed plays without red fives") {
		t.Errorf("seed: exit %d\n%s%s", code, out, errs)
	}
	// The same hand with a plain 5p: 2 han 30 fu, 2,000, scored under the seed preset.
	code, out, errs = runArgs(t, "", "score", "234m456p678s23455s", "--win", "4s")
	if code != 0 || !strings.Contains(out, "2 han 30 fu") || !strings.Contains(out, "E pays S 2000") || !strings.Contains(out, "rules: riichi/seed") {
		t.Errorf("seed, plain five: exit %d\n%s%s", code, out, errs)
	}
	// Ippatsu: refused under seed with the way out; counted under tenhou
	// (riichi 1 + ippatsu 1 + tanyao 1 + pinfu 1 + red 1 = 5 han: mangan 8,000).
	code, _, errs = runArgs(t, "", "score", "234m456p678s23455s", "--win", "4s", "--riichi", "--ippatsu")
	if code != 2 || !strings.Contains(errs, "riichi/seed does not play ippatsu") {
		t.Errorf("seed ippatsu: exit %d %s", code, errs)
	}
	code, out, errs = runArgs(t, "", "score", "234m406p678s23455s", "--win", "4s", "--riichi", "--ippatsu", "--rules", "riichi/tenhou")
	if code != 0 || !strings.Contains(out, "Ippatsu") || !strings.Contains(out, "E pays S 8000") {
		t.Errorf("tenhou ippatsu: exit %d\n%s%s", code, out, errs)
	}
}

// A chi is claimed from the previous player (<3) only.
func TestScoreChiSeat(t *testing.T) {
	for _, rules := range []string{"riichi", "mcr"} {
		code, out, errs := runArgs(t, "", "score", "--rules", rules, "--json", "(chi 789m<1) 123m456p11222z")
		var e scoreError
		if err := json.Unmarshal([]byte(out), &e); err != nil || code != 2 || e.Kind != "bad_hand" || !strings.Contains(e.Error, "previous player") {
			t.Errorf("%s: chi from <1: exit %d, %+v (%v) %s", rules, code, e, err, errs)
		}
	}
	// Riichi: 789m chi from <3, then 123m 456p 11z 222z: seat wind 2z
	// as South, open, 1 han; 20 + 4 (222z open by ron) + 2 (1z pair, the
	// round wind) = 26 → 30 fu; a child's ron 1 han 30 fu = 1,000.
	code, out, errs := runArgs(t, "", "score", "(chi 789m<3) 123m456p11222z")
	if code != 0 || !strings.Contains(out, "E pays S 1000") {
		t.Errorf("chi from <3: exit %d\n%s%s", code, out, errs)
	}
}

// One JSON error object, for a single hand and for a batch line alike,
// with the kind and the fans found. 234m 456p 678s 234s 55s under MCR:
// 门前清 2, 平和 2, 断幺 2, 喜相逢 1 (234m 234s) = 7 < 8.
func TestScoreJSONErrors(t *testing.T) {
	hand := "234m456p678s234s55s"
	code, single, errs := runArgs(t, "", "score", "--rules", "mcr", "--json", hand, "--win", "5s")
	if code != 1 || !strings.Contains(errs, "below the minimum") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	code, batch, _ := runArgs(t, hand+" --win 5s\n123m456p789s234s55s --win 5s\n", "score", "--rules", "mcr", "--json", "--batch", "-")
	if code != 3 {
		t.Errorf("batch with a refused line: exit %d, want 3", code)
	}
	lines := strings.Split(strings.TrimSpace(batch), "\n")
	if len(lines) != 2 {
		t.Fatalf("batch output:\n%s", batch)
	}
	var a, b map[string]any
	if err := json.Unmarshal([]byte(single), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[0]), &b); err != nil {
		t.Fatal(err)
	}
	if b["line"] != 1.0 {
		t.Errorf("batch error line %v", b["line"])
	}
	delete(b, "line")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("single and batch errors differ:\n%s\n%s", ja, jb)
	}
	var e scoreError
	json.Unmarshal([]byte(single), &e)
	var fans []string
	for _, it := range e.Items {
		fans = append(fans, it.Name+" "+it.Value)
	}
	if e.Kind != "below_minimum" || e.Rules != "mcr/official" || strings.Join(fans, ", ") != "门前清 2, 平和 2, 断幺 2, 喜相逢 1" {
		t.Errorf("error object %+v", e)
	}
	// Every line scored: 0.
	if code, _, errs := runArgs(t, "123m456p789s234s55s --win 5s\n", "score", "--rules", "mcr", "--batch", "-"); code != 0 {
		t.Errorf("batch, all scored: exit %d %s", code, errs)
	}
}

// MCR flowers as a count: 123m 456p 789s 234s 55s on 5s, ron: 花龙 8, 门前清
// 2, 平和 2 = 12, three flowers 15; the discarder pays 8 + 15, the others 8.
func TestScoreFlowerCount(t *testing.T) {
	code, out, errs := runArgs(t, "", "score", "--rules", "mcr", "123m456p789s234s55s", "--win", "5s", "--flowers", "3")
	if code != 0 || !strings.Contains(out, "15 points (12 + 3 flowers)") || !strings.Contains(out, "E pays S 23") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	_, same, _ := runArgs(t, "", "score", "--rules", "mcr", "123m456p789s234s55s1f2f3f", "--win", "5s")
	if _, a, _ := strings.Cut(same, "\n"); !strings.HasSuffix(out, a) {
		t.Errorf("--flowers 3 and 1f2f3f differ:\n%s\n%s", out, same)
	}
	if code, _, _ := runArgs(t, "", "score", "--rules", "mcr", "123m456p789s234s55s1f", "--win", "5s", "--flowers", "3"); code != 2 {
		t.Errorf("flowers given twice: exit %d", code)
	}
}

// Every result names the rules it was scored under, in text, batch lines
// and JSON.
func TestScoreNamesItsRules(t *testing.T) {
	_, out, _ := runArgs(t, "", "score", "123m456p789s1122z", "--win", "2z")
	if !strings.Contains(out, "(rules: riichi/seed)") {
		t.Errorf("text:\n%s", out)
	}
	_, out, _ = runArgs(t, "123m456p789s1122z --win 2z\n--rules mcr 123m456p789s234s55s --win 5s\n", "score", "--batch", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "[riichi/seed]") || !strings.HasSuffix(lines[1], "[mcr/official]") {
		t.Errorf("batch:\n%s", out)
	}
	_, out, _ = runArgs(t, "", "score", "--json", "--rules", "riichi/tenhou", "123m456p789s1122z", "--win", "2z")
	var r struct{ Rules string }
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Rules != "riichi/tenhou" {
		t.Errorf("json rules %q (%v)", r.Rules, err)
	}
}

// A misspelt key in an --options file is named with the nearest key, not
// a Go type.
func TestScoreOptionsFileTypo(t *testing.T) {
	f := filepath.Join(t.TempDir(), "o.yaml")
	os.WriteFile(f, []byte("kirage: true\n"), 0o644)
	for _, args := range [][]string{
		{"score", "--options", f, "123m456p789s1122z", "--win", "2z"},
		{"score", "--rules", "mcr", "--options", f, "123m456p789s234s55s", "--win", "5s"},
	} {
		code, _, errs := runArgs(t, "", args...)
		if code != 2 || !strings.Contains(errs, `unknown option "kirage"`) || strings.Contains(errs, "not found in type") {
			t.Errorf("%q: exit %d, %s", args, code, errs)
		}
	}
	_, out, _ := runArgs(t, "", "score", "--json", "--options", f, "123m456p789s1122z", "--win", "2z")
	var e scoreError
	if json.Unmarshal([]byte(out), &e); e.Kind != "options" {
		t.Errorf("kind %q, want options: %s", e.Kind, out)
	}
}
