package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// Command is one command to the table, from a seat or the operator; who
// may send which is the transport's to check (mqtt/command).
type Command struct {
	Type string          // e.g. "start", "riichi", "ok"
	Seat int             // the seat concerned; -1 if none
	Args json.RawMessage // the command's arguments, a JSON object or nothing
}

// The kinds of a refused command; every error Handle returns wraps one.
var (
	ErrMalformed = errors.New("malformed command") // the arguments do not say one thing
	ErrRejected  = errors.New("command rejected")  // not allowed now, or not by the rules
	ErrBusy      = errors.New("table busy")        // not now: try again
)

// command executes one authorised command.
func (s *Table) command(ctx context.Context, c Command) error {
	g := s.t.Game()
	if c.Type == "choose" {
		return s.choose(c)
	}
	if s.sensed != nil {
		if ok, err := s.sensed.take(g, c); ok {
			return err
		}
	}
	if s.sensed != nil && !whileSensed(c.Type) {
		return fmt.Errorf("%w: %v; commands about the game wait until the hand ends", ErrBusy, errSensing)
	}
	switch c.Type {
	case "pause", "resume", "ruleset", "options", "seat_player":
	default:
		if s.jerr != nil {
			return s.errJournalDown()
		}
	}
	switch c.Type {
	case "start":
		var args struct {
			Ruleset string          `json:"ruleset"`
			Options json.RawMessage `json:"options"`
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		if args.Ruleset != "" {
			if _, err := rulesets.New(args.Ruleset, args.Options); err != nil {
				return fmt.Errorf("%w: %v", ErrRejected, err)
			}
			s.ruleset, s.options = args.Ruleset, args.Options
		}
		if h := g.Hand(); h != nil && !g.Over() {
			return fmt.Errorf("%w: a game is in progress (send abort first)", ErrRejected)
		}
		if g.Over() {
			if err := s.finish(ctx); err != nil {
				return err
			}
		} else {
			s.t.Close()
			os.Remove(s.journalPath())
		}
		return s.newGame(ctx)
	case "next_hand":
		if h := g.Hand(); h != nil && h.Phase != game.Over {
			return fmt.Errorf("%w: the hand is still in play", ErrRejected)
		}
		_, err := s.step(ctx)
		if err == nil && s.jerr != nil {
			return s.errJournalDown()
		}
		return err
	case "win", "riichi", "chi", "pon", "kan", "pass", "ok":
		return s.declare(ctx, c)
	case "ruleset", "options":
		var args struct {
			Ruleset string          `json:"ruleset"`
			Options json.RawMessage `json:"options"`
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		name := args.Ruleset
		if c.Type == "options" || name == "" {
			name = s.ruleset
		}
		if _, err := rulesets.New(name, args.Options); err != nil {
			return fmt.Errorf("%w: %v", ErrRejected, err)
		}
		// Takes effect with the next game: a game keeps its rules.
		s.ruleset, s.options = name, args.Options
		s.log.Info("rules for the next game", "ruleset", name, "options", string(args.Options))
		return nil
	case "pause":
		s.paused = true
		return nil
	case "resume":
		s.paused = false
		return nil
	case "abort":
		// The game ends here; it is archived as far as it went.
		if err := s.finish(ctx); err != nil {
			return err
		}
		return s.newGame(ctx)
	case "seat_player":
		var args struct {
			Seat   *int   `json:"seat"`
			Player string `json:"player"` // "person" or "sim"
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		if args.Seat == nil || *args.Seat < 0 || *args.Seat >= len(s.bots) || (args.Player != "person" && args.Player != "sim") {
			return fmt.Errorf("%w: seat_player needs {\"seat\": 0–3, \"player\": \"person\" or \"sim\"}", ErrMalformed)
		}
		s.bots[*args.Seat] = args.Player == "sim"
		return nil
	case "correct":
		return s.correct(ctx, c)
	}
	return fmt.Errorf("%w: %q is not supported by this table yet", ErrRejected, c.Type)
}

// strictArgs decodes a command's arguments, refusing unknown keys.
func strictArgs(c Command, v any) error {
	if len(c.Args) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(c.Args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrMalformed, c.Type, err)
	}
	return nil
}

// correct is an operator's correction: apply an action for a seat (what
// really happened at the table, when sensing or a player could not say
// it), or record a foul the referee then penalises.
func (s *Table) correct(ctx context.Context, c Command) error {
	var args struct {
		Seat   *int                 `json:"seat"`
		Action tablecore.ActionView `json:"action"`
		Foul   bool                 `json:"foul"`
		Reason string               `json:"reason"`
	}
	if err := strictArgs(c, &args); err != nil {
		return err
	}
	if args.Seat == nil || args.Action.Kind == "" {
		return fmt.Errorf("%w: correct needs {\"seat\": n, \"action\": {\"kind\": …, \"tile\": …}}", ErrMalformed)
	}
	kind, err := game.ParseKind(args.Action.Kind)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	seat := game.Seat(*args.Seat)
	if args.Foul {
		a := game.Action{Kind: kind, Seat: seat}
		if args.Action.Tile != "" {
			ts, err := tile.Parse(args.Action.Tile)
			if err != nil || len(ts) != 1 {
				return fmt.Errorf("%w: tile %q", ErrMalformed, args.Action.Tile)
			}
			a.Tile = heldOr(s.t.Game(), seat, ts[0])
		}
		reason := args.Reason
		if reason == "" {
			reason = "reported by the operator"
		}
		evs, err := s.t.Foul(ctx, a, reason)
		s.recorded(err)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrRejected, err)
		}
		s.publish(ctx, evs)
		return nil
	}
	for _, a := range s.t.Game().Legal(seat) {
		if a.Kind == kind && matches(a, typeOf(kind), args.Action) {
			return s.play(ctx, a)
		}
	}
	s.observe().Action(false)
	return fmt.Errorf("%w: seat %d may not %s %s now", ErrRejected, seat, kind, args.Action.Tile)
}

