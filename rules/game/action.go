package game

import (
	"fmt"

	"jantaku/rules/tile"
)

// Seat is a place at the table, 0–3, in turn order (counter-clockwise) from
// the first dealer. Seats do not move during a game; the dealer does.
type Seat int

// NoSeat stands for "nobody": the pot in a payment, the absent discarder of
// a self-drawn win.
const NoSeat Seat = -1

// Next returns the seat after s in turn order at a table of n players.
func (s Seat) Next(n int) Seat { return Seat((int(s) + 1) % n) }

// Offset returns how many turns after s the seat t plays: 1 = the next
// player (下家), 2 = opposite (対面), 3 = the previous player (上家).
func (s Seat) Offset(t Seat, n int) int { return ((int(t)-int(s))%n + n) % n }

// Kind is what an action does.
type Kind uint8

// The action kinds. A ruleset rejects the kinds it does not have (no chi
// in Sichuan, no riichi outside riichi, no single-tile kong outside Wuhan).
const (
	Draw      Kind = iota // take the next tile: from the wall, or a replacement after a kong or flower
	Discard               // discard Tile
	Riichi                // declare riichi, discarding Tile
	Chi                   // claim Tile (the last discard) with Uses from the hand
	Pon                   // claim Tile with two tiles (Uses) from the hand
	OpenKan               // claim Tile with three tiles (Uses) from the hand (大明槓)
	AddedKan              // add Tile to one's own pon (加槓)
	ClosedKan             // lay down four tiles from the hand (暗槓); Tile is one of them, Uses the other three
	SingleKan             // lay down Tile alone as a kong (Wuhan 紅中槓 / 頼子槓)
	Flower                // expose the flower Tile
	Tsumo                 // win on one's own tile
	Ron                   // win on another player's tile (a discard or a robbed kong)
	Pass                  // decline every claim on the current tile
	Missing               // choose Suit as the missing suit (Sichuan 欠色); Tile, if set, is the face-down tile
	Abort                 // declare an abortive draw (九種九牌)
	numKinds
)

var kindNames = [...]string{"draw", "discard", "riichi", "chi", "pon", "kan", "kakan", "ankan", "single-kan", "flower", "tsumo", "ron", "pass", "missing-suit", "abort"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind returns the kind named s (as written by Kind.String).
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("game: unknown action %q", s)
}

// IsClaim reports whether k answers another player's tile (a discard or an
// added kong) rather than acting on one's own turn.
func (k Kind) IsClaim() bool { return k == Chi || k == Pon || k == OpenKan || k == Ron || k == Pass }

// Action is one thing a player does. Which fields matter depends on Kind.
type Action struct {
	Kind Kind
	Seat Seat
	Tile tile.Tile   // the tile drawn, discarded, claimed, added, exposed or won on
	Uses []tile.Tile // tiles from the hand that join Tile in a call or a concealed kong
	Suit tile.Suit   // Missing: the suit chosen
}

func (a Action) String() string {
	s := fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
	switch a.Kind {
	case Pass, Abort, Tsumo:
		return s
	case Missing:
		return s + " " + a.Suit.String()
	}
	s += " " + a.Tile.String()
	if len(a.Uses) > 0 {
		s += " with " + tile.Format(a.Uses)
	}
	return s
}

// Equal reports whether a and b are the same action (Uses compared as a
// multiset of tiles).
func (a Action) Equal(b Action) bool {
	if a.Kind != b.Kind || a.Seat != b.Seat || a.Tile != b.Tile || a.Suit != b.Suit || len(a.Uses) != len(b.Uses) {
		return false
	}
	used := make([]bool, len(b.Uses))
outer:
	for _, x := range a.Uses {
		for j, y := range b.Uses {
			if !used[j] && x == y {
				used[j] = true
				continue outer
			}
		}
		return false
	}
	return true
}
