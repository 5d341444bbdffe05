package game

import (
	"errors"

	"jantaku/rules/tile"
)

// Errors a ruleset wraps so that callers can tell why with errors.Is.
var (
	ErrIllegal    = errors.New("not allowed by the rules")
	ErrNotWinning = errors.New("not a winning hand")
)

// MultiWin says what happens when several players win on one tile.
type MultiWin uint8

// The multiple-win policies.
const (
	HeadBump  MultiWin = iota // only the first claimant in turn order after the discarder wins (頭ハネ)
	DoubleWin                 // two may win; three make an abortive draw (三家和)
	AllWin                    // everyone who claims wins
)

// Rules is what a ruleset tells the referee about its table: equipment,
// wall, deal and claim mechanics. It is data; behaviour goes through the
// Ruleset methods.
type Rules struct {
	Name    string
	Players int      // 3 or 4
	Set     tile.Set // the tiles in play
	// Reserve is the number of tiles at the end of the wall that are never
	// drawn (riichi's dead wall of 14, Wuhan's indicator-side reserve).
	// Replacement draws from the tail eat into the drawable tiles.
	Reserve int
	// Replacement is where kong (and flower) replacements come from.
	Replacement Source
	// Chi reports whether chi is a legal call at all.
	Chi bool
	// MultiWin is the policy for several wins on one tile.
	MultiWin MultiWin
	// WinsToEnd is how many winners end the hand (1; Sichuan: 3).
	WinsToEnd int
	// Flowers: flowers are exposed and replaced from the tail.
	Flowers bool
	// SetAside, if not zero, is a tile kind a player may set aside in
	// their turn (a Flower action, optional, not at the deal), drawing a
	// replacement from the tail: three-player riichi's north (抜きドラ).
	// Zero (1m) means none.
	SetAside tile.Kind
	// MissingSuit: each player chooses a missing suit after the deal.
	MissingSuit bool
	// HeadIndicator: after the deal the next head tile is turned up as an
	// indicator and leaves play (Wuhan's wildcard indicator).
	HeadIndicator bool
	// MaxKongs is the most kongs a hand may have in all (riichi: 4); 0 = no limit.
	MaxKongs int
	// Break is how the dice break the wall (BreakBySum by default). A
	// ruleset with a rule no Break value names implements WallOrderer.
	Break Break
	// FinalDraws, if not zero, starts a last phase when a normal draw is due
	// with no more than this many drawable tiles left: each player in turn
	// draws one tile and may only win on it or keep it (Pass), without
	// discarding (Wuhan's 海底撈, wuhan.md §6).
	FinalDraws int
}

// Value is a win's worth as players read it.
type Value struct {
	Items   []Item // yaku or fans, with their values
	Summary string // e.g. "3 han 40 fu, 7,700"
	Points  int    // the headline figure the ruleset pays on
	// Han, Fu and Limit are set by rulesets that count so (riichi); game
	// records and result screens show them. Limit is the limit's name as
	// the ruleset writes it ("満貫"), empty below the limits.
	Han, Fu int
	Limit   string
}

// Item is one yaku, fan or other scoring element.
type Item struct {
	Name  string // in the ruleset's language of record, e.g. "立直"
	En    string // in English
	Value string // e.g. "1 han", "8", "×2"
}

// Payment moves points from one seat to another; NoSeat is the pot.
type Payment struct {
	From, To Seat
	Amount   int
	Reason   string
}

// EffectKind is what an effect does.
type EffectKind uint8

// The effects a ruleset may attach to an action.
const (
	Reveal  EffectKind = iota // turn wall position Index up as an indicator
	Pay                       // a payment made now (a deposit, a kong payment)
	EndHand                   // the hand ends here (an abortive draw); Reason says why
)

// Effect is something a ruleset makes happen after an action.
type Effect struct {
	Kind    EffectKind
	Index   int     // Reveal
	Payment Payment // Pay
	Reason  string  // EndHand
	End     EndKind // EndHand: Aborted (the default) or Chombo
}

// EndKind is how a hand ended.
type EndKind uint8

// The ways a hand ends.
const (
	Won       EndKind = iota // by enough wins
	Exhausted                // the wall ran out (流局, 荒牌)
	Aborted                  // an abortive draw
	Chombo                   // a penalty ended it
)

func (k EndKind) String() string {
	return [...]string{"won", "exhausted", "aborted", "chombo"}[k%4]
}

// End is how a hand ended and what was settled at its end.
type End struct {
	Kind     EndKind
	Reason   string
	Ready    []bool    // who was ready (tenpai) at an exhaustive draw
	Payments []Payment // settled at the end (not those of each win)
}

// Standing is where a game stands between hands.
type Standing struct {
	Dealer Seat
	Round  tile.Kind
	Number int
	Honba  int
	Pot    int
	Scores []int
	Hands  int // hands played so far
}

// Foul is an illegal act made at the table anyway (a false win declared,
// a tile drawn out of turn), which the referee refused and the ruleset
// penalised.
type Foul struct {
	Action Action
	Reason string
}

// Penalizer is an optional Ruleset ability: what the rules do about a
// foul. The effects may pay penalties and end the hand (Effect.End =
// Chombo); a ruleset that lets the hand go on can read Hand.Fouls later
// (a dead hand may not win). Without it a foul is only recorded.
type Penalizer interface {
	Penalty(h *Hand, f Foul) []Effect
}

// Ruleset is one set of rules as the referee uses it.
type Ruleset interface {
	// Rules describes the table.
	Rules() Rules
	// Start returns the standing of a new game: scores, first round.
	Start(dealer Seat) Standing
	// Check reports whether an action the mechanics allow is legal under
	// the rules now. Errors wrap ErrIllegal. Wins are checked by Win.
	Check(h *Hand, a Action) error
	// Win values a Tsumo or Ron. The error wraps ErrNotWinning (or
	// ErrIllegal, e.g. furiten) when it is not a legal win.
	Win(h *Hand, a Action) (Win, error)
	// After returns what else happens once a has been applied: indicators
	// revealed, payments made at once, an abortive draw.
	After(h *Hand, a Action) []Effect
	// Settle settles a hand that ended: payments at an exhaustive draw,
	// and anything settled at the end in hands that go on after wins.
	Settle(h *Hand, e End) End
	// Next returns the standing for the next hand after h, and whether
	// the game is over.
	Next(s Standing, h *Hand) (Standing, bool)
}
