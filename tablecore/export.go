package tablecore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore/journal"
	"jantaku/tablecore/record"
)

// TenhouTyper is a ruleset that can say which Tenhou game type its rules
// are (riichi.Ruleset): exported records are labelled with it. ok is false
// when the rules differ from that type's in more than its flags say.
type TenhouTyper interface {
	TenhouType() (typ int, ok bool)
}

// Record rebuilds the riichi game journaled at path as a game record, for
// tenhou.net/6 export (record.WriteTenhou6): every finished hand with its
// deal, actions, indicators and result, and the ruleset it was played
// under (Rules.Referee). A hand still in play is left out; Final is nil
// while the game is not over.
func Record(path string, resolve Resolver) (*record.Game, error) {
	var g *Game
	var reds [3]bool
	var start game.Standing
	out := &record.Game{}
	finish := func() error {
		if g == nil || g.h == nil || g.h.Phase != game.Over {
			return nil
		}
		h, err := recordHand(g.h, start)
		if err != nil {
			return err
		}
		out.Hands = append(out.Hands, h)
		return nil
	}
	err := journal.Replay(path, func(e journal.Event) error {
		in, err := decodeInput(e.Payload)
		if err != nil {
			return fmt.Errorf("record %d: %w", e.Seq, err)
		}
		switch in.Type {
		case "game":
			rs, err := resolve(in.Ruleset, in.Options)
			if err != nil {
				return err
			}
			if n := rs.Rules().Players; n != 4 && n != 3 {
				return fmt.Errorf("record %d: game records are for three or four players, not %d", e.Seq, n)
			}
			if in.Dealer == nil {
				return fmt.Errorf("record %d: the game names no first dealer", e.Seq)
			}
			if g, err = New(rs, game.Seat(*in.Dealer)); err != nil {
				return err
			}
			reds = rs.Rules().Set.Reds
			out.Rules = record.Rules{Red: reds, Hanchan: true, OpenTanyao: true, Label: in.Ruleset,
				Referee: &record.Referee{Ruleset: in.Ruleset, Options: in.Options},
				Three:   rs.Rules().Players == 3}
			if tt, ok := rs.(TenhouTyper); ok {
				// Labelled as Tenhou labels the type, so that readers get the
				// length and open tanyao from it.
				typ, same := tt.TenhouType()
				r := &out.Rules
				r.Label = record.TypeLabel(typ)
				r.Hanchan = typ&record.TypeHanchan != 0
				r.OpenTanyao = typ&record.TypeNoKuitan == 0
				r.Type, r.HasType = typ, same
			}
		case "deal":
			if g == nil {
				return fmt.Errorf("record %d: a deal before the game", e.Seq)
			}
			d, err := in.deal(reds)
			if err != nil {
				return err
			}
			start, _ = g.NextStanding()
			if _, err := g.StartHand(d); err != nil {
				return fmt.Errorf("record %d: %w", e.Seq, err)
			}
		case "action", "foul":
			a, err := in.action(reds)
			if err != nil {
				return err
			}
			if in.Type == "foul" {
				_, err = g.Foul(a, in.Reason)
			} else {
				_, err = g.Apply(a)
			}
			if err != nil {
				return fmt.Errorf("record %d: %w", e.Seq, err)
			}
			if g.h.Phase == game.Over {
				return finish()
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("tablecore: %s: %w", path, err)
	}
	if g == nil {
		return nil, fmt.Errorf("tablecore: %s holds no game", path)
	}
	if g.over {
		final := &record.Final{}
		copy(final.Scores[:], g.st.Scores)
		if st, ok := g.Settlement(); ok {
			copy(final.Points[:], st.Points)
		}
		out.Final = final
	}
	return out, nil
}

// recordHand describes a finished hand as a game record does.
// In a three-player hand seat 3 is empty.
func recordHand(h *game.Hand, st game.Standing) (record.Hand, error) {
	n := h.Players
	if n != 4 && n != 3 {
		return record.Hand{}, fmt.Errorf("hand of %d players", h.Players)
	}
	r := record.Hand{
		Round:  int(h.Round-tile.East)*4 + h.Number,
		Honba:  h.Honba,
		Sticks: st.Pot / 1000,
	}
	copy(r.Scores[:], st.Scores)
	// The deal, in the order the referee dealt it; the dealer's 14th tile
	// is its first draw in a record.
	pos := 0
	for round := 0; round < 3; round++ {
		for i := 0; i < n; i++ {
			s := (int(h.Dealer) + i) % n
			r.Deal[s] = append(r.Deal[s], h.Wall.Tiles[pos:pos+4]...)
			pos += 4
		}
	}
	for i := 0; i < n; i++ {
		s := (int(h.Dealer) + i) % n
		r.Deal[s] = append(r.Deal[s], h.Wall.Tiles[pos])
		pos++
	}
	r.Actions = append(r.Actions, record.Action{Type: record.Draw, Seat: int(h.Dealer), Tile: h.Wall.Tiles[pos]})
	for _, i := range h.Indicators {
		if !h.Wall.Known[i] {
			// A record has no unknown tile: the indicators stop at the
			// first one nobody saw (a later one would take its place).
			break
		}
		r.Dora = append(r.Dora, h.Wall.Tiles[i])
	}
	riichiWin := false
	for _, w := range h.Wins {
		riichiWin = riichiWin || h.Seats[w.Seat].Riichi >= 0
	}
	if riichiWin {
		for _, i := range h.Indicators {
			if i+1 >= len(h.Wall.Tiles) || !h.Wall.Known[i+1] {
				break
			}
			r.Ura = append(r.Ura, h.Wall.Tiles[i+1])
		}
	}
	drawn := map[game.Seat]tile.Tile{}
	for _, a := range h.Log {
		s := int(a.Seat)
		switch a.Kind {
		case game.Draw:
			r.Actions = append(r.Actions, record.Action{Type: record.Draw, Seat: s, Tile: a.Tile})
			drawn[a.Seat] = a.Tile
		case game.Riichi, game.Discard:
			if a.Kind == game.Riichi {
				r.Actions = append(r.Actions, record.Action{Type: record.Riichi, Seat: s})
			}
			t, ok := drawn[a.Seat]
			r.Actions = append(r.Actions, record.Action{Type: record.Discard, Seat: s, Tile: a.Tile, Tsumogiri: ok && t == a.Tile && lastWasDraw(r.Actions, s)})
		case game.Flower:
			// Three players: a north set aside (kita).
			r.Actions = append(r.Actions, record.Action{Type: record.Kita, Seat: s, Tile: a.Tile})
		case game.Chi, game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan:
			if m, ok := meldOf(h, a); ok {
				r.Actions = append(r.Actions, record.Action{Type: record.Call, Seat: s, Meld: m})
			}
		}
	}
	for i, w := range h.Wins {
		rw := record.Win{Who: int(w.Seat), From: int(w.From), Pao: -1, Han: w.Value.Han, Fu: w.Value.Fu, Points: w.Value.Points}
		if w.From == game.NoSeat {
			rw.From = rw.Who
		}
		rw.Limit = recordLimit(w.Value.Limit)
		for _, it := range w.Value.Items {
			rw.Yaku = append(rw.Yaku, recordYaku(it, h, w.Seat))
		}
		for _, p := range w.Payments {
			if p.From != game.NoSeat {
				rw.Deltas[p.From] -= p.Amount
			}
			rw.Deltas[p.To] += p.Amount
			if p.From != game.NoSeat && p.From != w.From && w.From != game.NoSeat && p.Reason == "win" {
				rw.Pao = int(p.From) // a ron paid by a second player: liability
			}
		}
		payers := 0
		for _, p := range w.Payments {
			if p.From != game.NoSeat {
				payers++
			}
		}
		if w.From == game.NoSeat && payers == 1 {
			rw.Pao = int(w.Payments[0].From)
		}
		_ = i
		r.Result.Wins = append(r.Result.Wins, rw)
	}
	if len(h.Wins) == 0 && h.End != nil {
		r.Result.Draw = drawKind(h)
		for _, p := range h.End.Payments {
			if p.From == game.NoSeat {
				continue // deposits left at the end are not a hand's score change
			}
			r.Result.Deltas[p.From] -= p.Amount
			r.Result.Deltas[p.To] += p.Amount
		}
		for i, ok := range h.End.Ready {
			if i < 4 {
				r.Result.Tenpai[i] = ok
			}
		}
	}
	return r, nil
}

func lastWasDraw(as []record.Action, seat int) bool {
	n := len(as)
	return n > 0 && as[n-1].Type == record.Draw && as[n-1].Seat == seat
}

// meldOf returns the meld a logged call made, if it was made.
func meldOf(h *game.Hand, a game.Action) (tile.Meld, bool) {
	for _, m := range h.Seats[a.Seat].Melds {
		switch a.Kind {
		case game.ClosedKan:
			if m.Type == tile.ClosedKan && slices.Contains(m.Tiles, a.Tile) {
				return m, true
			}
		case game.AddedKan:
			if m.Type == tile.AddedKan && m.Tiles[len(m.Tiles)-1] == a.Tile {
				return m, true
			}
			if m.Type == tile.Pon && m.Tiles[0].Kind == a.Tile.Kind && robbed(h, a) {
				// Robbed (chankan): the pon stayed a pon, but the record
				// shows the kong that was declared.
				k := m
				k.Type, k.Tiles = tile.AddedKan, append(slices.Clone(m.Tiles), a.Tile)
				return k, true
			}
		default:
			if m.Open() && m.Type != tile.AddedKan && m.Tiles[0] == a.Tile {
				return m, true
			}
			if m.Type == tile.AddedKan && m.Tiles[0] == a.Tile && a.Kind == game.Pon {
				// The pon later grew into an added kong: the record shows
				// the pon here and the kong where it was added.
				pon := m
				pon.Type, pon.Tiles = tile.Pon, m.Tiles[:3]
				return pon, true
			}
		}
	}
	return tile.Meld{}, false
}

// robbed reports whether the added kong a was robbed: a win on its tile.
func robbed(h *game.Hand, a game.Action) bool {
	for _, w := range h.Wins {
		if w.Robbed && w.Tile == a.Tile {
			return true
		}
	}
	return false
}

func recordLimit(s string) record.Limit {
	switch s {
	case "満貫":
		return record.Mangan
	case "跳満":
		return record.Haneman
	case "倍満":
		return record.Baiman
	case "三倍満":
		return record.Sanbaiman
	case "役満", "数え役満":
		return record.Yakuman
	}
	return record.NoLimit
}

// yakuAliases maps the riichi ruleset's names to Tenhou's where they differ.
var yakuAliases = map[string]string{
	"断么九": "断幺九", "混全帯么九": "混全帯幺九", "純全帯么九": "純全帯幺九",
	"ダブル立直": "両立直", "国士無双十三面待ち": "国士無双１３面",
}

func recordYaku(it game.Item, h *game.Hand, seat game.Seat) record.Yaku {
	name := it.Name
	if a, ok := yakuAliases[name]; ok {
		name = a
	}
	winds := "東南西北"
	switch name {
	case "役牌 自風":
		name = "自風 " + string([]rune(winds)[h.SeatWind(seat)-tile.East])
	case "役牌 場風":
		name = "場風 " + string([]rune(winds)[h.Round-tile.East])
	}
	y := record.Yaku{ID: record.YakuID(name), Name: name}
	if strings.Contains(it.Value, "yakuman") {
		y.Yakuman = true
		return y
	}
	if f := strings.Fields(it.Value); len(f) > 0 {
		y.Han, _ = strconv.Atoi(f[0])
	}
	return y
}

func drawKind(h *game.Hand) record.DrawKind {
	e := h.End
	switch e.Kind {
	case game.Exhausted:
		for _, p := range e.Payments {
			if p.Reason == "nagashi mangan" {
				return record.NagashiMangan
			}
		}
		return record.Exhaustive
	case game.Aborted:
		r := strings.ToLower(e.Reason)
		switch {
		case strings.Contains(r, "riichi"):
			return record.FourRiichi
		case strings.Contains(r, "wind"):
			return record.FourWinds
		case strings.Contains(r, "kong") || strings.Contains(r, "kan"):
			return record.FourKans
		case strings.Contains(r, "three players"):
			return record.TripleRon
		}
		return record.NineTerminals
	}
	return record.Exhaustive
}
