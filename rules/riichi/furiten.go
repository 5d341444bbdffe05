package riichi

import (
	"fmt"
	"slices"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// WinningTiles returns the kinds that complete the waiting concealed part
// c (13−3k tiles): any winning shape, with or without a yaku, leaving out
// kinds whose four copies c holds (spec/riichi.md §7.5, D-RI-32). An empty
// result means noten.
func WinningTiles(c tile.Counts) ([]tile.Kind, error) {
	ws, err := hand.Waits(c, shapes())
	if err != nil {
		return nil, fmt.Errorf("riichi: %v: %w", err, ErrBadHand)
	}
	out := make([]tile.Kind, 0, len(ws))
	for _, w := range ws {
		if !w.Exhausted {
			out = append(out, w.Tile)
		}
	}
	return out, nil
}

// Tenpai reports whether the waiting concealed part c has a winning tile
// (D-RI-32).
func Tenpai(c tile.Counts) (bool, error) {
	// The waits in an array on the stack: a riichi check and every seat
	// at a draw ask this, and only whether one is a real tile.
	var buf [tile.NumKinds]hand.Wait
	o := shapes()
	ws, err := hand.AppendWaits(buf[:0], &c, &o)
	if err != nil {
		return false, fmt.Errorf("riichi: %v: %w", err, ErrBadHand)
	}
	for _, w := range ws {
		if !w.Exhausted {
			return true, nil
		}
	}
	return false, nil
}

// FuritenKind is why a player may not ron (spec/riichi.md §7.5).
type FuritenKind uint8

// The kinds of furiten. When several apply the one listed first wins.
const (
	NotFuriten       FuritenKind = iota
	RiichiFuriten                // リーチ後のフリテン: until the end of the hand
	DiscardFuriten               // 捨て牌フリテン: while a winning tile is among one's discards
	TemporaryFuriten             // 同巡内フリテン: until one's next discard
)

func (f FuritenKind) String() string {
	if f <= TemporaryFuriten {
		return [...]string{"not furiten", "riichi furiten", "discard furiten", "same-turn furiten"}[f]
	}
	return fmt.Sprintf("FuritenKind(%d)", uint8(f))
}

// Japanese returns the furiten kind's Japanese name.
func (f FuritenKind) Japanese() string {
	if f <= TemporaryFuriten {
		return [...]string{"", "リーチ後のフリテン", "捨て牌フリテン", "同巡内フリテン"}[f]
	}
	return f.String()
}

// FuritenState is what the referee knows about a player's passed tiles.
type FuritenState struct {
	// Discards are every tile the player discarded this hand, those
	// others called included (D-RI-10).
	Discards []tile.Kind
	// PassedThisTurn are the tiles others discarded or added to a kong
	// since the player's own last discard, that the player did not win on
	// (D-RI-11).
	PassedThisTurn []tile.Kind
	// PassedAfterRiichi are the tiles discarded by anyone, the player's
	// own included, since the player's riichi took effect (§7.5).
	PassedAfterRiichi []tile.Kind
}

// Furiten returns whether a player whose waiting concealed part is c may
// not ron, and why (spec/riichi.md §7.5). A tsumo is allowed in every
// case.
func Furiten(c tile.Counts, s FuritenState) (FuritenKind, error) {
	ws, err := WinningTiles(c)
	if err != nil {
		return NotFuriten, err
	}
	hit := func(ks []tile.Kind) bool {
		for _, k := range ks {
			if slices.Contains(ws, k) {
				return true
			}
		}
		return false
	}
	switch {
	case hit(s.PassedAfterRiichi):
		return RiichiFuriten, nil
	case hit(s.Discards):
		return DiscardFuriten, nil
	case hit(s.PassedThisTurn):
		return TemporaryFuriten, nil
	}
	return NotFuriten, nil
}

// RiichiAnkan reports whether a player in riichi whose 13 concealed tiles
// before the draw are before may make a concealed kong of the drawn tile
// (spec/riichi.md §8.4, D-RI-16): before must hold exactly three of drawn,
// the winning tiles must not change, and under the strict rule those three
// must be a triplet in every reading of every winning hand.
func RiichiAnkan(before tile.Counts, drawn tile.Kind, o Options) (bool, error) {
	if drawn >= tile.NumKinds {
		return false, fmt.Errorf("riichi: %v is not a riichi tile: %w", drawn, ErrBadHand)
	}
	if before[drawn] != 3 {
		return false, nil
	}
	ws, err := WinningTiles(before)
	if err != nil || len(ws) == 0 {
		return false, err
	}
	after := before
	after[drawn] = 0
	ws2, err := WinningTiles(after)
	if err != nil || !slices.Equal(ws, ws2) {
		return false, err
	}
	if o.RiichiAnkanRule == AnkanWaitsOnly {
		return true, nil
	}
	for _, w := range ws {
		c := before
		c[w]++
		as, err := hand.Arrangements(c, shapes())
		if err != nil {
			return false, fmt.Errorf("riichi: %v: %w", err, ErrBadHand)
		}
		for _, a := range as {
			if a.Shape != hand.Standard || !slices.Contains(a.Groups, hand.Group{Kind: hand.Triplet, Tile: drawn}) {
				return false, nil
			}
		}
	}
	return true, nil
}
