// Package record reads and writes game records of riichi mahjong in the
// formats other tools use, through one neutral model (Game): tenhou.net/6
// JSON (tenhou6.go) and Tenhou's mjlog XML (mjlog.go). The formats are
// described in ../shared/corpus/TENHOU6_FORMAT.md; section numbers in the
// comments (§1.4) refer to it.
//
// Tiles are tile.Tile. A tenhou.net/6 record does not say which copy of a
// kind a tile is, so its tiles have Copy 0 and only Kind and Red are
// meaningful; mjlog tiles carry their copy. Compare tiles of records from
// different formats with SameFace.
package record

import (
	"encoding/json"
	"fmt"
	"time"

	"jantaku/rules/tile"
)

// Game is one game as a record holds it. Seats are 0–3; seat 0 is East in
// the first hand.
type Game struct {
	Ref     string    // the log's id, e.g. "2017060214gm-00a9-0000-40a46a1c"; may be empty
	Title   []string  // free text lines shown by viewers (tenhou6 "title")
	Players [4]Player // by seat
	Rules   Rules
	Hands   []Hand
	Final   *Final // final standing, when the log records it
}

// Player is a seat's player as the log names them.
type Player struct {
	Name string
	Dan  string  // rank label, e.g. "七段"
	Rate float64 // rating
	Sex  string  // "M", "F", "C" (computer) …
}

// Rules are the rule flags a log states.
type Rules struct {
	Label      string  // the log's own label, e.g. "鳳南喰赤" (tenhou6 rule.disp)
	Red        [3]bool // a red five in characters, circles, bamboo
	Hanchan    bool    // east and south rounds; false: east only (tonpuusen)
	OpenTanyao bool    // kuitan
	Fast       bool
	Lobby      int
	// Type is Tenhou's game type flags (TypeHanchan …), from the mjlog GO
	// element, the log id or the label; HasType is false when the record
	// says none of them.
	Type    int
	HasType bool
	// Date is when the game was played, from its log id; zero when the
	// record does not say. Tenhou's rules changed over time.
	Date time.Time
	// Referee is the ruleset a record written by jantaku was refereed
	// under, so that it replays under the same rules; nil for others.
	Referee *Referee
	// Three is set for a three-player game (sanma): seat 3 is empty.
	Three bool
}

// Referee names a ruleset and its options, as the table's journal does.
type Referee struct {
	Ruleset string          `json:"ruleset"`
	Options json.RawMessage `json:"options,omitempty"`
}

// Final is the game's final standing.
type Final struct {
	Scores [4]int     // points
	Points [4]float64 // result after uma and oka, as the log gives it
}

// Hand is one hand (kyoku).
type Hand struct {
	Round  int    // 0–3 East 1–4, 4–7 South 1–4, 8–11 West 1–4
	Honba  int    // repeat counter
	Sticks int    // riichi sticks on the table at the start
	Scores [4]int // points by seat at the start

	Dora []tile.Tile // dora indicators in reveal order: the first, then one per kan
	Ura  []tile.Tile // ura-dora indicators, when a riichi winner revealed them

	Deal    [4][]tile.Tile // each seat's 13 starting tiles, in the log's order
	Actions []Action       // everything that happened, in order
	Result  Result
}

// Dealer returns the dealer's seat.
func (h *Hand) Dealer() int { return h.Round % 4 }

// String names the hand as players do: "E1-0" (East 1, no repeats).
func (h *Hand) String() string {
	return fmt.Sprintf("%c%d-%d", "ESWN"[h.Round/4%4], h.Round%4+1, h.Honba)
}

// ActionType is what an action does.
type ActionType uint8

// The action types.
const (
	// Draw: Seat takes Tile from the wall (the dead wall after a kan).
	Draw ActionType = iota
	// Discard: Seat discards Tile; Tsumogiri if it is the tile just drawn.
	Discard
	// Riichi: Seat declares riichi; its next action is the declaring
	// discard. The stick is paid unless that discard is ronned (RiichiPaid).
	Riichi
	// Call: Seat makes Meld: chi, pon or open kan of the discard just
	// made, or in its own turn an added or closed kan.
	Call
	// Kita: in a three-player game Seat sets Tile, a north, aside (抜き
	// ドラ); its next draw is a replacement.
	Kita
)

var actionNames = [...]string{"draw", "discard", "riichi", "call", "kita"}

func (t ActionType) String() string {
	if int(t) < len(actionNames) {
		return actionNames[t]
	}
	return fmt.Sprintf("ActionType(%d)", uint8(t))
}

// Action is one step of a hand.
type Action struct {
	Type      ActionType
	Seat      int
	Tile      tile.Tile // Draw, Discard
	Tsumogiri bool      // Discard
	// Meld is the set made by a Call, as tile.Meld describes: Tiles[0] is
	// the claimed tile (of the pon, for an added kan), then the tiles from
	// the hand in the log's order, and for an added kan the added tile
	// last. From counts seats from Seat: 1 next, 2 opposite, 3 previous;
	// in a three-player game 1 next, 2 previous.
	Meld tile.Meld
}

