package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"jantaku/hardware/profile"
	"jantaku/rules/rulesets"
)

// The configuration file of "jantaku run --config FILE" holds any of the
// run command's settings, one key per flag (deploy/jantaku.yaml lists them
// all); a flag given on the command line overrides the file. Relative
// paths in the file are taken from the file's folder.

// configError is one problem in a configuration file, at a line and
// column when it has one.
type configError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *configError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// setting is one key of the file, checked, as the value of its flag.
type setting struct {
	Key, Flag, Value string
	Line, Column     int
}

// runConfig is a checked configuration file.
type runConfig struct {
	File     string
	Settings []setting
}

// Get returns the value the file gives key, and whether it gives one.
func (c *runConfig) Get(key string) (string, bool) {
	for _, s := range c.Settings {
		if s.Key == key {
			return s.Value, true
		}
	}
	return "", false
}

// configKey describes a key: the flag it sets and how its value is read.
type configKey struct {
	key, flag string
	read      func(c *configReader, n *yaml.Node) (string, error)
}

// configKeys lists every key, in the order of deploy/jantaku.yaml. Every
// flag of "jantaku run" has one, except those in notInConfig (a test keeps
// the two in step).
var configKeys = []configKey{
	{"rules", "rules", readRules},
	{"options", "options", readOptions},
	{"humans", "humans", readSeats},
	{"pace", "pace", readDuration},
	{"games", "games", readCount},
	{"data", "data", readPath},
	{"mqtt", "mqtt", readAddr(false)},
	{"ws", "ws", readAddr(true)},
	{"http", "http", readAddr(true)},
	{"mqtt_cert", "mqtt-cert", readPath},
	{"mqtt_key", "mqtt-key", readPath},
	{"claim_window", "claim-window", readAutoOr(readDuration)},
	{"spectator_delay", "spectator-delay", readAutoOr(readDuration)},
	{"spectator_turns", "spectator-turns", readCount},
	{"broker", "broker", readURL("tcp", "ssl", "tls", "ws", "wss", "mqtt", "mqtts")},
	{"broker_ca", "broker-ca", readPath},
	{"broker_cert", "broker-cert", readPath},
	{"broker_key", "broker-key", readPath},
	{"broker_ws", "broker-ws", readNoneOr(readURL("ws", "wss"))},
	{"log_level", "log-level", readLevel},
	{"machine", "machine", readBool},
	{"sensing", "sensing", readBool},
	{"surface", "surface", readSurface},
	{"profile", "profile", readPath},
	{"sim", "sim", readBool},
	{"db", "db", readPath},
	{"set", "set", readTileSet},
	{"reds", "reds", readCount},
	{"one_set", "one-set", readBool},
	{"speed", "speed", readPositive},
	{"auto_start", "auto-start", readDuration},
	{"hands", "hands", readCount},
	{"seed", "seed", readSeed},
	{"miss", "miss", readRate},
}

// notInConfig are the run flags that have no key: how the file is found
// and checked, and -v (log_level: debug says it).
var notInConfig = []string{"config", "check", "v"}

func keyNames() []string {
	var ks []string
	for _, k := range configKeys {
		ks = append(ks, k.key)
	}
	return ks
}

// loadConfig reads and checks the configuration file.
func loadConfig(file string) (*runConfig, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	return parseConfig(file, data)
}

var yamlLineRe = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// parseConfig checks a configuration file's text; file names it in errors
// and is where relative paths start. The error joins one *configError per
// problem found.
func parseConfig(file string, data []byte) (cfg *runConfig, err error) {
	defer func() {
		// The YAML parser has panicked on crafted input before (yaml.v3
		// issues); a configuration file gets an error, never a crash.
		if r := recover(); r != nil {
			cfg, err = nil, &configError{File: file, Msg: fmt.Sprintf("not valid YAML: %v", r)}
		}
	}()
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return nil, &configError{File: file, Line: n, Msg: "not valid YAML: " + m[2]}
		}
		return nil, &configError{File: file, Msg: "not valid YAML: " + msg}
	}
	if len(root.Content) == 0 {
		return nil, &configError{File: file, Line: 1, Msg: "empty configuration: want a mapping of settings (" + strings.Join(keyNames(), ", ") + ")"}
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, &configError{File: file, Line: top.Line, Column: top.Column, Msg: fmt.Sprintf("the configuration is %s: want a mapping of settings such as \"rules: riichi\"", kindName(top))}
	}
	c := &configReader{file: file, dir: filepath.Dir(file)}
	cfg = &runConfig{File: file}
	seen := map[string]*yaml.Node{}
	var errs []error
	fail := func(n *yaml.Node, format string, args ...any) {
		errs = append(errs, &configError{File: file, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)})
	}
	nodes := map[string]*yaml.Node{} // checked values by key
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			fail(k, "a key must be a name, not %s", kindName(k))
			continue
		}
		if first, ok := seen[k.Value]; ok {
			fail(k, "duplicate key %q (first at line %d)", k.Value, first.Line)
			continue
		}
		seen[k.Value] = k
		i := slices.IndexFunc(configKeys, func(ck configKey) bool { return ck.key == k.Value })
		if i < 0 {
			fail(k, "unknown key %q%s", k.Value, didYouMean(k.Value, keyNames()))
			continue
		}
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			fail(v, "%s: no value (delete the line to keep the default)", k.Value)
			continue
		}
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		val, err := configKeys[i].read(c, v)
		if err != nil {
			fail(v, "%s: %v", k.Value, err)
			continue
		}
		nodes[k.Value] = v
		cfg.Settings = append(cfg.Settings, setting{Key: k.Value, Flag: configKeys[i].flag, Value: val, Line: v.Line, Column: v.Column})
	}
	// The ruleset's options are checked against the ruleset they are for.
	if opts, ok := cfg.Get("options"); ok {
		rules, _ := cfg.Get("rules")
		if rules == "" {
			rules = "riichi"
		}
		if _, err := rulesets.New(rules, json.RawMessage(opts)); err != nil {
			fail(nodes["options"], "options: not options of %s: %v", rules, strings.TrimPrefix(err.Error(), "rulesets: "))
		}
	}
	if p, ok := cfg.Get("profile"); ok {
		if _, err := profile.LoadFile(p); err != nil {
			fail(nodes["profile"], "%v", err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cfg, nil
}

// apply sets the flags the command line left unset to the file's values.
func (c *runConfig) apply(fs *flag.FlagSet) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, s := range c.Settings {
		if given[s.Flag] {
			continue
		}
		if err := fs.Set(s.Flag, s.Value); err != nil {
			return &configError{File: c.File, Line: s.Line, Column: s.Column, Msg: fmt.Sprintf("%s: %v", s.Key, err)}
		}
	}
	return nil
}
