package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

var scoreUsage = `usage:
  jantaku score [--rules NAME] [flags] HAND
  jantaku score [--rules NAME] [flags] --batch FILE     (FILE "-" is standard input)

HAND is tile notation, the winning tile included:
  1m–9m characters, 1p–9p dots, 1s–9s bamboos; 0m 0p 0s a red five
  1z–7z the honours: 1z East 2z South 3z West 4z North 5z White 6z Green 7z Red
  1f–8f flowers: spring summer autumn winter plum orchid chrysanthemum bamboo
Melds go in brackets, the claimed tile first, then "<" and the seat it came
from counted from the winner in turn order: <1 the next player (下家),
<2 the player opposite (対面), <3 the previous player (上家), the only seat
a chi takes from. A concealed kong goes in square brackets.
  '123m456p789s11222z'   '(pon 555z<2) 234m678p22s444s'   '[ankan 3333m] 234p888p99s567s'
  '(chi 213m<3) 456p789s11222z'
Flags may come before or after HAND. In batch mode each line holds one
hand with its own flags (the command line's flags come first, so a line
can override them); blank lines and lines starting with # are skipped.
Seats are named by their wind in the hand, East the dealer.

flags for every ruleset:
  --rules NAME        the ruleset: a family (riichi, mcr, sichuan, wuhan,
                      shanghai) or family/preset, e.g. mcr/simplified,
                      shanghai/laoshi (default riichi)
  --win TILE          the winning tile (default: the last concealed tile written)
  --ron | --tsumo     how the hand was won (default ron)
  --from WIND         the discarder on a ron (default: the winner's 上家)
  --seat WIND         the winner's seat wind, E = dealer (default S)
  --preset NAME       the family's preset, as after the "/" of --rules
  --options FILE      YAML or JSON options over the preset (riichi: or over
                      the file's own "preset" key when no preset is named)
  --set KEY=VALUE     one option over those (repeatable), e.g. --set kiriage=true,
                      --set minimum=6, --set caps.cap=300
  --json              print JSON, one object per hand; a hand not scored is
                      {"error", "kind", "rules", "hand", "items"}, "kind" one of
                      not_winning, no_yaku, below_minimum, bad_hand, conditions,
                      options, usage, and "items" the yaku or fans found
  --batch FILE        score one hand per line of FILE
A flag that does not apply to the family scored is an error.

riichi (--rules riichi, default preset seed; also tenhou, mahjongsoul):
  The seed preset plays without red fives and ippatsu; riichi/tenhou and
  riichi/mahjongsoul play both (or --set red_fives=3 --set ippatsu=true).
  --round WIND        the round wind (default E)
  --riichi --double-riichi --ippatsu --haitei --houtei --rinshan --chankan
  --tenhou --chiihou --renhou
  --dora TILES        dora indicators, kan dora's after the first (e.g. 1z4z)
  --ura TILES         ura dora indicators
  --honba N           honba counters
  --deposits N        1,000-point sticks on the table, the winner's own riichi stick included
  --pao WIND          the player liable for a daisangen or daisuushii
` + familyUsage() + `
Every result names the ruleset and preset it was scored under ("rules").

exit status:
  0  scored (--batch: every line scored)
  1  the hand does not win (no yaku, below the minimum, not a winning shape),
     or a file could not be read
  2  usage error: an unknown flag or option key, a malformed hand, impossible
     conditions
  3  --batch: every line read, some not scored (each reported on its line)`

// scoreFlags are one invocation's settings.
type scoreFlags struct {
	rules                                                          string
	win, from, seat, round, dora, ura, pao, preset, options, batch string
	tsumo                                                          bool
	riichi, double, ippatsu, haitei, houtei, rinshan, chankan      bool
	tenhou, chiihou, renhou, json, presetSet                       bool
	honba, deposits                                                int
	sets                                                           []string
	hand                                                           []string
	// cond holds the condition flags of the families but riichi, by name
	// (score_family.go).
	cond map[string][]string
	// given names the flags given, for the check that each applies to
	// the family scored.
	given []string
}

