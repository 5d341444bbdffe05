package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each bad file is refused with the file, line and column of the problem.
func TestConfigErrors(t *testing.T) {
	for name, c := range map[string]struct{ text, want string }{
		"empty":               {"", "c.yaml:1: empty configuration"},
		"comments only":       {"# nothing\n", "c.yaml:1: empty configuration"},
		"malformed":           {"rules: riichi\n  games: 3\n", "c.yaml:2: not valid YAML: mapping values are not allowed"},
		"tab indent":          {"rules: riichi\n\tgames: 3\n", "c.yaml:2: not valid YAML"},
		"truncated string":    {"games: 2\nrules: \"riichi/ten", "c.yaml:2: not valid YAML"},
		"truncated list":      {"humans: [0, 2\n", "c.yaml:1: not valid YAML: did not find expected ',' or ']'"},
		"truncated mapping":   {"games: 1\noptions: {red_fives: 0,\n", "c.yaml:2: not valid YAML"},
		"a list":              {"- rules: riichi\n", "c.yaml:1:1: the configuration is a list: want a mapping"},
		"a scalar":            {"riichi\n", "c.yaml:1:1: the configuration is the text \"riichi\""},
		"unknown key":         {"games: 1\nrule: riichi\n", `c.yaml:2:1: unknown key "rule" (did you mean "rules"?)`},
		"dashed key":          {"log-level: debug\n", `c.yaml:1:1: unknown key "log-level" (did you mean "log_level"?)`},
		"far key":             {"colour: red\n", `c.yaml:1:1: unknown key "colour"`},
		"duplicate key":       {"rules: riichi\ngames: 1\nrules: mcr\n", `c.yaml:3:1: duplicate key "rules" (first at line 1)`},
		"no value":            {"rules:\n", "c.yaml:1:7: rules: no value"},
		"unknown ruleset":     {"rules: richi/tenhou\n", `c.yaml:1:8: rules: unknown ruleset "richi/tenhou" (did you mean "riichi/tenhou"?)`},
		"ruleset a number":    {"rules: 3\n", "c.yaml:1:8: rules: want a ruleset name such as riichi/tenhou, got a number (3)"},
		"games a word":        {"games: many\n", `c.yaml:1:8: games: want a whole number, 0 or more, got the text "many"`},
		"games negative":      {"games: -1\n", "c.yaml:1:8: games: -1: want a whole number, 0 or more"},
		"games a float":       {"games: 1.5\n", "c.yaml:1:8: games: want a whole number, 0 or more, got a number (1.5)"},
		"pace negative":       {"pace: -1s\n", "c.yaml:1:7: pace: negative duration -1s"},
		"pace no unit":        {"pace: 700\n", "c.yaml:1:7: pace: 700 has no unit"},
		"pace a word":         {"pace: slow\n", `c.yaml:1:7: pace: "slow" is not a duration`},
		"pace a list":         {"pace: [1s]\n", "c.yaml:1:7: pace: want a duration such as 700ms or 3s, got a list"},
		"humans out of range": {"humans: [0, 4]\n", "c.yaml:1:9: humans: seat 4: seats are 0–3"},
		"humans twice":        {"humans: [1, 1]\n", "c.yaml:1:9: humans: seat 1 is listed twice"},
		"humans a string":     {"humans: \"0,2\"\n", "c.yaml:1:9: humans: want seat numbers 0–3 such as [0, 2]"},
		"mqtt no port":        {"mqtt: localhost\n", `c.yaml:1:7: mqtt: "localhost": missing port in address`},
		"mqtt bad port":       {"mqtt: 127.0.0.1:99999\n", `c.yaml:1:7: mqtt: "127.0.0.1:99999": bad port "99999"`},
		"mqtt none":           {"mqtt: \"-\"\n", `c.yaml:1:7: mqtt: "-": missing port`},
		"http a number":       {"http: 8080\n", "c.yaml:1:7: http: want an address host:port"},
		"machine a string":    {"machine: \"yes\"\n", `c.yaml:1:10: machine: want true or false, got the text "yes"`},
		"options a string":    {"options: '{\"red_fives\": 0}'\n", "c.yaml:1:10: options: want a mapping of the ruleset's options"},
		"options unknown":     {"rules: riichi\noptions: {red_fivez: 0}\n", "c.yaml:2:10: options: not options of riichi:"},
		"log level":           {"log_level: verbose\n", `c.yaml:1:12: log_level: unknown log level "verbose"`},
		"miss above one":      {"miss: 2\n", "c.yaml:1:7: miss: 2: want a rate from 0 to 1"},
		"speed zero":          {"speed: 0\n", "c.yaml:1:8: speed: 0: want a number above 0"},
		"set unknown":         {"set: 137\n", `c.yaml:1:6: set: unknown tile set "137"`},
		"seed negative":       {"seed: -3\n", "c.yaml:1:7: seed: want a seed"},
		"profile missing":     {"profile: nowhere.yaml\n", "c.yaml:1:10: profile: "},
		"key a list":          {"[a]: 1\n", "c.yaml:1:1: a key must be a name"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parseConfig("c.yaml", []byte(c.text))
			if err == nil {
				t.Fatalf("%q: no error, want %q", c.text, c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
			}
		})
	}
}

