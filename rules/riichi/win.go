package riichi

import (
	"fmt"
	"math/bits"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Wind is a wind: the round wind, or a seat named by its seat wind in the
// current hand (East is the dealer, then South, West, North in turn
// order, spec/riichi.md §0.1).
type Wind uint8

// The winds.
const (
	East Wind = iota
	South
	West
	North
)

// Table stands for the table itself in a Payment: deposits (riichi sticks
// and 供託) go to and come from it.
const Table Wind = 4

// String returns "E", "S", "W", "N" (or "table").
func (w Wind) String() string {
	switch {
	case w < 4:
		return [...]string{"E", "S", "W", "N"}[w]
	case w == Table:
		return "table"
	}
	return fmt.Sprintf("Wind(%d)", uint8(w))
}

// Japanese returns 東, 南, 西 or 北 (供託 for the table).
func (w Wind) Japanese() string {
	switch {
	case w < 4:
		return [...]string{"東", "南", "西", "北"}[w]
	case w == Table:
		return "供託"
	}
	return w.String()
}

// MarshalText writes the wind as String does.
func (w Wind) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText reads a wind as ParseWind does ("table" too).
func (w *Wind) UnmarshalText(b []byte) error {
	if string(b) == "table" {
		*w = Table
		return nil
	}
	v, err := ParseWind(string(b))
	if err != nil {
		return err
	}
	*w = v
	return nil
}

// Kind returns the wind's tile.
func (w Wind) Kind() tile.Kind { return tile.East + tile.Kind(w&3) }

// Next returns the seat that plays after w (its 下家).
func (w Wind) Next() Wind { return (w + 1) & 3 }

// ParseWind reads a wind: E S W N, east south west north, 1z–4z, 東南西北.
func ParseWind(s string) (Wind, error) {
	k, err := tile.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("riichi: %w", err)
	}
	return Wind(k - tile.East), nil
}

// Win is a winning hand and the situation it won in: what Score needs.
type Win struct {
	// Concealed is the concealed part, the winning tile included; tiles
	// of concealed kongs are in Melds.
	Concealed []tile.Tile
	Melds     []tile.Meld
	WinTile   tile.Kind
	Tsumo     bool // false: ron
	// From is the discarder on a ron (the player who added the kong on a
	// chankan).
	From  Wind
	Seat  Wind // the winner
	Round Wind

	Riichi       bool
	DoubleRiichi bool // implies riichi
	Ippatsu      bool
	Haitei       bool // tsumo on the last live tile
	Houtei       bool // ron on the last discard
	Rinshan      bool // tsumo on a kong's replacement tile
	Chankan      bool // ron on a kakan tile
	Tenhou       bool // the dealer's first 14 tiles
	Chiihou      bool // a non-dealer's first draw, no call before it
	Renhou       bool // ron before one's first draw, no call before it

	// Dora lists the dora indicators turned: the first, then each kan
	// dora's. Ura lists the indicators under them (used only with riichi).
	Dora []tile.Kind
	Ura  []tile.Kind

	// Kita is the number of north tiles the winner set aside in a
	// three-player game (抜きドラ): each is a han, and counts as a north
	// for dora and ura.
	Kita int

	Honba    int // 積み棒 counters
	Deposits int // 1,000-point sticks on the table, the winner's own riichi stick included

	// Pao, if set, names the player liable for a daisangen or daisuushii
	// (spec/riichi.md §15).
	Pao Pao
}

// Pao is a liability for a yakuman: Liable discarded the tile whose call
// settled Yaku (Daisangen or Daisuushii).
type Pao struct {
	Yaku   Yaku
	Liable Wind
}

// Dealer reports whether the winner is the dealer.
func (w *Win) Dealer() bool { return w.Seat == East }

// read validates the hand w and reads it into s, nothing read yet, in one
// walk over its tiles: the concealed counts (and their hand.Counted), the
// counts of every tile, the kinds held, the red fives and the melds' sets.
// The setup and Decompose read these rather than walk the tiles again.
func (s *scorer) read(w *Win, o *Options) error {
	if w.Seat > North || w.Round > North || (!w.Tsumo && w.From > North) {
		return fmt.Errorf("riichi: seat %v, round %v, discarder %v: winds are E S W N: %w", w.Seat, w.Round, w.From, ErrConditions)
	}
	n := len(w.Concealed) + 3*len(w.Melds)
	if n != 14 || len(w.Melds) > 4 {
		return fmt.Errorf("riichi: %d concealed tiles and %d melds, want 14 tiles (a kong counts as 3): %w", len(w.Concealed), len(w.Melds), ErrBadHand)
	}
	// Counted in locals, stored once: the walk over the tiles is most of
	// the reading.
	conc, aka := &s.conc, 0
	for _, t := range w.Concealed {
		if t.Kind >= tile.NumKinds {
			return fmt.Errorf("riichi: %v is not a riichi tile: %w", t, ErrBadHand)
		}
		conc[t.Kind]++
		if t.Red {
			aka++
		}
	}
	s.aka = aka
	s.hc.Set(&s.conc)
	s.all = s.conc
	held, over := s.hc.Held(), s.hc.Over() // over: some kind more than four times
	s.closed = true
	for _, m := range w.Melds {
		if err := m.Check(); err != nil {
			return fmt.Errorf("riichi: meld %v: %v: %w", m, err, ErrBadHand)
		}
		for _, t := range m.Tiles {
			if t.Kind >= tile.NumKinds {
				return fmt.Errorf("riichi: %v is not a riichi tile: %w", t, ErrBadHand)
			}
			s.all[t.Kind]++
			bit := hand.Mask(1) << t.Kind
			held |= bit
			if s.all[t.Kind] > 4 {
				over |= bit
			}
			if t.Red {
				s.aka++
			}
		}
		st := set{tile: m.Base()}
		switch m.Type {
		case tile.Chi:
			st.kind = seqSet
		case tile.Pon:
			st.kind = tripSet
		case tile.ClosedKan:
			st.kind, st.concealed = kongSet, true
		default:
			st.kind = kongSet
		}
		s.melds[s.nm] = st
		s.nm++
		s.meldTally.add(st)
		if m.Open() {
			s.closed = false
		}
	}
	if over != 0 {
		k := tile.Kind(bits.TrailingZeros64(uint64(over)))
		return fmt.Errorf("riichi: %d copies of %v: %w", s.all[k], k, ErrBadHand)
	}
	if w.WinTile >= tile.NumKinds || s.conc[w.WinTile] == 0 {
		return fmt.Errorf("riichi: the winning tile %v is not in the concealed part %s: %w", w.WinTile, tile.Format(w.Concealed), ErrBadHand)
	}
	s.held = uint64(held)
	return w.checkConditions(o, s.closed, s.all[tile.North])
}

