package tablecore

import (
	"encoding/json"
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// inputVersion is the version of the journal payloads below. A journal
// written by a newer version is refused rather than misread.
const inputVersion = 1

// input is one journal record: what the referee was given. The referee's
// state is the fold of its inputs; its events are recomputed on replay.
type input struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "game", "deal", "action", "foul" or "result"

	// game
	Ruleset string          `json:"ruleset,omitempty"`
	Options json.RawMessage `json:"options,omitempty"`
	Dealer  *int            `json:"dealer,omitempty"`

	// deal
	Wall  []int  `json:"wall,omitempty"` // tile IDs; -1 where unknown
	Dice  [2]int `json:"dice,omitzero"`
	Known []bool `json:"-"`

	// action
	Kind string `json:"kind,omitempty"`
	Seat int    `json:"seat,omitempty"`
	Tile *int   `json:"tile,omitempty"`
	Uses []int  `json:"uses,omitempty"`
	Suit *int   `json:"suit,omitempty"`

	// foul
	Reason string `json:"reason,omitempty"`

	// result
	Result *game.Settlement `json:"result,omitempty"`
}

func encodeAction(a game.Action) ([]byte, error) {
	in := input{V: inputVersion, Type: "action", Kind: a.Kind.String(), Seat: int(a.Seat)}
	switch a.Kind {
	case game.Pass, game.Abort, game.Tsumo:
	case game.Missing:
		// The face-down tile, if any, goes with the suit (sichuan.md §3.1).
		s, id := int(a.Suit), a.Tile.ID()
		in.Suit, in.Tile = &s, &id
	default:
		id := a.Tile.ID()
		in.Tile = &id
	}
	for _, u := range a.Uses {
		in.Uses = append(in.Uses, u.ID())
	}
	return json.Marshal(in)
}

func encodeDeal(d Deal) ([]byte, error) {
	in := input{V: inputVersion, Type: "deal", Dice: d.Dice, Wall: make([]int, len(d.Wall))}
	for i, t := range d.Wall {
		in.Wall[i] = t.ID()
		if d.Known != nil && !d.Known[i] {
			in.Wall[i] = -1
		}
	}
	return json.Marshal(in)
}

func decodeInput(b []byte) (input, error) {
	var in input
	if err := json.Unmarshal(b, &in); err != nil {
		return input{}, fmt.Errorf("undecodable record: %w", err)
	}
	if in.V != inputVersion {
		return input{}, fmt.Errorf("record version %d, this build reads %d", in.V, inputVersion)
	}
	return in, nil
}

func (in input) deal(reds [3]bool) (Deal, error) {
	d := Deal{Dice: in.Dice, Wall: make([]tile.Tile, len(in.Wall))}
	for i, id := range in.Wall {
		if id < 0 {
			if d.Known == nil {
				d.Known = make([]bool, len(in.Wall))
				for j := range d.Known {
					d.Known[j] = true
				}
			}
			d.Known[i] = false
			continue
		}
		t, err := tile.FromID(id, reds)
		if err != nil {
			return Deal{}, fmt.Errorf("wall position %d: %w", i, err)
		}
		d.Wall[i] = t
	}
	return d, nil
}

func (in input) action(reds [3]bool) (game.Action, error) {
	k, err := game.ParseKind(in.Kind)
	if err != nil {
		return game.Action{}, err
	}
	a := game.Action{Kind: k, Seat: game.Seat(in.Seat)}
	if in.Tile != nil {
		if a.Tile, err = tile.FromID(*in.Tile, reds); err != nil {
			return game.Action{}, err
		}
	}
	for _, id := range in.Uses {
		u, err := tile.FromID(id, reds)
		if err != nil {
			return game.Action{}, err
		}
		a.Uses = append(a.Uses, u)
	}
	if in.Suit != nil {
		a.Suit = tile.Suit(*in.Suit)
	}
	return a, nil
}
