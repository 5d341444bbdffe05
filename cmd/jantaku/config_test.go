package main

import (
	"bytes"
	"context"
	"io"
	"os"
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
