package tile

import "fmt"

// Set describes a tile set: how many copies of each kind it holds and which
// suits have a red five (copy 0 of that suit's five). The census, the tag
// registry and sensing use it to tell a foreign or missing tile.
type Set struct {
	Name   string
	Copies [NumAll]uint8
	Reds   [3]bool // Man, Pin, Sou
}

// Standard returns the 136-tile set with reds red fives (0–3), at most one
// per suit: with 1 it is in circles, with 2 in circles and bamboo, with 3
// one in every suit, the usual arrangements.
func Standard(reds int) (Set, error) {
	if reds < 0 || reds > 3 {
		return Set{}, fmt.Errorf("tile: a standard set has 0–3 red fives, not %d", reds)
	}
	s := Set{Name: "136 tiles"} // a constant: the scorers ask for the set on every hand
	for k := Kind(0); k < NumKinds; k++ {
		s.Copies[k] = 4
	}
	order := [3]Suit{Pin, Sou, Man}
	for i := 0; i < reds; i++ {
		s.Reds[order[i]] = true
	}
	if reds > 0 {
		s.Name = fmt.Sprintf("136 tiles, %d red fives", reds)
	}
	return s, nil
}

// WithSeasons returns the 140-tile set: 136 plus the four season flowers
// 春夏秋冬 (Shanghai 老式).
func WithSeasons() Set {
	s, _ := Standard(0)
	s.Name = "140 tiles (seasons)"
	for k := Spring; k <= Winter; k++ {
		s.Copies[k] = 1
	}
	return s
}

// WithFlowers returns the 144-tile set: 136 plus both flower sets (MCR,
// Shanghai 流行式 and later).
func WithFlowers() Set {
	s := WithSeasons()
	s.Name = "144 tiles (both flower sets)"
	for k := Plum; k <= Bamboo; k++ {
		s.Copies[k] = 1
	}
	return s
}

// Suits108 returns the 108-tile set of the three numbered suits only
// (Sichuan).
func Suits108() Set {
	s := Set{Name: "108 tiles (no honours)"}
	for k := M1; k <= S9; k++ {
		s.Copies[k] = 4
	}
	return s
}

// ThreePlayer108 returns the 3-player riichi set: 136 less 2m–8m, with reds
// red fives (0–2, in circles then bamboo).
func ThreePlayer108(reds int) (Set, error) {
	if reds < 0 || reds > 2 {
		return Set{}, fmt.Errorf("tile: the 3-player set has 0–2 red fives, not %d", reds)
	}
	s, _ := Standard(reds)
	for k := M2; k <= M8; k++ {
		s.Copies[k] = 0
	}
	s.Name = fmt.Sprintf("108 tiles (3-player, no 2m–8m, %d red fives)", reds)
	return s, nil
}

// Jingzhou96 returns the 96-tile set of Wuhan's 3-player 荊州 variant: 136
// less one whole numbered suit and the four East tiles (wuhan.md §13.6).
func Jingzhou96(removed Suit) (Set, error) {
	if removed > Sou {
		return Set{}, fmt.Errorf("tile: the removed suit must be characters, circles or bamboo, not %v", removed)
	}
	s, _ := Standard(0)
	for r := 1; r <= 9; r++ {
		k, _ := Of(removed, r)
		s.Copies[k] = 0
	}
	s.Copies[East] = 0
	// Constant names: the scorers ask for the set on every hand.
	s.Name = [...]string{"96 tiles (no characters, no East)", "96 tiles (no circles, no East)", "96 tiles (no bamboo, no East)"}[removed]
	return s, nil
}

// Size returns the number of tiles in the set.
func (s Set) Size() int {
	n := 0
	for _, c := range s.Copies {
		n += int(c)
	}
	return n
}

// Has reports whether k is part of the set.
func (s Set) Has(k Kind) bool { return k.Valid() && s.Copies[k] > 0 }

// Contains reports whether t is a tile of the set: a kind it holds, a copy
// number it has, and a red flag that matches its red fives.
func (s Set) Contains(t Tile) bool {
	if !t.Kind.Valid() || t.Copy >= s.Copies[t.Kind] {
		return false
	}
	isFive := t.Kind.IsSuited() && t.Kind.Rank() == 5
	wantRed := isFive && t.Copy == 0 && s.Reds[t.Kind.Suit()]
	return t.Red == wantRed
}

// Tiles lists every tile of the set in ID order.
func (s Set) Tiles() []Tile {
	out := make([]Tile, 0, s.Size())
	for k := Kind(0); k < NumAll; k++ {
		for c := uint8(0); c < s.Copies[k]; c++ {
			t := Tile{Kind: k, Copy: c}
			t.Red = k.IsSuited() && k.Rank() == 5 && c == 0 && s.Reds[k.Suit()]
			out = append(out, t)
		}
	}
	return out
}