// play applies a command's action and publishes it: a refusal is the
// sender's to read, a journal that cannot record is the table's.
func (s *Table) play(ctx context.Context, a game.Action) error {
	evs, err := s.t.Apply(ctx, a)
	s.recorded(err)
	s.observe().Action(err == nil)
	if errors.Is(err, tablecore.ErrNotRecorded) {
		return s.errJournalDown()
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrRejected, err)
	}
	s.publish(ctx, evs)
	return nil
}

// typeOf is the seat command that asks for an action of kind k.
func typeOf(k game.Kind) string {
	switch k {
	case game.Tsumo, game.Ron:
		return "win"
	case game.Riichi:
		return "riichi"
	case game.Chi:
		return "chi"
	case game.Pon:
		return "pon"
	case game.OpenKan, game.AddedKan, game.ClosedKan, game.SingleKan:
		return "kan"
	case game.Pass:
		return "pass"
	}
	return "ok"
}

// heldOr returns seat's own tile of t's face if it holds one, else t.
func heldOr(g *tablecore.Game, seat game.Seat, t tile.Tile) tile.Tile {
	if h := g.Hand(); h != nil && int(seat) < len(h.Seats) {
		for _, x := range h.Seats[seat].Hand {
			if x.Kind == t.Kind && x.Red == t.Red {
				return x
			}
		}
	}
	return t
}

