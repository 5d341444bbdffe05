package tile

import "fmt"

// Tile is one physical tile: its kind, which of the (usually four) copies of
// that kind it is, and whether it is a red five. Two tiles of a set are the
// same tile only if all three agree; a tag registry maps each tag to one.
type Tile struct {
	Kind Kind
	Copy uint8 // 0–3; flowers have one copy, 0
	Red  bool  // a red five (赤ドラ); only ever a five of a numbered suit
}

// ID returns a number unique to the tile within any set: kind×4+copy for the
// 34 playing kinds (so 0–135, the numbering of game records, where the red
// five of each suit is copy 0) and 136+n for the n-th flower.
func (t Tile) ID() int {
	if t.Kind.IsFlower() {
		return 4*NumKinds + int(t.Kind-Spring)
	}
	return int(t.Kind)*4 + int(t.Copy)
}

// FromID returns the tile with the given ID. Copy 0 of a five is red when
// reds[suit] is true (index Man, Pin, Sou), as in game records.
func FromID(id int, reds [3]bool) (Tile, error) {
	switch {
	case id >= 0 && id < 4*NumKinds:
		t := Tile{Kind: Kind(id / 4), Copy: uint8(id % 4)}
		if t.Kind.IsSuited() && t.Kind.Rank() == 5 && t.Copy == 0 && reds[t.Kind.Suit()] {
			t.Red = true
		}
		return t, nil
	case id >= 4*NumKinds && id < 4*NumKinds+NumFlowers:
		return Tile{Kind: Spring + Kind(id-4*NumKinds)}, nil
	}
	return Tile{}, fmt.Errorf("tile: id %d out of range 0–%d: %w", id, 4*NumKinds+NumFlowers-1, ErrUnknown)
}

// String returns the tile in notation: "5p", "0p" for a red five.
func (t Tile) String() string {
	if t.Red {
		return "0" + string(t.Kind.Suit().Letter())
	}
	return t.Kind.String()
}

// Counts holds how many tiles of each of the 34 playing kinds there are.
// Hand analysis works on counts; flowers are kept apart by the caller.
type Counts [NumKinds]uint8

// CountsOf counts the playing tiles among ts; flowers are ignored.
func CountsOf(ts []Tile) Counts {
	var c Counts
	for _, t := range ts {
		if t.Kind < NumKinds {
			c[t.Kind]++
		}
	}
	return c
}

// CountKinds counts the playing kinds among ks; flowers are ignored.
func CountKinds(ks []Kind) Counts {
	var c Counts
	for _, k := range ks {
		if k < NumKinds {
			c[k]++
		}
	}
	return c
}

// Total returns the number of tiles counted.
func (c *Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// Kinds lists the counted tiles as kinds in ascending order, one entry per tile.
func (c *Counts) Kinds() []Kind {
	ks := make([]Kind, 0, c.Total())
	for k, v := range c {
		for i := uint8(0); i < v; i++ {
			ks = append(ks, Kind(k))
		}
	}
	return ks
}

// String formats the counts in mpsz notation, e.g. "123m55z".
func (c Counts) String() string {
	ks := c.Kinds()
	ts := make([]Tile, len(ks))
	for i, k := range ks {
		ts[i] = Tile{Kind: k}
	}
	return Format(ts)
}

// Kinds returns the kinds of ts in order.
func Kinds(ts []Tile) []Kind {
	ks := make([]Kind, len(ts))
	for i, t := range ts {
		ks[i] = t.Kind
	}
	return ks
}