func (f *scoreFlags) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.win, "win", "", "")
	fs.BoolFunc("ron", "", func(string) error { f.tsumo = false; return nil })
	fs.BoolFunc("tsumo", "", func(string) error { f.tsumo = true; return nil })
	fs.StringVar(&f.from, "from", "", "")
	fs.StringVar(&f.seat, "seat", "S", "")
	fs.StringVar(&f.round, "round", "E", "")
	for name, p := range map[string]*bool{"riichi": &f.riichi, "double-riichi": &f.double, "ippatsu": &f.ippatsu,
		"haitei": &f.haitei, "houtei": &f.houtei, "rinshan": &f.rinshan, "chankan": &f.chankan,
		"tenhou": &f.tenhou, "chiihou": &f.chiihou, "renhou": &f.renhou, "json": &f.json} {
		fs.BoolVar(p, name, *p, "")
	}
	fs.StringVar(&f.dora, "dora", "", "")
	fs.StringVar(&f.ura, "ura", "", "")
	fs.IntVar(&f.honba, "honba", 0, "")
	fs.IntVar(&f.deposits, "deposits", 0, "")
	fs.StringVar(&f.pao, "pao", "", "")
	f.preset = "seed"
	fs.Func("preset", "", func(v string) error { f.preset, f.presetSet = v, true; return nil })
	fs.StringVar(&f.options, "options", "", "")
	fs.Func("set", "", func(s string) error {
		if !strings.Contains(s, "=") {
			return fmt.Errorf("--set wants KEY=VALUE, got %q", s)
		}
		f.sets = append(f.sets, s)
		return nil
	})
	fs.StringVar(&f.batch, "batch", "", "")
	fs.StringVar(&f.rules, "rules", "", "")
	f.cond = map[string][]string{}
	for _, sf := range scoreFamilies {
		for _, c := range sf.fam.conditions() {
			if fs.Lookup(c.name) == nil {
				fs.Var(condValue{f: f, name: c.name, isBool: c.arg == ""}, c.name, "")
			}
		}
	}
	return fs
}

// parse reads flags in any position; the other arguments make the hand.
// "--" ends the flags.
func (f *scoreFlags) parse(args []string) error {
	fs := f.flagSet()
	defer fs.Visit(func(fl *flag.Flag) { f.given = append(f.given, fl.Name) })
	for len(args) > 0 {
		if args[0] == "--" {
			f.hand = append(f.hand, args[1:]...)
			return nil
		}
		if err := fs.Parse(args); err != nil {
			return flagError(fs, err)
		}
		if rest := fs.Args(); len(rest) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			f.hand = append(f.hand, rest...)
			return nil
		}
		args = fs.Args()
		if len(args) > 0 {
			f.hand = append(f.hand, args[0])
			args = args[1:]
		}
	}
	return nil
}

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if hasPosition(args) {
		return scorePosition(args, stdin, stdout) // position.go
	}
	var f scoreFlags
	if err := f.parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err = fmt.Fprintln(stdout, scoreUsage)
			return err
		}
		return usageError{err}
	}
	if f.batch != "" {
		if len(f.hand) > 0 {
			return usageError{fmt.Errorf("--batch reads the hands from %s; no HAND on the command line (got %q)", f.batch, strings.Join(f.hand, " "))}
		}
		return scoreBatch(ctx, f.batch, withoutBatch(args), stdin, stdout)
	}
	if len(f.hand) == 0 {
		return usageError{fmt.Errorf("no hand given\n%s", scoreUsage)}
	}
	out, err := scoreHand(&f)
	if err != nil {
		if f.json {
			// The same object a batch line gets, on stdout; the exit
			// status still says what happened.
			enc := json.NewEncoder(stdout)
			enc.SetEscapeHTML(false)
			if werr := enc.Encode(newScoreError(0, &f, err)); werr != nil {
				return werr
			}
			return quietError{err}
		}
		return err
	}
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	_, err = io.WriteString(stdout, out.text())
	return err
}

// scoreHand scores the hand under the family --rules names.
func scoreHand(f *scoreFlags) (scoreResult, error) {
	fam, preset, err := f.family()
	if err != nil {
		return nil, usageError{err}
	}
	return fam.score(f, preset)
}

// withoutBatch drops --batch and its value from the command line, which
// becomes every batch line's defaults.
func withoutBatch(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--batch" || a == "-batch":
			i++
		case strings.HasPrefix(a, "--batch=") || strings.HasPrefix(a, "-batch="):
		default:
			out = append(out, a)
		}
	}
	return out
}

