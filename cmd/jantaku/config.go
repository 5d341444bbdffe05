package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"jantaku/hardware/profile"
	"jantaku/mqtt/display"
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

// configReader reads values; dir is the file's folder.
type configReader struct{ file, dir string }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.DocumentNode:
		return "a document"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!int":
		return "a number (" + n.Value + ")"
	case "!!float":
		return "a number (" + n.Value + ")"
	case "!!bool":
		return "true/false (" + n.Value + ")"
	case "!!null":
		return "empty"
	}
	return fmt.Sprintf("the text %q", n.Value)
}

func scalar(n *yaml.Node, want string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	return n.Value, nil
}

// text reads a string: a number or true/false where text is wanted is a
// mistake more often than not (an unquoted "0,2" reads as text anyway).
func text(n *yaml.Node, want string) (string, error) {
	s, err := scalar(n, want)
	if err != nil {
		return "", err
	}
	if n.Tag != "!!str" {
		return "", fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	return s, nil
}

func readRules(_ *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a ruleset name such as riichi/tenhou")
	if err != nil {
		return "", err
	}
	names := rulesets.Names()
	if !slices.Contains(names, s) {
		return "", fmt.Errorf("unknown ruleset %q%s (known: %s)", s, didYouMean(s, names), strings.Join(names, ", "))
	}
	return s, nil
}

// readOptions turns a mapping of options into the JSON the ruleset reads.
func readOptions(_ *configReader, n *yaml.Node) (string, error) {
	if n.Kind != yaml.MappingNode {
		return "", fmt.Errorf("want a mapping of the ruleset's options (e.g. {red_fives: 3}), got %s", kindName(n))
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return "", err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("cannot be written as JSON: %v", err)
	}
	return string(b), nil
}

// readSeats reads seats played by people: a list such as [0, 2] or one
// seat number.
func readSeats(_ *configReader, n *yaml.Node) (string, error) {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	var seats []string
	for _, it := range items {
		if it.Kind != yaml.ScalarNode || it.Tag != "!!int" {
			return "", fmt.Errorf("want seat numbers 0–3 such as [0, 2], got %s", kindName(it))
		}
		s, err := strconv.Atoi(it.Value)
		if err != nil || s < 0 || s > 3 {
			return "", fmt.Errorf("seat %s: seats are 0–3", it.Value)
		}
		if slices.Contains(seats, strconv.Itoa(s)) {
			return "", fmt.Errorf("seat %d is listed twice", s)
		}
		seats = append(seats, strconv.Itoa(s))
	}
	return strings.Join(seats, ","), nil
}

func readDuration(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a duration such as 700ms or 3s")
	if err != nil {
		return "", err
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		if n.Tag == "!!int" || n.Tag == "!!float" {
			return "", fmt.Errorf("%s has no unit: write a duration such as %sms or %ss", s, s, s)
		}
		return "", fmt.Errorf("%q is not a duration such as 700ms or 3s", s)
	}
	if d < 0 {
		return "", fmt.Errorf("negative duration %s", s)
	}
	return d.String(), nil
}

func integer(n *yaml.Node, want string) (int64, error) {
	s, err := scalar(n, want)
	if err != nil {
		return 0, err
	}
	if n.Tag != "!!int" {
		return 0, fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is out of range", s)
	}
	return v, nil
}

func readCount(_ *configReader, n *yaml.Node) (string, error) {
	v, err := integer(n, "a whole number, 0 or more")
	if err != nil {
		return "", err
	}
	if v < 0 || v > math.MaxInt32 {
		return "", fmt.Errorf("%d: want a whole number, 0 or more", v)
	}
	return strconv.FormatInt(v, 10), nil
}

func readSeed(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a seed: a whole number, 0 or more")
	if err != nil {
		return "", err
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if n.Tag != "!!int" || err != nil {
		return "", fmt.Errorf("want a seed: a whole number, 0 or more, got %s", kindName(n))
	}
	return strconv.FormatUint(v, 10), nil
}

func number(n *yaml.Node, want string) (float64, error) {
	s, err := scalar(n, want)
	if err != nil {
		return 0, err
	}
	if n.Tag != "!!int" && n.Tag != "!!float" {
		return 0, fmt.Errorf("want %s, got %s", want, kindName(n))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("want %s, got %s", want, s)
	}
	return v, nil
}

func readPositive(_ *configReader, n *yaml.Node) (string, error) {
	v, err := number(n, "a number above 0")
	if err != nil {
		return "", err
	}
	if v <= 0 {
		return "", fmt.Errorf("%s: want a number above 0", n.Value)
	}
	return strconv.FormatFloat(v, 'g', -1, 64), nil
}

func readRate(_ *configReader, n *yaml.Node) (string, error) {
	v, err := number(n, "a rate from 0 to 1")
	if err != nil {
		return "", err
	}
	if v < 0 || v > 1 {
		return "", fmt.Errorf("%s: want a rate from 0 to 1", n.Value)
	}
	return strconv.FormatFloat(v, 'g', -1, 64), nil
}

func readBool(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "true or false")
	if err != nil {
		return "", err
	}
	if n.Tag != "!!bool" {
		return "", fmt.Errorf("want true or false, got %s", kindName(n))
	}
	v, err := strconv.ParseBool(strings.ToLower(s))
	if err != nil {
		return "", fmt.Errorf("want true or false, got %q", s)
	}
	return strconv.FormatBool(v), nil
}

// readPath reads a file or folder; a relative one is from the
// configuration file's folder.
// readURL reads a URL with one of the schemes.
func readURL(schemes ...string) func(*configReader, *yaml.Node) (string, error) {
	return func(_ *configReader, n *yaml.Node) (string, error) {
		s, err := text(n, "a URL")
		if err != nil {
			return "", err
		}
		u, err := url.Parse(s)
		if err != nil {
			return "", fmt.Errorf("%q is not a URL: %v", s, err)
		}
		if !slices.Contains(schemes, u.Scheme) || u.Host == "" {
			return "", fmt.Errorf("%q: want %s://host:port", s, strings.Join(schemes, "://, "))
		}
		return s, nil
	}
}

// readAutoOr reads "auto" as itself, anything else with read.
func readAutoOr(read func(*configReader, *yaml.Node) (string, error)) func(*configReader, *yaml.Node) (string, error) {
	return func(c *configReader, n *yaml.Node) (string, error) {
		if n.Kind == yaml.ScalarNode && n.Value == "auto" {
			return "auto", nil
		}
		return read(c, n)
	}
}

// readNoneOr reads "none" as itself, anything else with read.
func readNoneOr(read func(*configReader, *yaml.Node) (string, error)) func(*configReader, *yaml.Node) (string, error) {
	return func(c *configReader, n *yaml.Node) (string, error) {
		if n.Kind == yaml.ScalarNode && n.Value == "none" {
			return "none", nil
		}
		return read(c, n)
	}
}

func readPath(c *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a path")
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", errors.New("empty path")
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(c.dir, s)
	}
	return s, nil
}

