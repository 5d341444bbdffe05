package tablecore

import (
	"fmt"
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore/record"
)

// HandReport is how one hand of a record replayed.
type HandReport struct {
	Hand    string // e.g. "E3-1"
	End     game.End
	Wins    []game.Win
	Changes []int // the referee's score changes
	Want    []int // the record's
}

// ReplayGame replays a whole game record through a new game under rs and
// checks it: every action accepted, every hand starting with the record's
// dealer, round, repeat counters, sticks and scores, every hand's score
// changes and the final scores as the record has them. report, if not
// nil, is called after each hand. A record that starts mid-game (a
// one-hand snippet) starts the game where it does.
func ReplayGame(rec *record.Game, rs game.Ruleset, report func(HandReport)) error {
	if len(rec.Hands) == 0 {
		return fmt.Errorf("replay: the record has no hands")
	}
	g, err := New(rs, game.Seat(rec.Hands[0].Dealer()))
	if err != nil {
		return err
	}
	n := rs.Rules().Players
	if (n == 3) != rec.Rules.Three {
		return fmt.Errorf("replay: the record is a game of %d players, the rules are for %d", map[bool]int{true: 3, false: 4}[rec.Rules.Three], n)
	}
	for i := range rec.Hands {
		h := &rec.Hands[i]
		want := standingOf(h, n)
		if i == 0 {
			if err := SetStanding(g, want); err != nil {
				return err
			}
		} else {
			n, over := g.NextStanding()
			if over {
				why := "the ruleset says so"
				if x, ok := g.rs.(interface{ WhyOver(*game.Hand) string }); ok && x.WhyOver(g.h) != "" {
					why = x.WhyOver(g.h)
				}
				return fmt.Errorf("replay: the record goes on to hand %s, but the referee ended the game after %s (%s); scores %v", h, &rec.Hands[i-1], why, g.h.Scores)
			}
			if n.Dealer != want.Dealer || n.Round != want.Round || n.Number != want.Number || n.Honba != want.Honba || n.Pot != want.Pot || !slices.Equal(n.Scores, want.Scores) {
				return fmt.Errorf("replay: hand %s starts with dealer %d, %s, %d repeats, %d on the table, scores %v; the referee has dealer %d, %s, %d repeats, %d on the table, scores %v",
					h, want.Dealer, roundName(want), want.Honba, want.Pot, want.Scores, n.Dealer, roundName(n), n.Honba, n.Pot, n.Scores)
			}
		}
		before := slices.Clone(g.st.Scores)
		if err := ReplayHand(g, h); err != nil {
			return err
		}
		got := slices.Clone(g.h.Scores)
		for s := range got {
			got[s] -= before[s]
		}
		// Deposits left at the end go to first place in the final
		// standing, not in the last hand's score changes.
		for _, p := range g.h.End.Payments {
			if p.From == game.NoSeat && p.Reason == "deposits left at the end" {
				got[p.To] -= p.Amount
			}
		}
		d := h.Deltas()
		if report != nil {
			report(HandReport{Hand: h.String(), End: *g.h.End, Wins: slices.Clone(g.h.Wins), Changes: got, Want: d[:n]})
		}
		if !slices.Equal(got, d[:n]) {
			return fmt.Errorf("replay: hand %s: the referee's score changes are %v, the record's %v (scores before the hand %v)", h, got, d, before)
		}
	}
	if rec.Final != nil {
		if !g.over {
			return fmt.Errorf("replay: the record ends the game after hand %s, the referee does not", &rec.Hands[len(rec.Hands)-1])
		}
		if !slices.Equal(g.st.Scores, rec.Final.Scores[:n]) {
			return fmt.Errorf("replay: final scores %v, the record has %v", g.st.Scores, rec.Final.Scores)
		}
		if st, ok := g.Settlement(); ok && rec.Final.Points != [4]float64{} && !slices.Equal(st.Points, rec.Final.Points[:n]) {
			return fmt.Errorf("replay: final results after uma and oka %v, the record has %v (scores %v)", st.Points, rec.Final.Points, g.st.Scores)
		}
	}
	return nil
}

func standingOf(h *record.Hand, players int) game.Standing {
	return game.Standing{
		Dealer: game.Seat(h.Dealer()),
		Round:  tile.East + tile.Kind(h.Round/4),
		Number: h.Round % 4,
		Honba:  h.Honba,
		Pot:    1000 * h.Sticks,
		Scores: slices.Clone(h.Scores[:players]),
	}
}

// roundName is a standing's hand as players say it: "East 3".
func roundName(s game.Standing) string {
	if s.Round < tile.East || s.Round > tile.North {
		return fmt.Sprintf("round %s hand %d", s.Round, s.Number+1)
	}
	return fmt.Sprintf("%s %d", [...]string{"East", "South", "West", "North"}[s.Round-tile.East], s.Number+1)
}
