package tablecore

import (
	"errors"
	"fmt"

	"jantaku/rules/game"
)

// Errors matched with errors.Is. A rejected action's error also matches the
// ruleset's game.ErrIllegal or game.ErrNotWinning when the rules, not the
// mechanics, refused it.
var (
	ErrNoHand     = errors.New("no hand in progress")
	ErrGameOver   = errors.New("the game is over")
	ErrOutOfTurn  = errors.New("not this seat's turn to do that")
	ErrNotHeld    = errors.New("tile not in the player's hand")
	ErrWrongTile  = errors.New("not the tile the wall holds there")
	ErrBadMeld    = errors.New("those tiles do not make that set")
	ErrNoTiles    = errors.New("no tiles left to draw")
	ErrBadDeal    = errors.New("bad deal")
	ErrBadSeat    = errors.New("no such seat")
	ErrNotAllowed = errors.New("not allowed at this table")
	// ErrNotRecorded: the journal could not record an input (a full
	// disk, a failed fsync), so the input was not taken and the game is
	// unchanged. The journal takes no more until the Table is opened again.
	ErrNotRecorded = errors.New("not recorded in the journal")
)

// ActionError says why an action was rejected.
type ActionError struct {
	Action game.Action
	Phase  game.Phase
	Err    error
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("tablecore: %s rejected (phase %s): %v", e.Action, e.Phase, e.Err)
}

func (e *ActionError) Unwrap() error { return e.Err }
