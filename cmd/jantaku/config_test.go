package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const exampleConfig = "../../deploy/jantaku.yaml"

// The example configuration scripts/install puts in /etc/jantaku loads and
// checks, and mentions every key, set or commented out.
func TestExampleConfig(t *testing.T) {
	cfg, err := loadConfig(exampleConfig)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := cfg.Get("data"); v != "/var/lib/jantaku" {
		t.Errorf("data %q, want systemd's StateDirectory /var/lib/jantaku", v)
	}
	text, err := os.ReadFile(exampleConfig)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range configKeys {
		if !regexp.MustCompile(`(?m)^#?` + k.key + `:`).Match(text) {
			t.Errorf("%s does not mention the key %s", exampleConfig, k.key)
		}
	}
	// The example's commented-out keys are valid too, once uncommented
	// (profile: the built-in profile stands for /etc/jantaku/profile.yaml).
	un := regexp.MustCompile(`(?m)^#([a-z_]+: .*)$`).ReplaceAll(text, []byte("$1"))
	un = bytes.Replace(un, []byte("/etc/jantaku/profile.yaml"), []byte("../hardware/profile/default.yaml"), 1)
	if _, err := parseConfig(exampleConfig, un); err != nil {
		t.Errorf("with every key uncommented: %v", err)
	}
}

// Every flag of "jantaku run" has a key in the file, and every key a flag.
func TestConfigKeysMatchRunFlags(t *testing.T) {
	var help bytes.Buffer
	if err := runCmd(context.Background(), []string{"-h"}, nil, &help, io.Discard); err != nil {
		t.Fatalf("run -h: %v", err)
	}
	var flags []string
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(help.String(), -1) {
		flags = append(flags, m[1])
	}
	if len(flags) < 10 {
		t.Fatalf("flags not found in run's help:\n%s", help.String())
	}
	for _, f := range flags {
		in := slices.IndexFunc(configKeys, func(k configKey) bool { return k.flag == f }) >= 0
		if !in && !slices.Contains(notInConfig, f) {
			t.Errorf("run flag -%s has no configuration key", f)
		}
	}
	for _, k := range configKeys {
		if !slices.Contains(flags, k.flag) {
			t.Errorf("key %s sets -%s, which run does not have", k.key, k.flag)
		}
	}
}

func TestConfigValues(t *testing.T) {
	cfg, err := parseConfig("j.yaml", []byte("options: {red_fives: 0, uma: [15, 5, -5, -15]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := cfg.Get("options"); v != `{"red_fives":0,"uma":[15,5,-5,-15]}` {
		t.Errorf("options as JSON: %s", v)
	}
	cfg, err = parseConfig("/etc/jantaku/j.yaml", []byte(`
rules: mcr/official
humans: [2, 0]
pace: 1.5s
games: 3
data: state
mqtt: 127.0.0.1:1883
ws: "-"
http: "[::]:8080"
log_level: debug
machine: true
seed: 18446744073709551615
miss: 0
speed: 0.5
auto_start: 0
humans_: 1
`))
	if err == nil || !strings.Contains(err.Error(), `/etc/jantaku/j.yaml:16:1: unknown key "humans_" (did you mean "humans"?)`) {
		t.Fatalf("err %v", err)
	}
	cfg, err = parseConfig("/etc/jantaku/j.yaml", []byte("rules: mcr/official\nhumans: [2, 0]\npace: 1.5s\ndata: state\nhttp: \"[::]:8080\"\nseed: 18446744073709551615\nauto_start: 0\nlog_level: warn\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"rules": "mcr/official", "humans": "2,0", "pace": "1.5s", "data": "/etc/jantaku/state",
		"http": "[::]:8080", "seed": "18446744073709551615", "auto-start": "0s", "log-level": "warn"}
	for _, s := range cfg.Settings {
		if want[s.Flag] != s.Value {
			t.Errorf("-%s = %q, want %q", s.Flag, s.Value, want[s.Flag])
		}
		delete(want, s.Flag)
	}
	if len(want) > 0 {
		t.Errorf("not read: %v", want)
	}
}

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

func TestPageWebSocket(t *testing.T) {
	for _, c := range []struct {
		addr, url string
		port      int
	}{
		{"127.0.0.1:1884", "ws://127.0.0.1:1884/", 0},
		{"0.0.0.0:1884", "", 1884},
		{"[::]:9001", "", 9001},
		{":1884", "", 1884},
		{"table.local:1884", "ws://table.local:1884/", 0},
	} {
		if url, port := pageWebSocket(c.addr); url != c.url || port != c.port {
			t.Errorf("%s: %q %d, want %q %d", c.addr, url, port, c.url, c.port)
		}
	}
}
