package tablecore

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// EventType is what an event records.
type EventType uint8

// The event types, in the order a hand produces them.
const (
	HandStarted EventType = iota // a hand was dealt; Standing and Dice
	Acted                        // an action was accepted; Action
	Revealed                     // an indicator was turned up; Index, Tile
	Paid                         // a payment was made; Payment
	WinScored                    // a win was valued; Win
	Claimed                      // a claim window closed; Action is the claim that took the tile (or a Pass)
	HandEnded                    // the hand ended; End
	GameEnded                    // the game is over; Standing
)

var eventNames = [...]string{"hand-started", "acted", "revealed", "paid", "win", "claimed", "hand-ended", "game-ended", "fouled"}

func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", uint8(t))
}

// Event is one thing that happened, numbered in the order it happened.
// Which fields are set depends on Type.
type Event struct {
	// Seq numbers the events 1, 2, 3... A pass (an Acted event of kind
	// Pass) is private, as it says the seat had something to pass on, so
	// it takes no number of its own but repeats the one before it: the
	// numbers count what everyone sees, not how many seats had an option.
	Seq      int64
	Type     EventType
	Hand     int // index of the hand in the game, from 0
	Seat     game.Seat
	Action   game.Action
	Index    int
	Tile     tile.Tile
	Payment  game.Payment
	Win      *game.Win
	End      *game.End
	Standing *game.Standing
	Dice     [2]int
}

func (e Event) String() string {
	switch e.Type {
	case Acted, Claimed:
		return fmt.Sprintf("#%d %s %s", e.Seq, e.Type, e.Action)
	case Revealed:
		return fmt.Sprintf("#%d indicator %s at %d", e.Seq, e.Tile, e.Index)
	case Paid:
		return fmt.Sprintf("#%d seat %d pays seat %d %d (%s)", e.Seq, e.Payment.From, e.Payment.To, e.Payment.Amount, e.Payment.Reason)
	case WinScored:
		return fmt.Sprintf("#%d seat %d wins: %s", e.Seq, e.Win.Seat, e.Win.Value.Summary)
	case HandEnded:
		return fmt.Sprintf("#%d hand ends: %s %s", e.Seq, e.End.Kind, e.End.Reason)
	}
	return fmt.Sprintf("#%d %s", e.Seq, e.Type)
}
