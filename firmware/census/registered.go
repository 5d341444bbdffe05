package census

import (
	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/rules/tile"
)

// Registered takes the census of the tags a registry holds for set label
// against set, as Check does for the walls: nil when every tile of the
// set has exactly one tag, else an *Error whose Missing lists the tiles
// still to register.
func Registered(set tile.Set, label byte, reg registry.Memory) error {
	var uids []rfid.UID
	for _, u := range reg.Sorted() {
		if reg[u].Set == label {
			uids = append(uids, u)
		}
	}
	_, err := Check(set, label, uids, reg)
	return err
}
