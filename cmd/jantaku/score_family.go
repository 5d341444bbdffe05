package main

// How "jantaku score" scores a hand under any ruleset family: each family
// is a small adapter (score_mcr.go, score_sichuan.go, …) that names the
// condition flags it reads and turns the command line into its own
// package's hand, conditions and options. This file holds what they share:
// the family table, the condition flags, the winner's hand, the seats, the
// options and the printed result.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
)

// A family is one ruleset family as "jantaku score" scores it.
type family interface {
	// conditions lists the flags the family reads besides the common ones
	// (--win, --ron, --tsumo, --from, --seat and the rules flags).
	conditions() []condFlag
	// score values the hand f describes under the family's preset, with
	// f's --options and --set laid over it.
	score(f *scoreFlags, preset string) (scoreResult, error)
}

// scoreResult is one scored hand as printed.
type scoreResult interface {
	text() string    // the full form
	summary() string // one line (batch mode)
	setLine(n int)   // the batch line it came from
}

// scoreFamilies lists the families, one line each, with the preset used
// when --rules names only the family. The names are those of
// rules/rulesets.
var scoreFamilies = []struct {
	name, preset string
	fam          family
}{
	{"riichi", "seed", riichiFamily{}},
	{"mcr", "official", mcrFamily{}},
	{"sichuan", "default", sichuanFamily{}},
	{"wuhan", "hzfc", wuhanFamily{}},
	{"shanghai", "liuxing", shanghaiFamily{}},
}

// commonFlags are read by every family.
var commonFlags = []string{"rules", "preset", "options", "set", "json", "batch", "win", "ron", "tsumo", "from", "seat"}

// condFlag is a condition flag of a family.
type condFlag struct {
	name  string
	arg   string // the value's name ("TILE", "WIND=HAND"); "" for a switch
	usage string
}

// condValue stores a family's condition flag in scoreFlags.cond: every
// value given, in order; a switch stores "true" or "false".
type condValue struct {
	f      *scoreFlags
	name   string
	isBool bool
}

func (v condValue) String() string { return "" }
func (v condValue) IsBoolFlag() bool {
	return v.isBool
}

func (v condValue) Set(s string) error {
	if v.isBool {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", s)
		}
		s = strconv.FormatBool(b)
	}
	v.f.cond[v.name] = append(v.f.cond[v.name], s)
	return nil
}

// on reports whether the switch name is set.
func (f *scoreFlags) on(name string) bool {
	return f.value(name) == "true"
}

// value returns the last value of the condition flag name.
func (f *scoreFlags) value(name string) string {
	if vs := f.cond[name]; len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return ""
}

// family returns the family --rules names and its preset, and checks that
// every flag given applies to it.
func (f *scoreFlags) family() (family, string, error) {
	name := f.rules
	if name == "" {
		name = "riichi"
	}
	fam, preset, _ := strings.Cut(name, "/")
	if f.presetSet {
		if preset != "" && preset != f.preset {
			return nil, "", fmt.Errorf("--rules %s and --preset %s name different presets", name, f.preset)
		}
		preset = f.preset
	}
	var chosen family
	for _, sf := range scoreFamilies {
		if sf.name == fam {
			chosen = sf.fam
			if preset == "" {
				preset = sf.preset
			}
		}
	}
	// rulesets knows the names the table plays; its error lists them.
	full := name
	if chosen != nil {
		full = fam + "/" + preset
	}
	if _, err := rulesets.New(full, nil); err != nil || chosen == nil {
		if err == nil {
			err = fmt.Errorf("%s cannot be scored here", fam)
		}
		if fam == "riichi" && f.presetSet {
			// As before --rules existed: riichi's own message.
			if _, perr := riichi.Preset(preset); perr != nil {
				err = perr
			}
		}
		return nil, "", fmt.Errorf("--rules: %w", err)
	}
	applies := map[string]bool{}
	for _, n := range commonFlags {
		applies[n] = true
	}
	for _, c := range chosen.conditions() {
		applies[c.name] = true
	}
	for _, n := range f.given {
		if !applies[n] {
			return nil, "", fmt.Errorf("--%s does not apply to %s", n, fam)
		}
	}
	return chosen, preset, nil
}