func scoreBatch(ctx context.Context, name string, defaults []string, stdin io.Reader, stdout io.Writer) error {
	in := stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return usageError{err}
		}
		defer fh.Close()
		in = fh
	}
	var df scoreFlags
	if err := df.parse(defaults); err != nil {
		return usageError{err}
	}
	if _, _, err := df.family(); err != nil {
		return usageError{err}
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	lines, failed := 0, 0
	for n := 1; sc.Scan(); n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		out, lf, err := scoreLine(defaults, line)
		if err != nil {
			failed++
			if df.json {
				enc.Encode(newScoreError(n, lf, err))
			} else {
				fmt.Fprintf(stdout, "line %d: error: %v\n", n, err)
			}
			continue
		}
		out.setLine(n)
		if df.json {
			enc.Encode(out)
		} else {
			fmt.Fprintf(stdout, "line %d: %s\n", n, out.summary())
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if failed > 0 {
		return someLinesError{failed: failed, lines: lines}
	}
	return nil
}

// scoreLine scores one batch line; it returns the line's flags, as far
// as they were read, for the error report.
func scoreLine(defaults []string, line string) (scoreResult, *scoreFlags, error) {
	var f scoreFlags
	words, err := splitWords(line)
	if err != nil {
		return nil, &f, usageError{err}
	}
	if err := f.parse(append(append([]string(nil), defaults...), words...)); err != nil {
		return nil, &f, usageError{err}
	}
	if f.batch != "" {
		return nil, &f, usageError{errors.New("--batch inside a batch line")}
	}
	if len(f.hand) == 0 {
		return nil, &f, usageError{errors.New("no hand on the line")}
	}
	out, err := scoreHand(&f)
	return out, &f, err
}

// splitWords splits a line into words as a shell would for plain words
// and single- or double-quoted strings.
func splitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote", quote)
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// riichiFamily is Japanese riichi, the default family.
type riichiFamily struct{}

func (riichiFamily) conditions() []condFlag {
	var out []condFlag
	for _, n := range []string{"round", "riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
		"tenhou", "chiihou", "renhou", "dora", "ura", "honba", "deposits", "pao"} {
		out = append(out, condFlag{name: n}) // flagSet defines them
	}
	return out
}

func (riichiFamily) score(f *scoreFlags, preset string) (scoreResult, error) {
	f.preset = preset
	if strings.Contains(f.rules, "/") {
		f.presetSet = true
	}
	return scoreOne(f)
}

// scoreOne builds the win and the options from the flags and scores.
func scoreOne(f *scoreFlags) (*scoreOutput, error) {
	o, err := f.riichiOptions()
	if err != nil {
		return nil, usageError{err}
	}
	w, err := f.winOf()
	if err != nil {
		return nil, usageError{err}
	}
	label := f.riichiLabel()
	if o.RedFives == 0 {
		for _, t := range append(slices.Clone(w.Concealed), meldTiles(w.Melds)...) {
			if t.Red {
				return nil, usageError{fmt.Errorf("%s is a red five, but %s plays without red fives: score under --rules riichi/tenhou or riichi/mahjongsoul, add --set red_fives=3, or write %d%c: %w", t, label, 5, t.String()[1], riichi.ErrOptions)}
			}
		}
	}
	if w.Ippatsu && !o.Ippatsu {
		return nil, usageError{fmt.Errorf("--ippatsu: %s does not play ippatsu: score under --rules riichi/tenhou or riichi/mahjongsoul, or add --set ippatsu=true: %w", label, riichi.ErrConditions)}
	}
	r, err := riichi.Score(w, o)
	if err != nil {
		if errors.Is(err, riichi.ErrBadHand) || errors.Is(err, riichi.ErrConditions) {
			return nil, usageError{err}
		}
		return nil, err
	}
	return newScoreOutput(&w, f, r), nil
}

func (f *scoreFlags) riichiOptions() (riichi.Options, error) {
	o, err := riichi.Preset(f.preset)
	if err != nil {
		return o, err
	}
	if f.options != "" {
		data, err := os.ReadFile(f.options)
		if err != nil {
			return o, err
		}
		if !f.presetSet {
			// The file's own "preset" key, if any, picks the start.
			o, err = riichi.ParseOptions(data)
		} else {
			o, err = o.Merge(data)
		}
		if err != nil {
			return o, fmt.Errorf("%s: %w", f.options, explainOptions(err, o))
		}
	}
	for _, s := range f.sets {
		k, v, _ := strings.Cut(s, "=")
		if err := knownKey(strings.TrimSpace(k), o); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
		if o, err = o.Merge([]byte(strings.TrimSpace(k) + ": " + strings.TrimSpace(v))); err != nil {
			return o, fmt.Errorf("--set %s: %w", s, err)
		}
	}
	return o, nil
}

func (f *scoreFlags) winOf() (riichi.Win, error) {
	var w riichi.Win
	h, err := tile.ParseHand(strings.Join(f.hand, " "))
	if err != nil {
		return w, err
	}
	if len(h.Flowers) > 0 {
		return w, fmt.Errorf("riichi has no flowers (%s)", tile.Format(h.Flowers))
	}
	if err := checkChi(h); err != nil {
		return w, err
	}
	w.Concealed, w.Melds = h.Concealed, h.Melds
	if f.win != "" {
		ts, err := tile.Parse(f.win)
		if err != nil {
			return w, fmt.Errorf("--win: %w", err)
		}
		if len(ts) != 1 {
			return w, fmt.Errorf("--win takes one tile, got %q", f.win)
		}
		w.WinTile = ts[0].Kind
		// A hand written without its winning tile gets it added.
		if len(w.Concealed)+3*len(w.Melds) == 13 {
			w.Concealed = append(w.Concealed, ts[0])
		}
	} else if len(w.Concealed) > 0 {
		w.WinTile = w.Concealed[len(w.Concealed)-1].Kind
	}
	if w.Seat, err = riichi.ParseWind(f.seat); err != nil {
		return w, fmt.Errorf("--seat: %w", err)
	}
	if w.Round, err = riichi.ParseWind(f.round); err != nil {
		return w, fmt.Errorf("--round: %w", err)
	}
	w.Tsumo = f.tsumo
	w.From = (w.Seat + 3) & 3
	if f.from != "" {
		if f.tsumo {
			return w, errors.New("--from names the discarder of a ron, not of a tsumo")
		}
		if w.From, err = riichi.ParseWind(f.from); err != nil {
			return w, fmt.Errorf("--from: %w", err)
		}
	}
	w.Riichi, w.DoubleRiichi, w.Ippatsu = f.riichi, f.double, f.ippatsu
	w.Haitei, w.Houtei, w.Rinshan, w.Chankan = f.haitei, f.houtei, f.rinshan, f.chankan
	w.Tenhou, w.Chiihou, w.Renhou = f.tenhou, f.chiihou, f.renhou
	for _, ind := range []struct {
		flag, s string
		to      *[]tile.Kind
	}{{"--dora", f.dora, &w.Dora}, {"--ura", f.ura, &w.Ura}} {
		if ind.s == "" {
			continue
		}
		ts, err := tile.Parse(ind.s)
		if err != nil {
			return w, fmt.Errorf("%s: %w", ind.flag, err)
		}
		*ind.to = tile.Kinds(ts)
	}
	w.Honba, w.Deposits = f.honba, f.deposits
	if f.pao != "" {
		if w.Pao.Liable, err = riichi.ParseWind(f.pao); err != nil {
			return w, fmt.Errorf("--pao: %w", err)
		}
		w.Pao.Yaku = riichi.Daisangen
		c := h.Counts()
		if c[tile.East] >= 3 && c[tile.South] >= 3 && c[tile.West] >= 3 && c[tile.North] >= 3 {
			w.Pao.Yaku = riichi.Daisuushii
		}
	}
	return w, nil
}

// scoreOutput is the result as printed (and as JSON).
type scoreOutput struct {
	Line     int              `json:"line,omitempty"`
	Hand     string           `json:"hand"`
	Win      string           `json:"win"`
	Tsumo    bool             `json:"tsumo"`
	Seat     riichi.Wind      `json:"seat"`
	Round    riichi.Wind      `json:"round"`
	Rules    string           `json:"rules"`
	Preset   string           `json:"preset"`
	Yaku     []yakuOut        `json:"yaku"`
	Han      int              `json:"han"`
	Fu       int              `json:"fu"`
	FuParts  []fuOut          `json:"fu_parts,omitempty"`
	Yakuman  int              `json:"yakuman,omitempty"`
	Limit    string           `json:"limit,omitempty"`
	Base     int              `json:"base"`
	Payments []riichi.Payment `json:"payments"`
	Deposits int              `json:"deposits"`
	Total    int              `json:"total"`
}

type yakuOut struct {
	Name     string `json:"name"`
	Japanese string `json:"japanese"`
	Han      int    `json:"han,omitempty"`
	Yakuman  int    `json:"yakuman,omitempty"`
}

type fuOut struct {
	Reason string `json:"reason"`
	Fu     int    `json:"fu"`
	Tile   string `json:"tile,omitempty"`
}

// scoreError is a hand not scored, as JSON: the same object for a single
// hand (--json) and a batch line.
type scoreError struct {
	Line  int    `json:"line,omitempty"`
	Error string `json:"error"`
	Kind  string `json:"kind"`
	// Rules names the ruleset and preset, as far as the flags said.
	Rules string `json:"rules,omitempty"`
	Hand  string `json:"hand,omitempty"`
	// Items are the yaku or fans the hand has (e.g. below MCR's
	// minimum); empty when it has none or was not read.
	Items []itemOut `json:"items"`
}

func newScoreError(line int, f *scoreFlags, err error) scoreError {
	e := scoreError{Line: line, Error: err.Error(), Kind: errKind(err), Items: []itemOut{}}
	var nw notWon
	if errors.As(err, &nw) {
		e.Items = append(e.Items, nw.items...)
	}
	if f != nil {
		if _, preset, ferr := f.family(); ferr == nil {
			fam, _, _ := strings.Cut(f.rules, "/")
			if fam == "" {
				fam = "riichi"
			}
			e.Rules = f.rulesLabel(fam, preset)
		}
		e.Hand = strings.Join(f.hand, " ")
	}
	return e
}

// errBadHand marks a hand that is not a hand of the ruleset: too few
// tiles, a winning tile it does not hold, a chi from the wrong seat.
var errBadHand = errors.New("not a valid hand")

// notWon is a hand that does not win, with the scoring elements it has.
type notWon struct {
	err   error
	items []itemOut
}

func (e notWon) Error() string { return e.err.Error() }
func (e notWon) Unwrap() error { return e.err }

// quietError is an error already reported (as JSON on stdout): main
// prints only its one line on stderr and exits as err says.
type quietError struct{ err error }

func (e quietError) Error() string { return e.err.Error() }
func (e quietError) Unwrap() error { return e.err }

// riichiLabel names the riichi rules a hand is scored under.
func (f *scoreFlags) riichiLabel() string {
	return f.rulesLabel("riichi", f.preset)
}

// meldTiles lists the tiles of melds.
func meldTiles(ms []tile.Meld) []tile.Tile {
	var out []tile.Tile
	for _, m := range ms {
		out = append(out, m.Tiles...)
	}
	return out
}

// checkChi refuses a chi claimed from any seat but the previous player.
func checkChi(h tile.Hand) error {
	for _, m := range h.Melds {
		if m.Type == tile.Chi && m.From != 3 {
			return fmt.Errorf("%s: a chi takes the previous player's discard, written <3 (<1 is the next player, <2 the one opposite): %w", m, errBadHand)
		}
	}
	return nil
}

func errKind(err error) string {
	switch {
	case errors.Is(err, riichi.ErrNoYaku):
		return "no_yaku"
	case errors.Is(err, riichi.ErrNotWinning):
		return "not_winning"
	case errors.Is(err, riichi.ErrBadHand):
		return "bad_hand"
	case errors.Is(err, riichi.ErrConditions):
		return "conditions"
	case errors.Is(err, riichi.ErrOptions):
		return "options"
	case errors.Is(err, mcr.ErrBelowMinimum), errors.Is(err, wuhan.ErrThreshold):
		return "below_minimum"
	case errors.Is(err, game.ErrNotWinning):
		return "not_winning"
	case errors.Is(err, tile.ErrSyntax), errors.Is(err, errBadHand):
		return "bad_hand"
	}
	return "usage"
}

func newScoreOutput(w *riichi.Win, f *scoreFlags, r riichi.Result) *scoreOutput {
	conc := slices.Clone(w.Concealed)
	slices.SortStableFunc(conc, func(a, b tile.Tile) int { return int(a.Kind) - int(b.Kind) })
	h := tile.Hand{Concealed: conc, Melds: w.Melds}
	rules := f.preset
	if f.options != "" {
		rules = f.options
		if f.presetSet {
			rules = f.preset + " + " + f.options
		}
	}
	out := &scoreOutput{
		Hand: h.String(), Win: w.WinTile.String(), Tsumo: w.Tsumo, Seat: w.Seat, Round: w.Round, Rules: f.riichiLabel(), Preset: rules,
		Han: r.Han, Fu: r.Fu, Yakuman: r.Yakuman, Limit: r.Limit.String(), Base: r.Base,
		Payments: r.Payments, Deposits: r.Deposits, Total: r.Total,
	}
	for _, y := range r.Yaku {
		out.Yaku = append(out.Yaku, yakuOut{Name: y.Yaku.String(), Japanese: y.Yaku.Japanese(), Han: y.Han, Yakuman: y.Yakuman})
	}
	for _, p := range r.FuParts {
		fo := fuOut{Reason: p.Reason.String(), Fu: p.Fu}
		switch p.Reason {
		case riichi.FuOpenTriplet, riichi.FuConcealedTriplet, riichi.FuOpenKong, riichi.FuConcealedKong, riichi.FuPair:
			fo.Tile = p.Tile.String()
		case riichi.FuWait:
			fo.Reason = p.Wait.String() + " wait"
		}
		out.FuParts = append(out.FuParts, fo)
	}
	return out
}

func (o *scoreOutput) setLine(n int) { o.Line = n }

// summary is the one-line form (batch mode).
func (o *scoreOutput) summary() string {
	var ys []string
	for _, y := range o.Yaku {
		if y.Yakuman > 0 {
			ys = append(ys, fmt.Sprintf("%s ×%d", y.Name, y.Yakuman))
		} else {
			ys = append(ys, fmt.Sprintf("%s %d", y.Name, y.Han))
		}
	}
	var ps []string
	for _, p := range o.Payments {
		ps = append(ps, fmt.Sprintf("%v %d", p.From, p.Total()))
	}
	return fmt.Sprintf("%s: %s; %s; %d (%s) [%s]", o.Hand, strings.Join(ys, ", "), o.valueText(), o.Total, strings.Join(ps, ", "), o.Rules)
}

func (o *scoreOutput) valueText() string {
	v := fmt.Sprintf("%d han %d fu", o.Han, o.Fu)
	if o.Yakuman > 0 {
		v = "yakuman"
		if o.Yakuman > 1 {
			v = strconv.Itoa(o.Yakuman) + "× yakuman"
		}
		return v
	}
	if o.Limit != "" {
		v += " " + o.Limit
	}
	return v
}

func (o *scoreOutput) text() string {
	var b strings.Builder
	how := "ron"
	if o.Tsumo {
		how = "tsumo"
	}
	fmt.Fprintf(&b, "%s  +%s %s, seat %v, round %v (rules: %s)\n", o.Hand, o.Win, how, o.Seat, o.Round, o.Rules)
	for _, y := range o.Yaku {
		switch {
		case y.Yakuman > 1:
			fmt.Fprintf(&b, "  %-28s %s  ×%d yakuman\n", y.Name, y.Japanese, y.Yakuman)
		case y.Yakuman == 1:
			fmt.Fprintf(&b, "  %-28s %s  yakuman\n", y.Name, y.Japanese)
		default:
			fmt.Fprintf(&b, "  %-28s %s  %d han\n", y.Name, y.Japanese, y.Han)
		}
	}
	fmt.Fprintf(&b, "%s, base %d\n", o.valueText(), o.Base)
	if len(o.FuParts) > 0 {
		var ps []string
		sum := 0
		for _, p := range o.FuParts {
			s := p.Reason
			if p.Tile != "" {
				s += " " + p.Tile
			}
			ps = append(ps, fmt.Sprintf("%s %d", s, p.Fu))
			sum += p.Fu
		}
		fmt.Fprintf(&b, "fu: %s = %d → %d\n", strings.Join(ps, " + "), sum, o.Fu)
	}
	for _, p := range o.Payments {
		fmt.Fprintf(&b, "%v\n", p)
	}
	if o.Deposits > 0 {
		fmt.Fprintf(&b, "deposits to %v: %d\n", o.Seat, o.Deposits)
	}
	fmt.Fprintf(&b, "total: %v +%d\n", o.Seat, o.Total)
	return b.String()
}