// Every problem of a file is reported at once, each on its line.
func TestConfigErrorsAll(t *testing.T) {
	_, err := parseConfig("c.yaml", []byte("rules: riichi\ngames: -2\npace: soon\nhumen: [0]\n"))
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "c.yaml:2:8:") || !strings.HasPrefix(lines[1], "c.yaml:3:7:") || !strings.HasPrefix(lines[2], "c.yaml:4:1:") {
		t.Errorf("got\n%v", err)
	}
	var ce *configError
	if !errors.As(err, &ce) || ce.Line != 2 {
		t.Errorf("errors.As: %+v", ce)
	}
}

// run --config FILE --check: flags override the file; a bad file exits
// with its error.
func TestRunCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "jantaku.yaml")
	if err := os.WriteFile(file, []byte("rules: sichuan\nhumans: [1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(args ...string) (string, int) {
		var out, errw bytes.Buffer
		code := run(context.Background(), append([]string{"run", "--config", file, "--check"}, args...), nil, &out, &errw)
		return out.String() + errw.String(), code
	}
	if out, code := check(); code != 0 || out != file+": ok (ruleset sichuan)\n" {
		t.Errorf("check: %d %q", code, out)
	}
	if out, code := check("--rules", "mcr"); code != 0 || !strings.Contains(out, "ok (ruleset mcr)") {
		t.Errorf("--rules overrides the file: %d %q", code, out)
	}
	if out, code := check("--options", `{"no_such_option": 1}`); code != 2 || !strings.Contains(out, "no_such_option") {
		t.Errorf("bad options flag: %d %q", code, out)
	}
	if out, code := check("--log-level", "loud"); code != 2 || !strings.Contains(out, `unknown log level "loud"`) {
		t.Errorf("bad log level: %d %q", code, out)
	}
	if err := os.WriteFile(file, []byte("rules: sichuan\npace: -3s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := check(); code != 1 || out != "jantaku run: "+file+":2:7: pace: negative duration -3s\n" {
		t.Errorf("bad file: %d %q", code, out)
	}
	// The flag does not save a bad file: the file is checked whole.
	if out, code := check("--pace", "1s"); code != 1 || !strings.Contains(out, ":2:7: pace: negative duration") {
		t.Errorf("bad file, good flag: %d %q", code, out)
	}
	if out, code := check("--config", filepath.Join(dir, "absent.yaml")); code != 1 || !strings.Contains(out, "no such file") {
		t.Errorf("absent file: %d %q", code, out)
	}
}

func TestDidYouMean(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"rule", "rules"}, {"Rules", "rules"}, {"humens", "humans"}, {"oneset", "one_set"},
		{"x", ""}, {"colour", ""}, {"profiles", "profile"}, {"autostart", "auto_start"},
	} {
		got := didYouMean(c.s, keyNames())
		if (c.want == "" && got != "") || (c.want != "" && got != ` (did you mean "`+c.want+`"?)`) {
			t.Errorf("%q: %q, want %q", c.s, got, c.want)
		}
	}
}

// FuzzParseConfig: no input makes the loader panic; an error always
// names the file.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{"", "rules: riichi\n", "humans: [0, 2]\npace: 1s\n", "options: {a: [1, {b: c}]}\n",
		"a: &x 1\nb: *x\n", "rules: *y\n", "? [a]\n: b\n", "games: 0x10\n", "--- \n...\n", "options: {1: 2}\n", "pace: !!int 3\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cfg, err := parseConfig("f.yaml", []byte(s))
		if err != nil && !strings.HasPrefix(err.Error(), "f.yaml") {
			t.Errorf("%q: error without the file: %v", s, err)
		}
		if err == nil && cfg == nil {
			t.Errorf("%q: no config and no error", s)
		}
	})
}