// winnerHand reads the winner's hand and its winning tile: --win, or the
// last concealed tile written. A hand written without its winning tile
// gets it from --win.
func (f *scoreFlags) winnerHand() (tile.Hand, tile.Kind, error) {
	h, err := tile.ParseHand(strings.Join(f.hand, " "))
	if err != nil {
		return h, 0, err
	}
	var win tile.Kind
	if f.win != "" {
		ts, err := tile.Parse(f.win)
		if err != nil {
			return h, 0, fmt.Errorf("--win: %w", err)
		}
		if len(ts) != 1 || ts[0].Kind.IsFlower() {
			return h, 0, fmt.Errorf("--win takes one tile that is not a flower, got %q", f.win)
		}
		win = ts[0].Kind
		if len(h.Concealed)+3*len(h.Melds) == 13 {
			h.Concealed = append(h.Concealed, ts[0])
		}
	} else if len(h.Concealed) > 0 {
		win = h.Concealed[len(h.Concealed)-1].Kind
	}
	if err := checkChi(h); err != nil {
		return h, 0, err
	}
	if n := len(h.Concealed) + 3*len(h.Melds); n != 14 {
		return h, 0, fmt.Errorf("the hand %s has %d tiles (a kong counted as three); a win has 14 with the winning tile (or 13 and --win): %w", h, n, errBadHand)
	}
	if !slices.ContainsFunc(h.Concealed, func(t tile.Tile) bool { return t.Kind == win }) {
		return h, 0, fmt.Errorf("the winning tile %s is not among the concealed tiles of %s: %w", win, h, errBadHand)
	}
	return h, win, nil
}

// seats returns the winner (--seat, default S) and the seat the winning
// tile came from (--from, default the winner's 上家; game.NoSeat on a
// tsumo) at a table of players seats named by wind, East the dealer.
func (f *scoreFlags) seats(players int) (winner, from game.Seat, err error) {
	if winner, err = seatFlag("seat", f.seat, players); err != nil {
		return 0, 0, err
	}
	if f.tsumo {
		if f.from != "" {
			return 0, 0, errors.New("--from names the discarder of a ron, not of a tsumo")
		}
		return winner, game.NoSeat, nil
	}
	from = (winner + game.Seat(players) - 1) % game.Seat(players)
	if f.from != "" {
		if from, err = seatFlag("from", f.from, players); err != nil {
			return 0, 0, err
		}
		if from == winner {
			return 0, 0, fmt.Errorf("--from %s is the winner's own seat", f.from)
		}
	}
	return winner, from, nil
}

// seatFlag reads a seat named by its wind.
func seatFlag(flag, s string, players int) (game.Seat, error) {
	w, err := riichi.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("--%s: %w", flag, err)
	}
	if int(w) >= players {
		return 0, fmt.Errorf("--%s %s: the table has %d seats (%s)", flag, s, players, seatNames(players))
	}
	return game.Seat(w), nil
}

func seatNames(players int) string {
	var ns []string
	for i := range players {
		ns = append(ns, seatName(game.Seat(i)))
	}
	return strings.Join(ns, " ")
}

// seatName names a seat by its wind, East the dealer.
func seatName(s game.Seat) string {
	if s < 0 || s > 3 {
		return "table"
	}
	return riichi.Wind(s).String()
}

// windKind reads a wind flag as a tile kind.
func windKind(flag, s string) (tile.Kind, error) {
	w, err := riichi.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("--%s: %w", flag, err)
	}
	return w.Kind(), nil
}

// seatHands reads the repeatable flag name, WIND=HAND, into hands by seat.
func (f *scoreFlags) seatHands(name string, players int, winner game.Seat) (map[game.Seat]tile.Hand, error) {
	out := map[game.Seat]tile.Hand{}
	for _, v := range f.cond[name] {
		w, text, ok := strings.Cut(v, "=")
		if !ok {
			return nil, fmt.Errorf("--%s wants WIND=HAND, got %q", name, v)
		}
		seat, err := seatFlag(name, strings.TrimSpace(w), players)
		if err != nil {
			return nil, err
		}
		if seat == winner {
			return nil, fmt.Errorf("--%s %s: that is the winner; the winner's hand is HAND", name, v)
		}
		if _, dup := out[seat]; dup {
			return nil, fmt.Errorf("--%s: seat %s given twice", name, seatName(seat))
		}
		h, err := tile.ParseHand(text)
		if err == nil {
			err = checkChi(h)
		}
		if err != nil {
			return nil, fmt.Errorf("--%s %s: %w", name, seatName(seat), err)
		}
		out[seat] = h
	}
	return out, nil
}

