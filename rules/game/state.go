package game

import "jantaku/rules/tile"

// Phase is what the hand is waiting for.
type Phase uint8

// The phases of a hand.
const (
	Setup  Phase = iota // before the first discard: flowers at the deal, missing suits (Pending says who)
	ToDraw              // Turn must draw (from Source)
	ToAct               // Turn holds a full hand and must discard, kong, win…
	Claims              // the other players may claim Claim.Tile
	Over                // the hand has ended
)

var phaseNames = [...]string{"setup", "draw", "act", "claims", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "Phase(?)"
}

// Source is where a draw comes from.
type Source uint8

// The draw sources.
const (
	Head Source = iota // the next tile of the wall (normal draw)
	Tail               // the replacement end: 嶺上 / tail of the wall
)

// Wall is the tiles of one hand in draw order: Tiles[0] is the first tile
// dealt, and normal draws continue from Head. Replacement draws come from
// the other end, a stack at a time, upper tile first: the k-th of them is
// Tiles[TailIndex(k)]. A position whose tile is not known (a replay that
// never saw it) has Known false.
type Wall struct {
	Tiles   []tile.Tile
	Known   []bool
	Head    int // tiles taken from the head, the deal included
	Tail    int // tiles taken from the tail
	Reserve int // tiles that are never drawn (riichi's dead wall, Wuhan's reserve)
}

// TailIndex returns the position of the k-th (0-based) tile drawn from the
// tail: stacks from the end, upper tile (even index) first.
func (w *Wall) TailIndex(k int) int {
	n := len(w.Tiles)
	stack := n/2 - 1 - k/2
	return 2*stack + k%2
}

// NextIndex returns the position of the next tile drawn from src. The
// ends meet in one stack when both have drawn an odd number of tiles: the
// upper tile is gone from one end, and the next draw from either end
// takes the lower tile left there.
func (w *Wall) NextIndex(src Source) int {
	if src == Tail {
		i := w.TailIndex(w.Tail)
		if i < w.Head {
			i ^= 1
		}
		return i
	}
	i := w.Head
	if w.takenFromTail(i) {
		i ^= 1
	}
	return i
}

// takenFromTail reports whether position p was drawn from the tail.
func (w *Wall) takenFromTail(p int) bool {
	if w.Tail == 0 {
		return false
	}
	full := w.Tail / 2 // whole stacks from the end
	if p >= len(w.Tiles)-2*full {
		return true
	}
	return w.Tail%2 == 1 && p == w.TailIndex(w.Tail-1)
}

// Remaining returns how many tiles may still be drawn, from either end.
func (w *Wall) Remaining() int {
	r := len(w.Tiles) - w.Head - w.Tail - w.Reserve
	if r < 0 {
		return 0
	}
	return r
}

// Discarded is one tile in a player's pond.
type Discarded struct {
	Tile   tile.Tile
	Drawn  bool // discarded straight after drawing it (ツモ切り)
	Riichi bool // the tile that declared riichi
	Taken  bool // claimed by another player (chi, pon, kan or ron)
}

// Player is one seat's part of a hand.
type Player struct {
	Hand       []tile.Tile // concealed tiles, in the order received
	Melds      []tile.Meld
	Discards   []Discarded
	Flowers    []tile.Tile
	SingleKans []tile.Tile // tiles laid down alone as kongs (Wuhan)
	Riichi     int         // index in Discards of the riichi declaration; -1 if none
	Missing    tile.Suit   // the missing suit, if HasMissing
	HasMissing bool
	Won        bool
}

// Response is one player's answer to a claim window.
type Response struct {
	Answered bool
	Action   Action // Kind Pass, Chi, Pon, OpenKan or Ron
}

// Claim is an open claim window: the tile others may claim.
type Claim struct {
	From      Seat
	Tile      tile.Tile
	Robbing   bool // the tile is being added to a kong (only Ron may answer)
	Responses []Response
}

// Win is a win that has been accepted and valued.
type Win struct {
	Seat     Seat
	From     Seat // NoSeat for a self-drawn win
	Tile     tile.Tile
	Robbed   bool // won by robbing a kong
	Value    Value
	Payments []Payment
	// Chips is what each payer of the win gives the winner in chips
	// (祝儀: red fives, ura dora, ippatsu, yakuman), apart from points:
	// the discarder on a ron, every other player on a tsumo.
	Chips int
}

// Hand is the state of the current hand as rulesets see it. The referee
// owns it; rulesets must treat it as read-only.
type Hand struct {
	Players    int
	Dealer     Seat
	Round      tile.Kind // prevailing wind (East…North)
	Number     int       // hand number in the round, from 0
	Honba      int       // repeat counters (積み棒)
	Pot        int       // deposits on the table (riichi sticks)
	Scores     []int     // scores now, payments of this hand included
	Dice       [2]int
	Wall       Wall
	Indicators []int // wall positions turned face up as indicators, in order
	Seats      []Player
	Phase      Phase
	Turn       Seat
	Source     Source // for ToDraw: where the draw comes from
	Pending    []bool // Setup: seats that still have to act
	Claim      Claim  // for Claims
	Log        []Action
	Fouls      []Foul
	Wins       []Win
	End        *End // set when Phase is Over
}

// SeatWind returns the seat wind of s (the dealer is East).
func (h *Hand) SeatWind(s Seat) tile.Kind {
	return tile.East + tile.Kind(h.Dealer.Offset(s, h.Players))
}

// IndicatorTiles returns the tiles of the revealed indicators, in order.
func (h *Hand) IndicatorTiles() []tile.Tile {
	out := make([]tile.Tile, 0, len(h.Indicators))
	for _, i := range h.Indicators {
		out = append(out, h.Wall.Tiles[i])
	}
	return out
}

// LastAction returns the last accepted action and whether there is one.
func (h *Hand) LastAction() (Action, bool) {
	if len(h.Log) == 0 {
		return Action{}, false
	}
	return h.Log[len(h.Log)-1], true
}
