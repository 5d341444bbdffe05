package census

import (
	"fmt"
	"strings"

	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/rules/tile"
)

// Error names every problem a census found.
type Error struct {
	Set       byte
	Missing   []tile.Tile
	Duplicate []tile.Tile // a tile seen more than once (same tag twice, or two tags of one tile)
	Foreign   []rfid.UID  // tags unknown, or of another set
	Why       []string    // one line per foreign tag
}

func (e *Error) Error() string {
	var parts []string
	for _, t := range e.Missing {
		parts = append(parts, fmt.Sprintf("missing %s#%d", t, t.Copy))
	}
	for _, t := range e.Duplicate {
		parts = append(parts, fmt.Sprintf("duplicate %s#%d", t, t.Copy))
	}
	parts = append(parts, e.Why...)
	return fmt.Sprintf("census of set %c: %s", e.Set, strings.Join(parts, "; "))
}

// Check takes the census of uids (the walls' tags) against set. label is
// the set expected (A or B); 0 takes the set of the first known tag.
// It returns the label and nil, or an *Error.
func Check(set tile.Set, label byte, uids []rfid.UID, reg registry.Registry) (byte, error) {
	if label == 0 {
		for _, u := range uids {
			if e, ok := reg.Lookup(u); ok {
				label = e.Set
				break
			}
		}
	}
	e := &Error{Set: label}
	seen := map[tile.Tile]int{}
	for _, u := range uids {
		r, ok := reg.Lookup(u)
		switch {
		case !ok:
			e.Foreign = append(e.Foreign, u)
			e.Why = append(e.Why, fmt.Sprintf("foreign tag %s (not registered)", u))
			continue
		case r.Set != label:
			e.Foreign = append(e.Foreign, u)
			e.Why = append(e.Why, fmt.Sprintf("foreign tile %s (tag %s, of set %c)", r, u, r.Set))
			continue
		case !set.Contains(r.Tile):
			e.Foreign = append(e.Foreign, u)
			e.Why = append(e.Why, fmt.Sprintf("foreign tile %s (tag %s) is not part of %s", r, u, set.Name))
			continue
		}
		seen[r.Tile]++
		if seen[r.Tile] == 2 {
			e.Duplicate = append(e.Duplicate, r.Tile)
		}
	}
	for _, t := range set.Tiles() {
		if seen[t] == 0 {
			e.Missing = append(e.Missing, t)
		}
	}
	if len(e.Missing)+len(e.Duplicate)+len(e.Foreign) == 0 {
		return label, nil
	}
	return label, e
}