// impliesTsumo makes the switches names (wins on a drawn tile) imply
// --tsumo; with --ron they are an error.
func (f *scoreFlags) impliesTsumo(names ...string) error {
	for _, n := range names {
		if f.on(n) {
			if !f.tsumo && slices.Contains(f.given, "ron") {
				return fmt.Errorf("--%s is a self-drawn win, not a ron", n)
			}
			f.tsumo = true
		}
	}
	return nil
}

// notTsumo rejects the switches names (wins on another player's tile)
// with --tsumo.
func (f *scoreFlags) notTsumo(names ...string) error {
	for _, n := range names {
		if f.on(n) && f.tsumo {
			return fmt.Errorf("--%s is a win on another player's tile, not a tsumo", n)
		}
	}
	return nil
}

// ways checks the switches that name how the hand was won: those in
// selfDrawn make it a tsumo (and refuse --ron), those in onDiscard refuse
// --tsumo. Its errors are usage errors.
func (f *scoreFlags) ways(selfDrawn, onDiscard []string) error {
	if err := f.impliesTsumo(selfDrawn...); err != nil {
		return usageError{err}
	}
	if err := f.notTsumo(onDiscard...); err != nil {
		return usageError{err}
	}
	return nil
}

// presetOptions is a family's preset named name with f's --options and
// --set laid over it; its errors are usage errors.
func presetOptions[O interface{ Validate() error }](preset func(string) (O, error), name string, f *scoreFlags) (O, error) {
	o, err := preset(name)
	if err == nil {
		o, err = layOptions(o, f)
	}
	if err != nil {
		return o, usageError{err}
	}
	return o, nil
}

// layOptions lays f's --options file (YAML or JSON) and --set values over
// a family's preset options o and validates the result.
func layOptions[O interface{ Validate() error }](o O, f *scoreFlags) (O, error) {
	decode := func(data []byte) error {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		err := dec.Decode(&o)
		var te *yaml.TypeError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &te):
			// One line: "line 2: field nope not found in type mcr.Options".
			return errors.New(strings.Join(te.Errors, "; "))
		}
		return err
	}
	if f.options != "" {
		data, err := os.ReadFile(f.options)
		if err != nil {
			return o, err
		}
		if err := decode(data); err != nil {
			return o, fmt.Errorf("%s: %w", f.options, explainOptions(err, o))
		}
	}
	for _, s := range f.sets {
		k, v, _ := strings.Cut(s, "=")
		// caps.cap=300 is caps: {cap: 300}.
		keys := strings.Split(strings.TrimSpace(k), ".")
		if err := knownKey(keys[0], o); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
		doc := strings.TrimSpace(v)
		for i := len(keys) - 1; i >= 0; i-- {
			doc = "{" + strconv.Quote(keys[i]) + ": " + doc + "}"
		}
		if err := decode([]byte(doc)); err != nil {
			return o, fmt.Errorf("--set %s: %s", s, strings.ReplaceAll(err.Error(), "line 1: ", ""))
		}
	}
	if err := o.Validate(); err != nil {
		return o, err
	}
	return o, nil
}

// knownKey checks that key is a top-level option of the options struct o
// (its YAML names), suggesting the nearest for a misspelt one.
func knownKey(key string, o any) error {
	keys := optionKeys(reflect.TypeOf(o))
	if slices.Contains(keys, key) {
		return nil
	}
	if n := nearest(key, keys); n != "" {
		return fmt.Errorf("unknown option %q (did you mean %q?)", key, n)
	}
	slices.Sort(keys)
	return fmt.Errorf("unknown option %q (the options are %s)", key, strings.Join(keys, ", "))
}

// unknownField is the YAML decoder's message for a key the options do not
// have, which names a Go type.
var unknownField = regexp.MustCompile(`field (\S+) not found in type (?:struct \{.*\}|[\w.]+)`)