// declare applies a seat's declaration: args name one of the seat's legal
// actions ({kind, tile, uses} as the seat's view lists them).
func (s *Table) declare(ctx context.Context, c Command) error {
	var args tablecore.ActionView
	if err := strictArgs(c, &args); err != nil { // a misspelt key must not play another tile
		return err
	}
	if !s.holding(s.t.Game()) {
		// What was said in a window that has ended is played first.
		if _, err := s.endWindow(ctx); errors.Is(err, tablecore.ErrNotRecorded) {
			return s.errJournalDown()
		} else if err != nil {
			return err
		}
	}
	g := s.t.Game()
	if c.Type == "pass" && windowOpen(g.Hand()) {
		// The same answer whether or not some other seat could call.
		if s.answered(game.Seat(c.Seat)) || !slices.ContainsFunc(g.Legal(game.Seat(c.Seat)), func(a game.Action) bool { return a.Kind == game.Pass }) {
			return fmt.Errorf("%w: seat %d has no claim to pass on", ErrRejected, c.Seat)
		}
		return nil // taken, not played: the window's end passes for it (claimwindow.go)
	}
	if c.Type == "ok" && s.holding(g) {
		return s.errWindowOpen()
	}
	legal := g.Legal(game.Seat(c.Seat))
	var fits []game.Action
	for _, a := range legal {
		if matches(a, c.Type, args) {
			fits = append(fits, a)
		}
	}
	if len(fits) > 1 && !sameAction(fits) {
		// Never a silent guess: which tile goes is the player's to say.
		var names []string
		for _, a := range fits {
			names = append(names, a.String())
		}
		return fmt.Errorf("%w: %s: the arguments %s fit %d legal actions (%s): name the kind, tile and uses", ErrMalformed, c.Type, string(c.Args), len(fits), strings.Join(names, ", "))
	}
	for _, a := range fits {
		if a.Kind.IsClaim() && g.Hand().Phase == game.Claims {
			// Taken now, played when the window ends (claimwindow.go).
			if s.answered(a.Seat) {
				return fmt.Errorf("%w: seat %d has answered this claim already", ErrRejected, c.Seat)
			}
			s.held = append(s.held, a)
			if s.holding(g) {
				return nil
			}
			if _, err := s.endWindow(ctx); errors.Is(err, tablecore.ErrNotRecorded) {
				return s.errJournalDown()
			} else if err != nil {
				return err
			}
			return nil
		}
		return s.play(ctx, a)
	}
	s.observe().Action(false)
	what := c.Type
	if c.Type == "ok" && args.Kind != "" {
		what = args.Kind // "ok" carries a discard, draw, flower, missing suit
	}
	what = strings.TrimSpace(strings.Join([]string{what, args.Tile, args.Suit}, " "))
	return fmt.Errorf("%w: seat %d may not %s now", ErrRejected, c.Seat, what)
}

// sameAction reports whether the actions are one (a tile of the same face
// drawn or discarded from several copies counts as one).
func sameAction(as []game.Action) bool {
	for _, a := range as[1:] {
		if a.Kind != as[0].Kind || a.Tile.String() != as[0].Tile.String() || a.Suit != as[0].Suit || len(a.Uses) != len(as[0].Uses) {
			return false
		}
		for i := range a.Uses {
			if a.Uses[i].String() != as[0].Uses[i].String() {
				return false
			}
		}
	}
	return true
}

// matches reports whether legal action a is what a seat's command asks.
func matches(a game.Action, typ string, v tablecore.ActionView) bool {
	want := map[string][]game.Kind{
		"win": {game.Tsumo, game.Ron}, "riichi": {game.Riichi}, "chi": {game.Chi}, "pon": {game.Pon},
		"kan": {game.OpenKan, game.AddedKan, game.ClosedKan, game.SingleKan}, "pass": {game.Pass},
		"ok": {game.Discard, game.Draw, game.Flower, game.Missing, game.Abort},
	}[typ]
	if !slices.Contains(want, a.Kind) {
		return false
	}
	if v.Kind != "" && v.Kind != a.Kind.String() {
		return false
	}
	if v.Tile != "" && a.Kind != game.Draw && v.Tile != a.Tile.String() {
		return false
	}
	if v.Suit != "" && v.Suit != a.Suit.String() {
		return false
	}
	if len(v.Uses) > 0 {
		var u []string
		for _, t := range a.Uses {
			u = append(u, t.String())
		}
		slices.Sort(u)
		w := slices.Clone(v.Uses)
		slices.Sort(w)
		return slices.Equal(u, w)
	}
	return true
}
