package scorecli

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Request is one score command line, parsed: the flags every family
// reads, and the family's condition flags by name.
type Request struct {
	Rules   string // --rules as given: "family" or "family/preset"
	Win     string // --win: the winning tile
	From    string // --from: the discarder's wind
	Seat    string // --seat: the winner's wind (the command's default "S")
	Preset  string // --preset (a family may set it to the preset it scores under)
	Options string // --options: a YAML or JSON file
	Tsumo   bool
	JSON    bool
	// PresetSet is true when --preset was given (or, for riichi, --rules
	// named one).
	PresetSet bool
	Sets      []string // --set KEY=VALUE, in order
	Hand      []string // the words of HAND
	// Cond holds the condition flags' values by name, every value given
	// in order; a switch holds "true" or "false".
	Cond map[string][]string
	// Given names the flags given, for the check that each applies to the
	// family scored.
	Given []string
}

// On reports whether the switch name is set.
func (r *Request) On(name string) bool {
	return r.Value(name) == "true"
}

// Value returns the last value of the condition flag name, "" if none.
func (r *Request) Value(name string) string {
	if vs := r.Cond[name]; len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return ""
}

// Label names the rules a hand was scored under: the family, its preset,
// the options file and every --set.
func (r *Request) Label(fam, preset string) string {
	s := fam + "/" + preset
	if r.Options != "" {
		s += " + " + r.Options
	}
	for _, kv := range r.Sets {
		s += " + " + kv
	}
	return s
}

// WinnerHand reads the winner's hand and its winning tile: --win, or the
// last concealed tile written. A hand written without its winning tile
// gets it from --win.
func (r *Request) WinnerHand() (tile.Hand, tile.Kind, error) {
	h, err := tile.ParseHand(strings.Join(r.Hand, " "))
	if err != nil {
		return h, 0, err
	}
	var win tile.Kind
	if r.Win != "" {
		ts, err := tile.Parse(r.Win)
		if err != nil {
			return h, 0, fmt.Errorf("--win: %w", err)
		}
		if len(ts) != 1 || ts[0].Kind.IsFlower() {
			return h, 0, fmt.Errorf("--win takes one tile that is not a flower, got %q", r.Win)
		}
		win = ts[0].Kind
		if len(h.Concealed)+3*len(h.Melds) == 13 {
			h.Concealed = append(h.Concealed, ts[0])
		}
	} else if len(h.Concealed) > 0 {
		win = h.Concealed[len(h.Concealed)-1].Kind
	}
	if err := CheckChi(h); err != nil {
		return h, 0, err
	}
	if n := len(h.Concealed) + 3*len(h.Melds); n != 14 {
		return h, 0, fmt.Errorf("the hand %s has %d tiles (a kong counted as three); a win has 14 with the winning tile (or 13 and --win): %w", h, n, ErrBadHand)
	}
	if !slices.ContainsFunc(h.Concealed, func(t tile.Tile) bool { return t.Kind == win }) {
		return h, 0, fmt.Errorf("the winning tile %s is not among the concealed tiles of %s: %w", win, h, ErrBadHand)
	}
	return h, win, nil
}

// CheckChi refuses a chi claimed from any seat but the previous player.
func CheckChi(h tile.Hand) error {
	for _, m := range h.Melds {
		if m.Type == tile.Chi && m.From != 3 {
			return fmt.Errorf("%s: a chi takes the previous player's discard, written <3 (<1 is the next player, <2 the one opposite): %w", m, ErrBadHand)
		}
	}
	return nil
}

// Seats returns the winner (--seat) and the seat the winning tile came
// from (--from, default the winner's 上家; game.NoSeat on a tsumo) at a
// table of players seats named by wind, East the dealer.
func (r *Request) Seats(players int) (winner, from game.Seat, err error) {
	if winner, err = SeatFlag("seat", r.Seat, players); err != nil {
		return 0, 0, err
	}
	if r.Tsumo {
		if r.From != "" {
			return 0, 0, errors.New("--from names the discarder of a ron, not of a tsumo")
		}
		return winner, game.NoSeat, nil
	}
	from = (winner + game.Seat(players) - 1) % game.Seat(players)
	if r.From != "" {
		if from, err = SeatFlag("from", r.From, players); err != nil {
			return 0, 0, err
		}
		if from == winner {
			return 0, 0, fmt.Errorf("--from %s is the winner's own seat", r.From)
		}
	}
	return winner, from, nil
}

// SeatFlag reads the flag's value, a seat named by its wind.
func SeatFlag(flag, s string, players int) (game.Seat, error) {
	k, err := tile.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("--%s: %w", flag, err)
	}
	seat := game.Seat(k - tile.East)
	if int(seat) >= players {
		return 0, fmt.Errorf("--%s %s: the table has %d seats (%s)", flag, s, players, seatNames(players))
	}
	return seat, nil
}

// WindFlag reads the flag's value, a wind, as a tile kind.
func WindFlag(flag, s string) (tile.Kind, error) {
	k, err := tile.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("--%s: %w", flag, err)
	}
	return k, nil
}

func seatNames(players int) string {
	var ns []string
	for i := range players {
		ns = append(ns, SeatName(game.Seat(i)))
	}
	return strings.Join(ns, " ")
}

// SeatName names a seat by its wind, East the dealer; any other seat
// (game.NoSeat, the pot) is "table".
func SeatName(s game.Seat) string {
	if s < 0 || s > 3 {
		return "table"
	}
	return [...]string{"E", "S", "W", "N"}[s]
}

// SeatHands reads the repeatable flag name, WIND=HAND, into hands by seat.
func (r *Request) SeatHands(name string, players int, winner game.Seat) (map[game.Seat]tile.Hand, error) {
	out := map[game.Seat]tile.Hand{}
	for _, v := range r.Cond[name] {
		w, text, ok := strings.Cut(v, "=")
		if !ok {
			return nil, fmt.Errorf("--%s wants WIND=HAND, got %q", name, v)
		}
		seat, err := SeatFlag(name, strings.TrimSpace(w), players)
		if err != nil {
			return nil, err
		}
		if seat == winner {
			return nil, fmt.Errorf("--%s %s: that is the winner; the winner's hand is HAND", name, v)
		}
		if _, dup := out[seat]; dup {
			return nil, fmt.Errorf("--%s: seat %s given twice", name, SeatName(seat))
		}
		h, err := tile.ParseHand(text)
		if err == nil {
			err = CheckChi(h)
		}
		if err != nil {
			return nil, fmt.Errorf("--%s %s: %w", name, SeatName(seat), err)
		}
		out[seat] = h
	}
	return out, nil
}

// Ways checks the switches that name how the hand was won: those in
// selfDrawn make it a tsumo (and refuse --ron), those in onDiscard refuse
// --tsumo. Its errors are usage errors.
func (r *Request) Ways(selfDrawn, onDiscard []string) error {
	for _, n := range selfDrawn {
		if r.On(n) {
			if !r.Tsumo && slices.Contains(r.Given, "ron") {
				return Usage(fmt.Errorf("--%s is a self-drawn win, not a ron", n))
			}
			r.Tsumo = true
		}
	}
	for _, n := range onDiscard {
		if r.On(n) && r.Tsumo {
			return Usage(fmt.Errorf("--%s is a win on another player's tile, not a tsumo", n))
		}
	}
	return nil
}
