package scorecli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Family is one ruleset family as the score command scores it.
type Family interface {
	// Conditions lists the flags the family reads besides the common ones
	// (--win, --ron, --tsumo, --from, --seat and the rules flags).
	Conditions() []Condition
	// Score values the hand r describes under the family's preset, with
	// r's --options and --set laid over it. An error marked with Usage is a
	// mistake in the command line; one marked with WithKind says which kind
	// of refusal it is (Kind).
	Score(r *Request, preset string) (Result, error)
}

// Usager is a Family that writes its own block of the command's help;
// the others get Help's.
type Usager interface {
	Usage() string
}

// PresetChecker is a Family whose presets have their own error message
// when --preset names one the family does not have.
type PresetChecker interface {
	CheckPreset(name string) error
}

// Condition is a condition flag of a family.
type Condition struct {
	Name  string // the flag, without "--"
	Arg   string // the value's name ("TILE", "WIND=HAND"); "" for a switch
	Usage string // one line of help
	// Number: the value is an integer, checked as the command line is
	// read (riichi's --honba); a family that explains a bad number in
	// its own words leaves it false.
	Number bool
}

// Switch reports whether the condition is a switch (takes no value).
func (c Condition) Switch() bool { return c.Arg == "" }

// Result is one scored hand as printed; encoding/json writes its JSON.
type Result interface {
	Text() string    // the full form
	Summary() string // one line (batch mode)
	SetLine(n int)   // the batch line it came from
}

// Help is a family's block of the command's help: its name, presets and
// condition flags, one a line.
func Help(name, preset string, others []string, conds []Condition) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s (--rules %s, default preset %s; also %s):\n", name, name, preset, strings.Join(others, ", "))
	for _, c := range conds {
		n := "--" + c.Name
		if c.Arg != "" {
			n += " " + c.Arg
		}
		if len(n) >= 20 {
			n += "\n" + strings.Repeat(" ", 22)
		}
		fmt.Fprintf(&b, "  %-20s%s\n", n, c.Usage)
	}
	return b.String()
}

// NumberError is the flag package's word for a bad integer (strconv's
// error): "parse error" or "value out of range", so that a number
// condition reads as an int flag does.
func NumberError(err error) error {
	if errors.Is(err, strconv.ErrRange) {
		return errors.New("value out of range")
	}
	return errors.New("parse error")
}

// ErrBadHand marks a hand that is not a hand of the ruleset: too few
// tiles, a winning tile it does not hold, a chi from the wrong seat.
var ErrBadHand = errors.New("not a valid hand")

// usage marks an error as a mistake in the command line.
type usage struct{ err error }

func (e usage) Error() string { return e.err.Error() }
func (e usage) Unwrap() error { return e.err }

// Usage marks err as a mistake in the command line (an unknown option, a
// malformed hand, impossible conditions); nil stays nil.
func Usage(err error) error {
	if err == nil {
		return nil
	}
	return usage{err}
}

// IsUsage reports whether err is marked by Usage.
func IsUsage(err error) bool {
	var u usage
	return errors.As(err, &u)
}

// kinded is an error with the kind of refusal it is.
type kinded struct {
	kind string
	err  error
}

func (e kinded) Error() string { return e.err.Error() }
func (e kinded) Unwrap() error { return e.err }

// WithKind marks err as a refusal of the kind named (Kind); nil stays nil.
func WithKind(kind string, err error) error {
	if err == nil {
		return nil
	}
	return kinded{kind, err}
}

// The kinds of refusal a family names with WithKind, besides those Kind
// finds itself.
const (
	KindNoYaku       = "no_yaku"
	KindNotWinning   = "not_winning"
	KindBelowMinimum = "below_minimum"
	KindBadHand      = "bad_hand"
	KindConditions   = "conditions"
	KindOptions      = "options"
	KindUsage        = "usage"
)

// Kind names why a hand was not scored: the kind a family gave with
// WithKind, else not_winning, bad_hand (a malformed or invalid hand) or
// usage.
func Kind(err error) string {
	var k kinded
	switch {
	case errors.As(err, &k):
		return k.kind
	case errors.Is(err, game.ErrNotWinning):
		return KindNotWinning
	case errors.Is(err, tile.ErrSyntax), errors.Is(err, ErrBadHand):
		return KindBadHand
	}
	return KindUsage
}

// NotWon is a hand that does not win, with the scoring elements it has.
type NotWon struct {
	Err   error
	Items []Item
}

func (e NotWon) Error() string { return e.Err.Error() }
func (e NotWon) Unwrap() error { return e.Err }
