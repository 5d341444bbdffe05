package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
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
func (s *service) logHands(evs []tablecore.Event) {
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
func (s *service) logWaiting(g *tablecore.Game) {
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

// newLogger is the daemon's logger: text on w (standard error), with the
// MQTT broker library's unnamed messages named.
func newLogger(w io.Writer, level slog.Level) *slog.Logger {
	return slog.New(namedHandler{slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})})
}

// namedHandler names records that come without a message: the broker
// library logs a connection that ended as WARN msg="" error=…; a browser
// tab closed or a page reloaded is normal and logged at debug level.
type namedHandler struct{ slog.Handler }

func (h namedHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == "" {
		var errText string
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "error" || a.Key == "err" {
				errText = a.Value.String()
				return false
			}
			return true
		})
		r2 := slog.NewRecord(r.Time, r.Level, "mqtt connection ended", r.PC)
		r.Attrs(func(a slog.Attr) bool { r2.AddAttrs(a); return true })
		if closedNormally(errText) {
			r2.Level = slog.LevelDebug
			r2.Message = "mqtt connection closed by the client"
		}
		if !h.Handler.Enabled(ctx, r2.Level) {
			return nil
		}
		return h.Handler.Handle(ctx, r2)
	}
	return h.Handler.Handle(ctx, r)
}

func (h namedHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return namedHandler{h.Handler.WithAttrs(as)}
}

func (h namedHandler) WithGroup(name string) slog.Handler {
	return namedHandler{h.Handler.WithGroup(name)}
}

// closedNormally reports whether a connection's end error is a client
// going away: a closed tab, a reload, a phone asleep.
func closedNormally(err string) bool {
	for _, s := range []string{"EOF", "close 1000", "close 1001", "close 1005", "going away", "connection reset by peer", "use of closed network connection", "broken pipe"} {
		if strings.Contains(err, s) {
			return true
		}
	}
	return err == ""
}

// journalRules returns the ruleset and options of the game the table's
// journal in dir holds, which the daemon resumes when no rules are asked
// for; ok is false when there is no journal (or it does not say).
func journalRules(dir string) (name string, options json.RawMessage, ok bool) {
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