// explainOptions rewrites the decoder's "field X not found in type T" in
// an options file's error as the option's name and the nearest known one.
func explainOptions(err error, o any) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	m := unknownField.FindStringSubmatchIndex(msg)
	if m == nil {
		return err
	}
	key := msg[m[2]:m[3]]
	return reworded{msg[:m[0]] + knownKey(key, o).Error() + msg[m[1]:], err}
}

// reworded is an error with a clearer message that still matches what
// it wraps (errors.Is).
type reworded struct {
	msg string
	err error
}

func (e reworded) Error() string { return e.msg }
func (e reworded) Unwrap() error { return e.err }

// optionKeys lists the YAML keys of a struct type, inline fields' own.
func optionKeys(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		fl := t.Field(i)
		if !fl.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(fl.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") || fl.Anonymous && name == "" {
			out = append(out, optionKeys(fl.Type)...)
			continue
		}
		if name == "" {
			name = strings.ToLower(fl.Name)
		}
		out = append(out, name)
	}
	return out
}

// rulesLabel names the rules a hand was scored under.
func (f *scoreFlags) rulesLabel(fam, preset string) string {
	s := fam + "/" + preset
	if f.options != "" {
		s += " + " + f.options
	}
	for _, kv := range f.sets {
		s += " + " + kv
	}
	return s
}

// familyOutput is a hand scored by a family other than riichi, as printed
// and as JSON.
type familyOutput struct {
	Line  int    `json:"line,omitempty"`
	Rules string `json:"rules"`
	Hand  string `json:"hand"`
	Win   string `json:"win"`
	Tsumo bool   `json:"tsumo"`
	Seat  string `json:"seat"`
	From  string `json:"from,omitempty"`
	// Conditions are the condition flags given, e.g. "replacement".
	Conditions []string  `json:"conditions,omitempty"`
	Items      []itemOut `json:"items"`
	// Value is the totals in words; Totals the family's figures.
	Value  string `json:"value"`
	Totals any    `json:"totals"`
	Limit  string `json:"limit,omitempty"`
	// Shares are the family's per-payer workings (text only; JSON has
	// them in Totals).
	Shares   []string     `json:"-"`
	Payments []paymentOut `json:"payments"`
	Net      []seatAmount `json:"net"`
	Total    int          `json:"total"`
}

// itemOut is one yaku, fan or other scoring element. Seat is set for
// the elements of a player who did not win.
type itemOut struct {
	Seat    string `json:"seat,omitempty"`
	Name    string `json:"name"`
	English string `json:"english"`
	Value   string `json:"value"`
}

type paymentOut struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int    `json:"amount"`
	Reason string `json:"reason,omitempty"`
}

type seatAmount struct {
	Seat   string `json:"seat"`
	Amount int    `json:"amount"`
}

// newFamilyOutput fills what every family shares.
func newFamilyOutput(f *scoreFlags, rules string, h tile.Hand, win tile.Kind, winner, from game.Seat, fam family) *familyOutput {
	conc := slices.Clone(h.Concealed)
	slices.SortStableFunc(conc, func(a, b tile.Tile) int { return int(a.Kind) - int(b.Kind) })
	h.Concealed = conc
	o := &familyOutput{Rules: rules, Hand: h.String(), Win: win.String(), Tsumo: f.tsumo, Seat: seatName(winner)}
	if from != game.NoSeat {
		o.From = seatName(from)
	}
	for _, c := range fam.conditions() {
		if c.arg == "" && f.on(c.name) {
			o.Conditions = append(o.Conditions, c.name)
		}
	}
	return o
}

// pay records the payments and each seat's net, the winner's as Total.
func (o *familyOutput) pay(ps []game.Payment, players int, winner game.Seat) {
	net := make([]int, players)
	for _, p := range ps {
		o.Payments = append(o.Payments, paymentOut{From: seatName(p.From), To: seatName(p.To), Amount: p.Amount, Reason: p.Reason})
		if p.From >= 0 && int(p.From) < players {
			net[p.From] -= p.Amount
		}
		if p.To >= 0 && int(p.To) < players {
			net[p.To] += p.Amount
		}
	}
	for i, n := range net {
		if n != 0 || game.Seat(i) == winner {
			o.Net = append(o.Net, seatAmount{Seat: seatName(game.Seat(i)), Amount: n})
		}
	}
	o.Total = net[winner]
}