// FromSeat returns the absolute seat a call's claimed tile came from
// (Seat itself for a closed kan) in a game of players (3 or 4): From
// counts seats in turn order among the players, so in a three-player game
// 2 is the previous player.
func (a Action) FromSeat(players int) int { return (a.Seat + a.Meld.From) % players }

func (a Action) String() string {
	switch a.Type {
	case Draw:
		return fmt.Sprintf("seat %d draws %s", a.Seat, a.Tile)
	case Discard:
		if a.Tsumogiri {
			return fmt.Sprintf("seat %d discards %s (tsumogiri)", a.Seat, a.Tile)
		}
		return fmt.Sprintf("seat %d discards %s", a.Seat, a.Tile)
	case Riichi:
		return fmt.Sprintf("seat %d declares riichi", a.Seat)
	case Call:
		return fmt.Sprintf("seat %d calls %s", a.Seat, a.Meld)
	case Kita:
		return fmt.Sprintf("seat %d sets %s aside (kita)", a.Seat, a.Tile)
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Type)
}

// Result is how a hand ended: by one or more wins, or by a draw.
type Result struct {
	Wins   []Win    // in the log's order; the first collects honba and sticks
	Draw   DrawKind // NoDraw when there are wins
	Deltas [4]int   // a draw's score changes (tenpai payments, nagashi mangan)
	Tenpai [4]bool  // an exhaustive draw's tenpai seats
}

// DrawKind is how a hand ended without a win.
type DrawKind uint8

// The kinds of draw (§1.5).
const (
	NoDraw        DrawKind = iota
	Exhaustive             // 流局: the wall ran out
	NagashiMangan          // 流し満貫
	NineTerminals          // 九種九牌
	FourRiichi             // 四家立直
	TripleRon              // 三家和了
	FourKans               // 四槓散了
	FourWinds              // 四風連打
)

var drawNames = [...]string{"no draw", "exhaustive draw", "nagashi mangan", "nine terminals", "four riichi", "triple ron", "four kans", "four winds"}

func (k DrawKind) String() string {
	if int(k) < len(drawNames) {
		return drawNames[k]
	}
	return fmt.Sprintf("DrawKind(%d)", uint8(k))
}

// Win is one winner's win.
type Win struct {
	Who  int
	From int // the discarder; Who for a tsumo
	Pao  int // the seat liable for the hand (sekinin barai), or -1
	Han  int // sum of the yaku's han, yakuman not counted
	Fu   int // 0 when the log does not say (tenhou6 limit hands)
	// Limit is the limit the hand reached, NoLimit below mangan.
	Limit Limit
	// Points is the hand's value without honba and sticks: the ron
	// payment, or the sum of the tsumo payments.
	Points int
	Yaku   []Yaku
	// Deltas are the score changes of this win by seat, honba and the
	// sticks collected included, as the log records them.
	Deltas [4]int
}

// Tsumo reports whether the winner drew the winning tile.
func (w *Win) Tsumo() bool { return w.Who == w.From }

// Yaku is one scoring element as the log lists it.
type Yaku struct {
	ID      int    // Tenhou's yaku number, -1 when the log names one we do not know
	Name    string // as the log writes it (tenhou6) or Tenhou's name for ID (mjlog)
	Han     int    // 0 for yakuman
	Yakuman bool
}

// Limit is a hand's scoring limit.
type Limit uint8

// The limits, in mjlog's numbering.
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	Yakuman
)

var limitNames = [...]string{"", "満貫", "跳満", "倍満", "三倍満", "役満"}

func (l Limit) String() string {
	if int(l) < len(limitNames) {
		return limitNames[l]
	}
	return fmt.Sprintf("Limit(%d)", uint8(l))
}

// RiichiPaid reports which seats paid a riichi stick in the hand: those
// that declared, unless the declaring discard was ronned (§1.6).
func (h *Hand) RiichiPaid() [4]bool {
	var paid [4]bool
	for i, a := range h.Actions {
		if a.Type != Riichi || a.Seat < 0 || a.Seat > 3 {
			continue
		}
		ronned := false
		if i+2 == len(h.Actions) { // the declaring discard ended the hand
			for _, w := range h.Result.Wins {
				if w.From == a.Seat && w.Who != a.Seat {
					ronned = true
				}
			}
		}
		paid[a.Seat] = !ronned
	}
	return paid
}

// Deltas returns the score change of every seat over the hand: the
// result's deltas less the riichi sticks paid. The sticks on the table go
// to the first winner inside the win's deltas.
func (h *Hand) Deltas() [4]int {
	d := h.Result.Deltas
	for _, w := range h.Result.Wins {
		for s := range d {
			d[s] += w.Deltas[s]
		}
	}
	for s, p := range h.RiichiPaid() {
		if p {
			d[s] -= 1000
		}
	}
	return d
}

// SameFace reports whether two tiles look the same: kind and red agree.
// Records from different formats agree on faces, not on copies.
func SameFace(a, b tile.Tile) bool { return a.Kind == b.Kind && a.Red == b.Red }
