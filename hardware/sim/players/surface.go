package players

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
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
//
// Reads go through the same radio and the same driver as the table's:
// an emulated PN5180 (pn5180test) with the zone's tags on the selected
// antenna, inventoried by package pn5180 with ISO 15693's 16 slots,
// collisions and their longer masks, and the standard's timings. An
// inventory costs its radio time plus PerFrame for every SPI frame the
// driver sends.
type Surface struct {
	// MissRate is the chance that a tag in a field misses one inventory
	// request (a hand over it, a tile half in the field); GhostRate the
	// chance that an inventory also hears a tag of a neighbouring field
	// (antennas 80 mm apart read each other's edge tiles).
	MissRate, GhostRate float64
	// BrownOutRate is the part of MissRate that, for a tile at rest in a
	// field held on (HeldInventory), is a loss of power for the request:
	// the tag forgets Stay Quiet and answers the next inventory. The
	// rest of its misses are answers lost with the tag still powered
	// (iso15693.Tag.Fade). How often a tile at rest browns out depends on
	// the antennas and on the players' hands over them, so it is for the
	// table to measure; 0 means never, MissRate or more that every miss
	// is one.
	BrownOutRate float64
	// PerFrame is the host's cost of one SPI frame and its BUSY check
	// (40 µs: spidev on a Pi 4 with BUSY on a Pi line).
	PerFrame time.Duration

	rand  *rand.Rand
	where map[rfid.UID]string
	in    map[string][]rfid.UID
	seats int
	chip  *pn5180test.Chip
	dev   *pn5180.Dev
	uids  map[rfid.UID]uint64
	err   error
	rec   *recording
	// radios are the zones' own readers holding their fields on
	// (HeldInventory), made on first use.
	radios map[string]*heldRadio
	nb     map[string][]string // neighbours, by zone
}

// NewSurface returns an empty surface of seats seats.
func NewSurface(seats int, seed uint64) *Surface {
	s := &Surface{
		PerFrame: 40 * time.Microsecond,
		rand:     rand.New(rand.NewPCG(seed, 0x73757266)), where: map[rfid.UID]string{}, in: map[string][]rfid.UID{}, seats: seats,
		uids: map[rfid.UID]uint64{},
	}
	s.chip = pn5180test.NewChip("surface")
	s.chip.Rand = rand.New(rand.NewPCG(seed, 0x35313830))
	// The emulated chip takes no real time: the driver's sleeps (reset,
	// field settling) are its radio's, counted in the cost.
	s.dev, s.err = pn5180.Open(&slotPort{Chip: s.chip, s: s}, s.chip.Busy(), s.chip.Reset(), pn5180.Config{Name: "surface", Clock: noClock{}})
	return s
}

// Slot is one slot of an inventory on the radio: the request or EOF that
// opens it and the answers or silence that follow (Air), and the SPI
// frames the host sent since the previous slot (SPI).
type Slot struct {
	Air time.Duration
	SPI int
}

// slotPort is the emulated chip with the driver's SPI frames counted and
// each slot's airtime taken apart, while an inventory is recorded.
type slotPort struct {
	*pn5180test.Chip
	s *Surface
}

func (p *slotPort) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	if _, err := p.Chip.Connect(f, m, bits); err != nil {
		return nil, err
	}
	return p, nil
}

// Tx implements spi.Conn.
func (p *slotPort) Tx(w, r []byte) error {
	air := p.Chip.Airtime()
	err := p.Chip.Tx(w, r)
	if rec := p.s.rec; rec != nil {
		rec.spi++
		if d := p.Chip.Airtime() - air; d > 0 {
			rec.slots = append(rec.slots, Slot{Air: d, SPI: rec.spi})
			rec.spi = 0
		}
	}
	return err
}

// recording is the inventory being recorded.
type recording struct {
	slots []Slot
	spi   int // frames since the last slot
}

// Put places uid in zone ("" lifts it into the air).
func (s *Surface) Put(uid rfid.UID, zone string) {
	s.forget(uid)
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
	if n, ok := s.nb[zone]; ok {
		return n
	}
	if s.nb == nil {
		s.nb = map[string][]string{}
	}
	s.nb[zone] = s.findNeighbours(zone)
	return s.nb[zone]
}

func (s *Surface) findNeighbours(zone string) []string {
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

// tag returns the radio tag of uid: the sim's UIDs are ISO 15693 UIDs.
func (s *Surface) tag(u rfid.UID, strength, presence float64) (*iso15693.Tag, bool) {
	v, ok := s.uids[u]
	if !ok {
		var err error
		if v, err = iso15693.ParseUID(u); err != nil {
			return nil, false
		}
		s.uids[u] = v
	}
	return &iso15693.Tag{UID: v, Strength: strength, Presence: presence}, true
}

// Inventory reads zone once, as the surface reader would: the zone's tags
// answer unless they miss the request, a neighbouring field's tag may be
// heard at reduced strength, and answers in one slot collide. It returns
// the tags read and the time the inventory took (radio and SPI frames).
func (s *Surface) Inventory(zone string) ([]rfid.UID, time.Duration) {
	uids, slots, tail := s.InventorySlots(zone)
	if s.err != nil {
		return nil, 0
	}
	cost := FieldSettle + time.Duration(tail)*s.PerFrame
	for _, sl := range slots {
		cost += sl.Air + time.Duration(sl.SPI)*s.PerFrame
	}
	return uids, cost
}

// FieldSettle is how long a reader's field is on before its first
// request (ISO/IEC 15693-3 asks 1 ms; the driver waits it, the emulated
// chip does not).
const FieldSettle = time.Millisecond

// InventorySlots is Inventory taken apart: the tags read, the inventory's
// slots in order, and the SPI frames the host sent after the last one
// (reading its answer, the field off). Before the first slot the field
// settles for FieldSettle.
func (s *Surface) InventorySlots(zone string) ([]rfid.UID, []Slot, int) {
	if s.err != nil {
		return nil, nil, 0
	}
	var tags []*iso15693.Tag
	for _, u := range s.in[zone] {
		if t, ok := s.tag(u, 1, 1-s.MissRate); ok {
			tags = append(tags, t)
		}
	}
	if s.GhostRate > 0 {
		var near []rfid.UID
		for _, n := range s.neighbours(zone) {
			near = append(near, s.in[n]...)
		}
		// One neighbour's tag near enough to be heard (strength 0.7:
		// decoded alone, colliding beside a tag of the zone) in about
		// GhostRate of the inventories.
		if len(near) > 0 && s.rand.Float64() < s.GhostRate {
			if t, ok := s.tag(near[s.rand.IntN(len(near))], 0.7, 1); ok {
				tags = append(tags, t)
			}
		}
	}
	s.chip.SetTags(0, tags...)
	s.rec = &recording{}
	uids, _ := s.dev.Inventory(context.Background())
	rec := s.rec
	s.rec = nil
	return uids, rec.slots, rec.spi
}

// noClock is a clock whose sleeps return at once: the emulated reader's
// time is counted by its radio, not slept.
type noClock struct{}

func (noClock) Now() time.Time { return time.Time{} }
func (noClock) After(time.Duration) <-chan time.Time {
	c := make(chan time.Time, 1)
	c <- time.Time{}
	return c
}
