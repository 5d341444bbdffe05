package table

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/journal"
)

// logHands logs one line per dealt hand, per win and per hand's end, so a
// simulated game shows its progress in the log.
func (s *Table) logHands(evs []tablecore.Event) {
	for _, e := range evs {
		switch e.Type {
		case tablecore.HandStarted:
			s.dealt++
			args := []any{"hand", e.Hand + 1, "dice", fmt.Sprintf("%d+%d", e.Dice[0], e.Dice[1])}
			if st := e.Standing; st != nil {
				args = append(args, "round", st.Round.String(), "number", st.Number, "dealer", int(st.Dealer), "honba", st.Honba)
			}
			s.log.Info("hand dealt", args...)
		case tablecore.WinScored:
			if w := e.Win; w != nil {
				from := "self-drawn"
				if w.From != game.NoSeat {
					from = fmt.Sprint(int(w.From))
				}
				s.log.Info("win", "hand", e.Hand+1, "seat", int(w.Seat), "from", from, "tile", w.Tile.String(), "value", w.Value.Summary, "points", w.Value.Points)
			}
		case tablecore.HandEnded:
			args := []any{"hand", e.Hand + 1}
			if e.End != nil {
				args = append(args, "end", e.End.Kind.String())
				if e.End.Reason != "" {
					args = append(args, "reason", e.End.Reason)
				}
			}
			if st := s.t.Game().Standing(); len(st.Scores) > 0 {
				args = append(args, "scores", fmt.Sprint(st.Scores))
			}
			s.log.Info("hand over", args...)
		}
	}
}

// logWaiting logs, once each time it changes, what the game waits for
// from the seats played by people: which seat, and what it may do.
func (s *Table) logWaiting(g *tablecore.Game) {
	h := g.Hand()
	if h == nil {
		return
	}
	var parts []string
	for seat := 0; seat < h.Players; seat++ {
		if seat < len(s.bots) && s.bots[seat] {
			continue
		}
		if may := describeLegal(g.Legal(game.Seat(seat))); may != "" {
			parts = append(parts, fmt.Sprintf("seat %d: %s", seat, may))
		}
	}
	what := strings.Join(parts, "; ")
	if what == s.waiting {
		return
	}
	s.waiting = what
	if what != "" {
		s.log.Info("waiting for a person on a seat page", "phase", h.Phase.String(), "for", what)
	}
}

// describeLegal says what legal allows, one entry per kind: "discard (14
// tiles)", "missing-suit (m p s)", "pon 5p".
func describeLegal(legal []game.Action) string {
	var kinds []game.Kind
	by := map[game.Kind][]string{}
	for _, a := range legal {
		if !slices.Contains(kinds, a.Kind) {
			kinds = append(kinds, a.Kind)
		}
		var v string
		switch {
		case a.Kind == game.Missing:
			v = a.Suit.String()
		case a.Kind == game.Pass, a.Kind == game.Draw, a.Kind == game.Abort, a.Kind == game.Tsumo:
			// No tile to name (a draw's stays face down).
		default:
			v = a.Tile.String()
		}
		if v != "" && !slices.Contains(by[a.Kind], v) {
			by[a.Kind] = append(by[a.Kind], v)
		}
	}
	var out []string
	for _, k := range kinds {
		vs := by[k]
		switch {
		case len(vs) == 0:
			out = append(out, k.String())
		case len(vs) > 4:
			out = append(out, fmt.Sprintf("%s (%d tiles)", k, len(vs)))
		default:
			out = append(out, fmt.Sprintf("%s (%s)", k, strings.Join(vs, " ")))
		}
	}
	return strings.Join(out, ", ")
}

// JournalRules returns the ruleset and options of the game the table's
// journal in dir holds, which a Table resumes when no rules are asked
// for; ok is false when there is no journal (or it does not say).
func JournalRules(dir string) (name string, options json.RawMessage, ok bool) {
	path := filepath.Join(dir, "table.jnl")
	if _, err := os.Stat(path); err != nil {
		return "", nil, false
	}
	for e, err := range journal.Events(path) {
		if err != nil {
			return "", nil, false
		}
		var first struct {
			Type    string          `json:"type"`
			Ruleset string          `json:"ruleset"`
			Options json.RawMessage `json:"options"`
		}
		if json.Unmarshal(e.Payload, &first) != nil || first.Type != "game" || first.Ruleset == "" {
			return "", nil, false
		}
		return first.Ruleset, first.Options, true
	}
	return "", nil, false
}
