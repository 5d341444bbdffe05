package players

import (
	"fmt"
	"slices"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// person reports whether seat is played by a person (Config.People): the
// simulated players leave that seat's moves to Carry.
func (t *Table) person(seat game.Seat) bool {
	return slices.Contains(t.cfg.People, seat)
}

// personMay reports whether a person's seat may do more than pass in the
// open claim window: the simulated players wait for that person's answer
// instead of taking the discard themselves.
func (t *Table) personMay(h *game.Hand) bool {
	for i := range h.Seats {
		s := game.Seat(i)
		if !t.person(s) {
			continue
		}
		for _, a := range t.ref.Legal(s) {
			if a.Kind != game.Pass {
				return true
			}
		}
	}
	return false
}

// Carry carries out a person's action on the surface as the tile
// movements it makes, starting now: in the simulator nobody's hands move
// a person's tiles, so the seat page's command moves them, and sensing
// sees them move as it sees the simulated players' tiles. Declarations
// (win, riichi, pass) go to sensing as they do on the real table, not
// through Carry; a riichi's discard is carried. It returns when the last
// tile is down.
func (t *Table) Carry(a game.Action) (time.Time, error) {
	if !t.person(a.Seat) {
		return t.now, fmt.Errorf("players: seat %d is not played by a person", a.Seat)
	}
	var tiles []tile.Tile
	zone := Zone(int(a.Seat), Melds)
	switch a.Kind {
	case game.Draw:
		tiles, zone = []tile.Tile{a.Tile}, Zone(int(a.Seat), Hand)
	case game.Discard, game.Riichi:
		tiles, zone = []tile.Tile{a.Tile}, Zone(int(a.Seat), Discards)
	case game.Chi, game.Pon, game.OpenKan, game.ClosedKan, game.AddedKan, game.SingleKan, game.Flower:
		tiles = append([]tile.Tile{a.Tile}, a.Uses...)
	case game.Missing:
		if a.Tile == (tile.Tile{}) {
			return t.now, fmt.Errorf("players: seat %d declares its missing suit %s with no tile to show: that is a declaration", a.Seat, a.Suit)
		}
		tiles = []tile.Tile{a.Tile}
	default:
		return t.now, fmt.Errorf("players: %s moves no tile: it is a declaration", a)
	}
	// The dealt tiles reach the hands first: a person moves what is in
	// front of them, however early the seat page was pressed.
	done := t.now
	if t.dealt.After(done) {
		done = t.dealt
	}
	for _, tl := range tiles {
		if _, ok := t.uid[tl]; !ok {
			return t.now, fmt.Errorf("players: no tag for %s (copy %d) of seat %d's %s", tl, tl.Copy, a.Seat, a.Kind)
		}
	}
	// The person looks at the table before lifting a tile: if the
	// referee has moved on meanwhile (another seat won on the discard
	// the person was about to draw past), the move is not made.
	start, end := done, done.Add(time.Duration(len(tiles))*t.cfg.Pace.Reach)
	t.at(start, func() {
		if !t.stillLegal(a) {
			t.trace("seat %d leaves %s: the referee has moved on", a.Seat, a)
			return
		}
		done := t.now
		for _, tl := range tiles {
			done = t.move(done, tl, zone)
		}
		t.record(a, done)
	})
	return end, nil
}

// stillLegal reports whether the referee still allows a: by the tile's
// face (the referee lists one copy of each), a missing suit by its suit.
func (t *Table) stillLegal(a game.Action) bool {
	for _, l := range t.ref.Legal(a.Seat) {
		if l.Kind == a.Kind && (l.Tile.String() == a.Tile.String() || a.Kind == game.Missing && l.Suit == a.Suit) {
			return true
		}
	}
	return false
}