// readAddr reads a listener's host:port; none allows "-" (no listener).
func readAddr(none bool) func(*configReader, *yaml.Node) (string, error) {
	return func(_ *configReader, n *yaml.Node) (string, error) {
		want := "an address host:port such as 127.0.0.1:8080"
		if none {
			want += ", or \"-\" for none"
		}
		s, err := text(n, want)
		if err != nil {
			return "", err
		}
		if none && s == "-" {
			return s, nil
		}
		if err := checkAddr(s); err != nil {
			return "", fmt.Errorf("%q: %v: want %s", s, err, want)
		}
		return s, nil
	}
}

func checkAddr(s string) error {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "address "+s+": "))
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("bad port %q", port)
	}
	if strings.ContainsAny(host, " /") {
		return fmt.Errorf("bad host %q", host)
	}
	return nil
}

var tileSets = []string{"136", "140", "144", "108", "108-3p", "96-3p"}

func readTileSet(_ *configReader, n *yaml.Node) (string, error) {
	s, err := scalar(n, "a tile set")
	if err != nil {
		return "", err
	}
	if !slices.Contains(tileSets, s) {
		return "", fmt.Errorf("unknown tile set %q (%s)", s, strings.Join(tileSets, ", "))
	}
	return s, nil
}

var logLevels = []string{"debug", "info", "warn", "error"}

func readLevel(_ *configReader, n *yaml.Node) (string, error) {
	s, err := text(n, "a log level")
	if err != nil {
		return "", err
	}
	if _, err := logLevel(s, false); err != nil {
		return "", err
	}
	return s, nil
}

// logLevel reads --log-level; -v means debug whatever the level says.
func logLevel(name string, verbose bool) (slog.Level, error) {
	if verbose {
		return slog.LevelDebug, nil
	}
	switch name {
	case "debug":
		return slog.LevelDebug, nil
	case "info", "":
		return slog.LevelInfo, nil
	case "warn":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return 0, fmt.Errorf("unknown log level %q%s (%s)", name, didYouMean(name, logLevels), strings.Join(logLevels, ", "))
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

// checkRun is "jantaku run --check": the settings, from the file and the
// flags together, make a table that can start.
func checkRun(w io.Writer, file, rules, options, humans, prof string) error {
	var opts json.RawMessage
	if options != "" {
		opts = json.RawMessage(options)
	}
	if _, err := rulesets.New(rules, opts); err != nil {
		return usageError{err}
	}
	if _, err := parseSeats(humans); err != nil {
		return usageError{err}
	}
	if prof != "" {
		if _, err := profile.LoadFile(prof); err != nil {
			return err
		}
	}
	if file == "" {
		file = "the flags"
	}
	fmt.Fprintf(w, "%s: ok (ruleset %s)\n", file, rules)
	return nil
}

// didYouMean suggests the closest of names to s, if one is close.
func didYouMean(s string, names []string) string {
	best, bestD := "", min(2, max(1, len([]rune(s))/3))+1
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// pageWebSocket is where the display pages find the broker's WebSocket
// listener at addr: its URL, or, when it listens on every interface
// (ws: 0.0.0.0:1884, so phones on the network reach it), no URL and its
// port, so each page uses the host it was loaded from.
func pageWebSocket(addr string) (url string, port int) {
	host, p, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err == nil && (host == "" || ip != nil && ip.IsUnspecified()) {
		if n, err := strconv.Atoi(p); err == nil {
			return "", n
		}
	}
	return display.WebSocketFor(addr), 0
}