// checkConditions validates the dora indicators and the conditions of
// the win, once its tiles are read: closed says whether the hand has no
// open meld, norths how many north tiles it holds.
func (w *Win) checkConditions(o *Options, closed bool, norths uint8) error {
	for _, k := range w.Dora {
		if k >= tile.NumKinds {
			return fmt.Errorf("riichi: dora indicator %v is not a riichi tile: %w", k, ErrBadHand)
		}
	}
	for _, k := range w.Ura {
		if k >= tile.NumKinds {
			return fmt.Errorf("riichi: dora indicator %v is not a riichi tile: %w", k, ErrBadHand)
		}
	}
	bad := func(msg string) error { return fmt.Errorf("riichi: %s: %w", msg, ErrConditions) }
	riichi := w.Riichi || w.DoubleRiichi
	switch {
	case w.Honba < 0 || w.Deposits < 0:
		return bad("honba and deposits cannot be negative")
	case w.Kita < 0 || w.Kita > 4 || w.Kita+int(norths) > 4:
		return bad(fmt.Sprintf("%d north tiles set aside with %d held: at most four norths", w.Kita, norths))
	case w.Kita > 0 && o.Players != 3:
		return bad("north tiles are set aside only in a three-player game")
	case o.Players == 3 && (w.Seat == North || !w.Tsumo && w.From == North):
		return bad("a three-player game has no North seat")
	case !w.Tsumo && w.From == w.Seat:
		return bad("a ron needs a discarder other than the winner")
	case riichi && !closed:
		return bad("riichi with an open hand")
	case w.Ippatsu && !riichi:
		return bad("ippatsu without riichi")
	case w.Ippatsu && !o.Ippatsu:
		return bad("ippatsu is not played under these options")
	case w.Haitei && !w.Tsumo:
		return bad("haitei is a tsumo on the last tile (use houtei for a ron)")
	case w.Haitei && w.Rinshan:
		return bad("a replacement tile is never haitei")
	case w.Houtei && w.Tsumo:
		return bad("houtei is a ron on the last discard (use haitei for a tsumo)")
	case w.Houtei && w.Chankan:
		return bad("houtei and chankan together")
	case w.Rinshan && !w.Tsumo:
		return bad("rinshan kaihou is a tsumo")
	case w.Chankan && w.Tsumo:
		return bad("chankan is a ron")
	case w.Tenhou && (!w.Dealer() || !w.Tsumo || len(w.Melds) > 0):
		return bad("tenhou is the dealer's tsumo on the first 14 tiles, with no kong")
	case w.Chiihou && (w.Dealer() || !w.Tsumo || len(w.Melds) > 0):
		return bad("chiihou is a non-dealer's tsumo on the first draw, with no call")
	case w.Renhou && (w.Dealer() || w.Tsumo || len(w.Melds) > 0):
		return bad("renhou is a non-dealer's ron before the first draw, with no call")
	case w.Renhou && o.Renhou == RenhouNone:
		return bad("renhou is not played under these options")
	case w.Pao.Yaku != NoYaku && w.Pao.Yaku != Daisangen && w.Pao.Yaku != Daisuushii:
		return bad("pao applies to daisangen and daisuushii only")
	case w.Pao.Yaku != NoYaku && (w.Pao.Liable > North || w.Pao.Liable == w.Seat):
		return bad("the liable player must be another seat")
	}
	return nil
}

// shapes returns the winning shapes of riichi (spec/riichi.md §7.1).
func shapes() hand.Options { return hand.Options{Shapes: riichiShapes} }

// riichiShapes are the special shapes riichi accepts, as a constant
// (hand.ShapesOf is a loop at run time).
const riichiShapes = hand.Shapes(1<<hand.SevenPairs | 1<<hand.ThirteenOrphans)
