package registry

import (
	"fmt"
	"slices"
	"strings"

	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

// Guide leads the registration of one tile set into a Store: tile by tile
// in the set's order (Next, Register, Skip), or a face at a time from a
// zone that reads every copy of it at once (Faces, RegisterFace). It
// leaves out the tiles the store already holds for the set, so a
// registration stopped part way resumes where it stopped.
type Guide struct {
	st         *Store
	label      byte
	size       int
	todo       []tile.Tile
	resumed    int
	registered int
	last       rfid.UID
}

// NewGuide starts the registration of set as label (A or B) into st.
func NewGuide(st *Store, set tile.Set, label byte) (*Guide, error) {
	if label != 'A' && label != 'B' {
		return nil, fmt.Errorf("registry: set %q, want A or B", label)
	}
	all, err := st.All()
	if err != nil {
		return nil, err
	}
	done := map[tile.Tile]bool{}
	for _, e := range all {
		if e.Set == label {
			done[e.Tile] = true
		}
	}
	g := &Guide{st: st, label: label}
	for _, t := range set.Tiles() {
		g.size++
		if done[t] {
			g.resumed++
		} else {
			g.todo = append(g.todo, t)
		}
	}
	return g, nil
}

// Size is the number of tiles in the set.
func (g *Guide) Size() int { return g.size }

// Resumed is the number of the set's tiles registered before the guide
// started.
func (g *Guide) Resumed() int { return g.resumed }

// Registered is the number of tags the guide registered.
func (g *Guide) Registered() int { return g.registered }

// Next returns the tile to register now and its number in the count of
// the set's registered tiles (1 for the first), or false when none is
// left.
func (g *Guide) Next() (t tile.Tile, number int, ok bool) {
	if len(g.todo) == 0 {
		return tile.Tile{}, 0, false
	}
	return g.todo[0], g.resumed + g.registered + 1, true
}

// Skip leaves the tile Next returns unregistered, for a later run.
func (g *Guide) Skip() {
	if len(g.todo) > 0 {
		g.todo = g.todo[1:]
	}
}

// Register registers uid as the tile Next returns, durably, and moves on
// to the next tile. A tag registered as another tile is refused with a
// *TakenError, and a store conflict (ErrConflict) is returned; either way
// the tile stays the one to register.
func (g *Guide) Register(uid rfid.UID) error {
	t, _, ok := g.Next()
	if !ok {
		return fmt.Errorf("registry: every tile of the set is registered")
	}
	want := Entry{Set: g.label, Tile: t}
	if e, ok := g.st.Lookup(uid); ok && e != want {
		return &TakenError{UID: uid, As: e, Last: uid == g.last}
	}
	if err := g.st.Put(uid, want); err != nil {
		return err
	}
	g.last = uid
	g.registered++
	g.todo = g.todo[1:]
	return nil
}

// TakenError refuses a tag already registered as another tile.
type TakenError struct {
	UID rfid.UID
	As  Entry
	// Last: the tag is the one registered just before (the tile was
	// left on the antenna).
	Last bool
}

func (e *TakenError) Error() string {
	if e.Last {
		return fmt.Sprintf("tag %s is the tile just registered (%s)", e.UID, e.As)
	}
	return fmt.Sprintf("tag %s is already %s", e.UID, e.As)
}

// Face is one face of a set: a kind, red or not (a red five looks
// different from the other fives), and the copies of it to register.
type Face struct {
	Kind  tile.Kind
	Red   bool
	Tiles []tile.Tile
}

func (f Face) String() string {
	if f.Red {
		return f.Kind.String() + " red"
	}
	return f.Kind.String()
}

// Faces returns the faces of the tiles left to register, in the set's
// order, each with only its tiles left.
func (g *Guide) Faces() []Face {
	var out []Face
	for _, t := range g.todo {
		i := slices.IndexFunc(out, func(f Face) bool { return f.Kind == t.Kind && f.Red == t.Red })
		if i < 0 {
			i = len(out)
			out = append(out, Face{Kind: t.Kind, Red: t.Red})
		}
		out[i].Tiles = append(out[i].Tiles, t)
	}
	return out
}

// RegisterFace registers the tags read on a zone laid out with every copy
// left of face f: copies of a face look alike, so the new tags take the
// copies in UID order. Tags already registered as this face of the set are
// left alone. A tag registered as another tile, or a number of new tags
// other than the copies of f, refuses the whole zone with a *FaceError;
// nothing is registered then.
func (g *Guide) RegisterFace(f Face, uids []rfid.UID) error {
	uids = slices.Sorted(slices.Values(uids))
	uids = slices.Compact(uids)
	var fresh []rfid.UID
	var taken []TakenError
	for _, u := range uids {
		e, ok := g.st.Lookup(u)
		switch {
		case !ok:
			fresh = append(fresh, u)
		case e.Set != g.label || e.Tile.Kind != f.Kind || e.Tile.Red != f.Red:
			taken = append(taken, TakenError{UID: u, As: e})
		}
	}
	if len(taken) > 0 || len(fresh) != len(f.Tiles) {
		return &FaceError{Face: f, Taken: taken, New: len(fresh)}
	}
	for i, u := range fresh {
		if err := g.st.Put(u, Entry{Set: g.label, Tile: f.Tiles[i]}); err != nil {
			return err
		}
		g.registered++
		g.todo = slices.DeleteFunc(g.todo, func(t tile.Tile) bool { return t == f.Tiles[i] })
	}
	return nil
}

// FaceError refuses the tags read on a face's zone: some are registered
// as other tiles (Taken), or the number of new ones (New) is not the
// number of copies of the face.
type FaceError struct {
	Face  Face
	Taken []TakenError
	New   int
}

func (e *FaceError) Error() string {
	if len(e.Taken) > 0 {
		var ts []string
		for _, t := range e.Taken {
			ts = append(ts, fmt.Sprintf("%s is already %s", t.UID, t.As))
		}
		return "refused: " + strings.Join(ts, ", ")
	}
	return fmt.Sprintf("%d new tag(s) read, want %d × %s", e.New, len(e.Face.Tiles), e.Face)
}
