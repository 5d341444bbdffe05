package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"jantaku/rules/game"
	"jantaku/tablecore"
)

// writeLegal writes, for each seat asked, what it may do, the value of each
// win among that, and the refused wins and claims with their reasons; with
// winsOnly, only the wins.
func writeLegal(w io.Writer, g *tablecore.Game, p *tablecore.Position, only int, winsOnly bool) error {
	h := g.Hand()
	if h == nil || h.Phase == game.Over || g.Over() {
		_, err := fmt.Fprintln(w, "no hand in progress: nobody acts until the next deal")
		return err
	}
	n := g.Rules().Players
	if only >= n {
		return usageError{fmt.Errorf("--seat %d: the table has seats 0–%d", only, n-1)}
	}
	if only >= 0 && p.Seats[only].Unknown > 0 {
		return usageError{fmt.Errorf("--seat %d: the position does not show that seat's concealed tiles", only)}
	}
	var b strings.Builder
	for s := 0; s < n; s++ {
		if only >= 0 && s != only {
			continue
		}
		seat := game.Seat(s)
		if p.Seats[s].Unknown > 0 {
			fmt.Fprintf(&b, "seat %d (%s): its concealed tiles are not shown\n", s, h.SeatWind(seat).English())
			continue
		}
		fmt.Fprintf(&b, "seat %d (%s):\n", s, h.SeatWind(seat).English())
		legal := g.Legal(seat)
		any := false
		for _, a := range legal {
			win := a.Kind == game.Tsumo || a.Kind == game.Ron
			if winsOnly && !win {
				continue
			}
			any = true
			fmt.Fprintf(&b, "  %s\n", actionText(a))
			if win {
				v, err := g.Ruleset().Win(h, a)
				if err != nil {
					fmt.Fprintf(&b, "    (not valued: %v)\n", err)
					continue
				}
				fmt.Fprintf(&b, "    %s\n", v.Value.Summary)
				for _, it := range v.Value.Items {
					fmt.Fprintf(&b, "    %s (%s) %s\n", it.Name, it.En, it.Value)
				}
				for _, p := range v.Payments {
					fmt.Fprintf(&b, "    %s pays %s %d\n", payerName(p.From), payerName(p.To), p.Amount)
				}
			}
		}
		if !any && !winsOnly && drawsNext(g, seat) {
			// The draw is not listed when the position does not show the tile.
			b.WriteString("  draw (the next tile is not in the position)\n")
			any = true
		}
		if !any {
			if winsOnly {
				b.WriteString("  no win\n")
			} else {
				b.WriteString("  nothing\n")
			}
		}
		for _, r := range g.Refusals(seat) {
			if winsOnly && r.Action.Kind != game.Tsumo && r.Action.Kind != game.Ron {
				continue
			}
			fmt.Fprintf(&b, "  refused: %s: %s\n", actionText(r.Action), reason(r.Err))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// drawsNext reports whether seat is the one to draw now.
func drawsNext(g *tablecore.Game, seat game.Seat) bool {
	h := g.Hand()
	return h.Phase == game.ToDraw && h.Turn == seat
}

func actionText(a game.Action) string {
	return strings.TrimPrefix(a.String(), fmt.Sprintf("seat %d ", a.Seat))
}

func payerName(s game.Seat) string {
	if s == game.NoSeat {
		return "the pot"
	}
	return fmt.Sprintf("seat %d", s)
}

// reason drops the referee's "tablecore: … rejected (phase …):" prefix.
func reason(err error) string {
	var ae *tablecore.ActionError
	if errors.As(err, &ae) {
		return ae.Err.Error()
	}
	return err.Error()
}
