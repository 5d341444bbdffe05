package sim

import (
	"fmt"

	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

// Tags returns made-up tag UIDs for every tile of set, labelled label (a
// set A or B): 7-byte NXP-style UIDs 04 'J' label id..., stable across runs.
func Tags(set tile.Set, label byte) map[rfid.UID]tile.Tile {
	out := map[rfid.UID]tile.Tile{}
	for _, t := range set.Tiles() {
		out[UID(label, t)] = t
	}
	return out
}

// UID is the made-up tag of tile t of set label.
func UID(label byte, t tile.Tile) rfid.UID {
	return rfid.UID(fmt.Sprintf("044A%02X%04X%02X00", label, t.ID(), t.Copy))
}

// List returns the UIDs of set's tiles, in the set's order.
func List(set tile.Set, label byte) []rfid.UID {
	var out []rfid.UID
	for _, t := range set.Tiles() {
		out = append(out, UID(label, t))
	}
	return out
}
