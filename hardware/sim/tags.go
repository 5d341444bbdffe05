package sim

import (
	"fmt"

	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

// Tags returns made-up tag UIDs for every tile of set, labelled label (a
// set A or B): 8-byte ISO 15693 UIDs of NXP ICODE tags (E0 04 01 …),
// stable across runs.
func Tags(set tile.Set, label byte) map[rfid.UID]tile.Tile {
	out := map[rfid.UID]tile.Tile{}
	for _, t := range set.Tiles() {
		out[UID(label, t)] = t
	}
	return out
}

// UID is the made-up tag of tile t of set label: E0 04 01, the label, the
// tile's id and copy, and a low byte that varies like a serial number's
// (an inventory's slot is chosen by the UID's low bits).
func UID(label byte, t tile.Tile) rfid.UID {
	low := byte(int(t.ID())*5 + int(t.Copy)*67 + int(label))
	return rfid.UID(fmt.Sprintf("E00401%02X%04X%02X%02X", label, int(t.ID())&0xFFFF, t.Copy, low))
}

// List returns the UIDs of set's tiles, in the set's order.
func List(set tile.Set, label byte) []rfid.UID {
	var out []rfid.UID
	for _, t := range set.Tiles() {
		out = append(out, UID(label, t))
	}
	return out
}
