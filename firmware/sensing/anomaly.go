package sensing

import (
	"fmt"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// AnomalyKind is what was wrong.
type AnomalyKind uint8

// The anomalies. None of them is ever turned into a different action.
const (
	Unexplained      AnomalyKind = iota // a movement no legal action explains
	OutOfTurnDraw                       // a wall tile went to the hand of a seat not to draw
	WrongWallTile                       // the seat to draw took another wall position's tile
	ExtraTile                           // a seat that already drew took another wall tile (too many tiles)
	TakenFromPond                       // a discard left its pond other than by a legal claim
	Vanished                            // a tile has not been seen for long (its location is kept)
	FalseWin                            // WIN declared with no legal win
	FalseDeclaration                    // riichi, missing suit or abort declared when not legal
	ForeignTag                          // a tag not of the set on the table
)

var anomalyNames = [...]string{"unexplained-move", "out-of-turn-draw", "wrong-wall-tile", "extra-tile", "taken-from-pond", "vanished", "false-win", "false-declaration", "foreign-tag"}

func (k AnomalyKind) String() string {
	if int(k) < len(anomalyNames) {
		return anomalyNames[k]
	}
	return fmt.Sprintf("AnomalyKind(%d)", uint8(k))
}

// Anomaly is a movement or declaration that matches nothing the referee
// allows. Seat is the seat in whose area the tile arrived, or who
// declared. When the act was reported to the referee as a foul, Foul is
// the act as attempted and Events what the ruleset's penalty did.
type Anomaly struct {
	Kind     AnomalyKind
	Seat     game.Seat
	UID      rfid.UID
	Tile     tile.Tile
	From, To Zone
	Expected string // what the referee expected instead
	Foul     *game.Action
	Events   []tablecore.Event
	At       time.Time
}

func (a Anomaly) String() string {
	s := fmt.Sprintf("%s: seat %d", a.Kind, a.Seat)
	if a.UID != "" {
		s += fmt.Sprintf(" %s (copy %d) %s→%s", a.Tile, a.Tile.Copy, a.From, a.To)
	}
	if a.Expected != "" {
		s += "; expected " + a.Expected
	}
	return s
}

func (Anomaly) output() {}

// Output is what a Sensor reports: *Accepted, *Anomaly, *Ambiguous or
// *Reconciled.
type Output interface{ output() }

// How an action came to be accepted.
const (
	ByMovement    = "movement"    // tiles moved as the action moves them
	ByDeclaration = "declaration" // a seat button or command
	ByImplicit    = "implicit"    // a claim window closing, a kept last tile
	ByOperator    = "operator"    // a correction
)

// Accepted is an action the referee accepted. Decisive is the time of the
// read (or declaration) that completed the evidence for it; At is when it
// was accepted.
type Accepted struct {
	Action   game.Action
	Events   []tablecore.Event
	By       string
	Decisive time.Time
	At       time.Time
}

func (Accepted) output() {}

// Ambiguous is a movement with more than one legal meaning: it waits for
// the seat to choose (a Choose declaration with the index of Options).
type Ambiguous struct {
	Seat    game.Seat
	Options []game.Action
	At      time.Time
}

func (Ambiguous) output() {}

// Reconciled says a tile reported in an anomaly is again where the referee
// expects it (put back, found, or the referee corrected).
type Reconciled struct {
	UID  rfid.UID
	Tile tile.Tile
	Zone Zone
	At   time.Time
}

func (Reconciled) output() {}