func (o *familyOutput) setLine(n int) { o.Line = n }

func (o *familyOutput) text() string {
	var b strings.Builder
	how := "ron"
	if o.Tsumo {
		how = "tsumo"
	}
	if o.From != "" {
		how += " from " + o.From
	}
	for _, c := range o.Conditions {
		how += ", " + c
	}
	fmt.Fprintf(&b, "%s  +%s %s, seat %s (rules: %s)\n", o.Hand, o.Win, how, o.Seat, o.Rules)
	for _, it := range o.Items {
		if it.Seat == "" {
			fmt.Fprintf(&b, "  %s %-34s %s\n", pad(it.Name, 14), it.English, it.Value)
		}
	}
	fmt.Fprintf(&b, "%s\n", o.Value)
	if o.Limit != "" {
		fmt.Fprintf(&b, "limit: %s\n", o.Limit)
	}
	for _, s := range o.Shares {
		fmt.Fprintf(&b, "%s\n", s)
	}
	for _, p := range o.Payments {
		fmt.Fprintf(&b, "%s pays %s %d", p.From, p.To, p.Amount)
		if p.Reason != "" && p.Reason != "win" {
			fmt.Fprintf(&b, " (%s)", p.Reason)
		}
		b.WriteString("\n")
	}
	if len(o.Net) > 2 || len(o.Net) == 2 && len(o.Payments) > 1 {
		fmt.Fprintf(&b, "net: %s\n", o.netText())
	}
	fmt.Fprintf(&b, "total: %s %+d\n", o.Seat, o.Total)
	return b.String()
}

func (o *familyOutput) netText() string {
	var ns []string
	for _, n := range o.Net {
		ns = append(ns, fmt.Sprintf("%s %+d", n.Seat, n.Amount))
	}
	return strings.Join(ns, ", ")
}

func (o *familyOutput) summary() string {
	var is, ps []string
	for _, it := range o.Items {
		if it.Seat == "" {
			is = append(is, it.Name+" "+it.Value)
		}
	}
	for _, p := range o.Payments {
		ps = append(ps, fmt.Sprintf("%s %d", p.From, p.Amount))
	}
	return fmt.Sprintf("%s: %s; %s; %d (%s) [%s]", o.Hand, strings.Join(is, ", "), o.Value, o.Total, strings.Join(ps, ", "), o.Rules)
}

// gameItems turns a package's game.Items into printed items.
func gameItems(seat string, its []game.Item) []itemOut {
	var out []itemOut
	for _, it := range its {
		out = append(out, itemOut{Seat: seat, Name: it.Name, English: it.En, Value: it.Value})
	}
	return out
}

// familyUsage lists the condition flags of the families but riichi.
func familyUsage() string {
	var b strings.Builder
	for _, sf := range scoreFamilies {
		if sf.name == "riichi" {
			continue
		}
		var others []string
		for _, n := range rulesets.Names() {
			if p, ok := strings.CutPrefix(n, sf.name+"/"); ok && p != sf.preset {
				others = append(others, p)
			}
		}
		fmt.Fprintf(&b, "\n%s (--rules %s, default preset %s; also %s):\n", sf.name, sf.name, sf.preset, strings.Join(others, ", "))
		for _, c := range sf.fam.conditions() {
			n := "--" + c.name
			if c.arg != "" {
				n += " " + c.arg
			}
			if len(n) >= 20 {
				n += "\n" + strings.Repeat(" ", 22)
			}
			fmt.Fprintf(&b, "  %-20s%s\n", n, c.usage)
		}
	}
	return b.String()
}

// pad fills s with spaces to n columns, a wide (CJK) character taking two.
func pad(s string, n int) string {
	w := 0
	for _, r := range s {
		w++
		if r >= 0x2E80 && r < 0xA000 || r >= 0xF900 && r < 0xFB00 || r >= 0xFF00 && r < 0xFF61 {
			w++
		}
	}
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}
