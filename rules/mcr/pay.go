package mcr

import "jantaku/rules/game"

// Payments settles a win worth s points (flowers included) at a table of
// players (spec/mcr.md §6, [S L81–L86]): on a self-draw (from NoSeat)
// every other seat pays s + base; on a discard the discarder pays s + base
// and every other seat base.
func Payments(players int, winner, from game.Seat, s, base int) []game.Payment {
	out := make([]game.Payment, 0, players-1)
	for i := range players {
		p := game.Seat(i)
		if p == winner {
			continue
		}
		amount, reason := base, "base 底分"
		switch {
		case from == game.NoSeat:
			amount, reason = s+base, "self-drawn win 自摸"
		case p == from:
			amount, reason = s+base, "discard win 点和"
		}
		out = append(out, game.Payment{From: p, To: winner, Amount: amount, Reason: reason})
	}
	return out
}

// Net returns each seat's gain from the payments.
func Net(players int, ps []game.Payment) []int {
	out := make([]int, players)
	for _, p := range ps {
		if p.From != game.NoSeat {
			out[p.From] -= p.Amount
		}
		if p.To != game.NoSeat {
			out[p.To] += p.Amount
		}
	}
	return out
}
