package sensing

import (
	"fmt"
	"strconv"
	"strings"

	"jantaku/rules/game"
)

// Area is a kind of zone on the table surface.
type Area uint8

// The areas. Each seat has a Wall, Hand, Melds and Discards zone; DeadWall
// and Drop are the table's own.
const (
	NoArea Area = iota
	Wall
	Hand
	Melds
	Discards
	DeadWall
	Drop
)

var areaNames = [...]string{"none", "wall", "hand", "melds", "discards", "deadwall", "drop"}

func (a Area) String() string {
	if int(a) < len(areaNames) {
		return areaNames[a]
	}
	return "Area(" + strconv.Itoa(int(a)) + ")"
}

// Zone is the field of one surface antenna: a seat's area, or a table-wide
// one (Seat is game.NoSeat for DeadWall and Drop). The zero Zone is "nowhere
// known".
type Zone struct {
	Seat game.Seat
	Area Area
}

// SeatZone returns seat's zone of area a.
func SeatZone(s game.Seat, a Area) Zone { return Zone{Seat: s, Area: a} }

// Known reports whether z names a zone.
func (z Zone) Known() bool { return z.Area != NoArea }

// String returns the zone's name as the board profile writes it:
// "seat2.hand", "deadwall", "drop".
func (z Zone) String() string {
	switch z.Area {
	case NoArea:
		return "nowhere"
	case DeadWall, Drop:
		return z.Area.String()
	}
	return fmt.Sprintf("seat%d.%s", z.Seat, z.Area)
}

// ParseZone parses a zone name of the board profile ("seat0.wall").
func ParseZone(s string) (Zone, error) {
	switch s {
	case "deadwall":
		return Zone{Seat: game.NoSeat, Area: DeadWall}, nil
	case "drop":
		return Zone{Seat: game.NoSeat, Area: Drop}, nil
	}
	seat, area, ok := strings.Cut(s, ".")
	n, err := strconv.Atoi(strings.TrimPrefix(seat, "seat"))
	if !ok || !strings.HasPrefix(seat, "seat") || err != nil || n < 0 || n > 3 {
		return Zone{}, fmt.Errorf("sensing: zone %q: want seatN.area, deadwall or drop", s)
	}
	for a := Wall; a <= Discards; a++ {
		if a.String() == area {
			return Zone{Seat: game.Seat(n), Area: a}, nil
		}
	}
	return Zone{}, fmt.Errorf("sensing: zone %q: unknown area %q", s, area)
}

// TableZones returns every zone of a table of n seats: each seat's wall,
// hand, melds and discards, then the dead wall and the drop hole.
func TableZones(n int) []Zone {
	var out []Zone
	for s := 0; s < n; s++ {
		for a := Wall; a <= Discards; a++ {
			out = append(out, Zone{Seat: game.Seat(s), Area: a})
		}
	}
	return append(out, Zone{Seat: game.NoSeat, Area: DeadWall}, Zone{Seat: game.NoSeat, Area: Drop})
}

// maxZones bounds zone indexes: four seats of four areas and two more.
const maxZones = 18

// index numbers z for per-zone arrays; -1 for an unknown zone.
func (z Zone) index() int {
	switch z.Area {
	case Wall, Hand, Melds, Discards:
		if z.Seat >= 0 && z.Seat < 4 {
			return int(z.Seat)*4 + int(z.Area-Wall)
		}
	case DeadWall:
		return 16
	case Drop:
		return 17
	}
	return -1
}
