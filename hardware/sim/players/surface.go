package players

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"jantaku/drivers/rfid"
)

// The areas of a seat, named as in the board profile's zones.
const (
	Wall     = "wall"
	Hand     = "hand"
	Melds    = "melds"
	Discards = "discards"
)

// Zone returns the profile name of seat's area ("seat2.hand").
func Zone(seat int, area string) string { return fmt.Sprintf("seat%d.%s", seat, area) }

// Surface is the table top: which tile is in which antenna's field, and
// how the antennas read them. A tile in no zone is in a player's hand in
// the air.
type Surface struct {
	// MissRate is the chance that a tag in a field is not answered in one
	// inventory; GhostRate the chance that an inventory also returns a tag
	// of a neighbouring field (antennas 80 mm apart read each other).
	MissRate, GhostRate float64
	// ReadTime and PerTag are what an inventory costs: an MFRC522 read
	// (25 ms) and a select/halt round per tag answered.
	ReadTime, PerTag time.Duration

	rand  *rand.Rand
	where map[rfid.UID]string
	in    map[string][]rfid.UID
	seats int
}

// NewSurface returns an empty surface of seats seats.
func NewSurface(seats int, seed uint64) *Surface {
	return &Surface{
		ReadTime: 25 * time.Millisecond, PerTag: 2 * time.Millisecond,
		rand: rand.New(rand.NewPCG(seed, 0x73757266)), where: map[rfid.UID]string{}, in: map[string][]rfid.UID{}, seats: seats,
	}
}

// Put places uid in zone ("" lifts it into the air).
func (s *Surface) Put(uid rfid.UID, zone string) {
	if old, ok := s.where[uid]; ok && old != "" {
		s.in[old] = slices.DeleteFunc(s.in[old], func(u rfid.UID) bool { return u == uid })
	}
	s.where[uid] = zone
	if zone != "" {
		s.in[zone] = append(s.in[zone], uid)
	}
}

// Where returns the zone uid is in ("" in the air or unknown).
func (s *Surface) Where(uid rfid.UID) string { return s.where[uid] }

// Tags returns the tags in zone's field.
func (s *Surface) Tags(zone string) []rfid.UID { return slices.Clone(s.in[zone]) }

// neighbours are the fields that bleed into zone's antenna: the seat's
// other areas and the ponds in the centre.
func (s *Surface) neighbours(zone string) []string {
	var seat int
	var area string
	if _, err := fmt.Sscanf(zone, "seat%d.%s", &seat, &area); err != nil {
		return nil
	}
	var out []string
	for _, a := range []string{Wall, Hand, Melds, Discards} {
		if a != area {
			out = append(out, Zone(seat, a))
		}
	}
	if area == Discards {
		for t := 0; t < s.seats; t++ {
			if t != seat {
				out = append(out, Zone(t, Discards))
			}
		}
	}
	return out
}

// Inventory reads zone once: each tag answers unless missed, and a ghost
// from a neighbouring field may answer too. It returns the tags and the
// time the inventory took.
func (s *Surface) Inventory(zone string) ([]rfid.UID, time.Duration) {
	var out []rfid.UID
	for _, u := range s.in[zone] {
		if s.rand.Float64() >= s.MissRate {
			out = append(out, u)
		}
	}
	if s.GhostRate > 0 && s.rand.Float64() < s.GhostRate {
		var near []rfid.UID
		for _, n := range s.neighbours(zone) {
			near = append(near, s.in[n]...)
		}
		if len(near) > 0 {
			out = append(out, near[s.rand.IntN(len(near))])
		}
	}
	return out, s.ReadTime + time.Duration(len(out))*s.PerTag
}
