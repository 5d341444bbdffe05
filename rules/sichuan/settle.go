package sichuan

import (
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Class is a non-winner's state at an exhaustive draw (spec/sichuan.md §9.2).
type Class uint8

// The classes.
const (
	NotReady Class = iota // 没叫
	Ready                 // 有叫
	Flower                // 花叫: a tile of the missing suit still in hand
)

func (c Class) String() string {
	switch c {
	case Ready:
		return "有叫 (ready)"
	case Flower:
		return "花叫 (holds the missing suit)"
	}
	return "没叫 (not ready)"
}

// Reading is the judgement of one waiting hand.
type Reading struct {
	Class Class
	Waits []tile.Kind // the valid waits (spec/sichuan.md §9.3)
	Value int         // V: the highest ron value over them, yaku ①–⑤ only
}

// Classify judges a non-winner's hand at an exhaustive draw: concealed
// tiles (concealed kongs not included) and melds (spec/sichuan.md §9.3).
// A wait whose four copies are all among the concealed tiles is not a
// wait [C L140].
func Classify(concealed tile.Counts, melds []tile.Meld, missing tile.Suit, o Options) Reading {
	all := concealed
	for _, m := range melds {
		for _, t := range m.Tiles {
			if t.Kind < tile.NumKinds {
				all[t.Kind]++
			}
		}
	}
	for k, v := range all {
		if v > 0 && tile.Kind(k).IsSuited() && tile.Kind(k).Suit() == missing {
			return Reading{Class: Flower}
		}
	}
	ws, err := hand.Waits(concealed, arrangeOpts)
	if err != nil {
		return Reading{Class: NotReady}
	}
	r := Reading{Class: NotReady}
	for _, w := range ws {
		if w.Exhausted || !w.Tile.IsSuited() || w.Tile.Suit() == missing {
			continue
		}
		c := concealed
		c[w.Tile]++
		res, err := Score(Hand{Concealed: c, Melds: melds, Missing: missing}, Conditions{}, o)
		if err != nil {
			continue
		}
		r.Class = Ready
		r.Waits = append(r.Waits, w.Tile)
		r.Value = max(r.Value, res.Value)
	}
	return r
}

// Settle implements game.Ruleset: the exhaustive-draw settlement and the
// check of the last player after three wins (spec/sichuan.md §9).
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End {
	switch e.Kind {
	case game.Exhausted:
		return r.settleExhausted(h, e)
	case game.Won:
		return r.checkLast(h, e)
	}
	return e // chombo: nothing more (D-SC-16)
}

func (r *Ruleset) settleExhausted(h *game.Hand, e game.End) game.End {
	var nonw []game.Seat
	for s := range h.Players {
		if !h.Seats[s].Won {
			nonw = append(nonw, game.Seat(s))
		}
	}
	rd := make([]Reading, h.Players)
	e.Ready = make([]bool, h.Players)
	var notes []string
	for _, s := range nonw {
		p := &h.Seats[s]
		rd[s] = Classify(tile.CountsOf(p.Hand), p.Melds, p.Missing, r.o)
		e.Ready[s] = rd[s].Class == Ready
		note := fmt.Sprintf("seat %d %s", s, rd[s].Class)
		if rd[s].Class == Ready {
			note += fmt.Sprintf(" on %s, %d底", tile.FormatKinds(rd[s].Waits), rd[s].Value)
		}
		notes = append(notes, note)
	}
	pay := func(from, to game.Seat, n int, why string) {
		if n > 0 {
			e.Payments = append(e.Payments, game.Payment{From: from, To: to, Amount: n, Reason: why})
		}
	}
	// P1: 花叫 pays 8 to each 有叫 and 没叫.
	for _, p := range nonw {
		if rd[p].Class != Flower {
			continue
		}
		for _, q := range nonw {
			if q != p && rd[q].Class != Flower {
				pay(p, q, r.o.HuajiaoPenalty, "花叫 penalty")
			}
		}
	}
	// P2: 没叫 (and 花叫 if so configured) pays each 有叫 its V.
	for _, p := range nonw {
		if rd[p].Class == NotReady || rd[p].Class == Flower && r.o.HuajiaoAlsoPaysReadyValue {
			for _, q := range nonw {
				if rd[q].Class == Ready {
					pay(p, q, rd[q].Value, "有叫 ready-hand payment")
				}
			}
		}
	}
	// P3: a non-ready non-winner returns its kong income (D-SC-09, D-SC-23).
	if len(nonw) >= 2 {
		hs := newHistory(h, r.o)
		for _, p := range nonw {
			if rd[p].Class == Ready {
				continue
			}
			for _, in := range hs.income(p) {
				pay(in.To, in.From, in.Amount, "kong income returned")
			}
		}
	}
	if e.Reason == "" {
		e.Reason = "the wall is exhausted"
	}
	e.Reason += ": " + strings.Join(notes, "; ")
	return e
}

// checkLast checks the player left after three wins for missing-suit
// violations; by default it is only recorded (D-SC-15).
func (r *Ruleset) checkLast(h *game.Hand, e game.End) game.End {
	for s := range h.Players {
		p := &h.Seats[s]
		if p.Won {
			continue
		}
		var v string
		switch {
		case holdsSuit(p.Hand, p.Missing):
			v = fmt.Sprintf("seat %d still holds %s", s, p.Missing)
		case illegalDiscard(p):
			v = fmt.Sprintf("seat %d discarded %s from the hand after another suit", s, p.Missing)
		}
		if v == "" {
			continue
		}
		e.Reason = strings.TrimPrefix(e.Reason+"; missing-suit violation: "+v, "; ")
		if r.o.LastPlayerViolationPenalty == ChomboToWinners {
			for w := range h.Players {
				if h.Seats[w].Won {
					e.Payments = append(e.Payments, game.Payment{From: game.Seat(s), To: game.Seat(w), Amount: r.o.ChomboPenalty, Reason: "missing-suit violation"})
				}
			}
		}
	}
	return e
}

// illegalDiscard reports whether p discarded a missing-suit tile from the
// hand after a tile of another suit (C-1 evidence in the pond).
func illegalDiscard(p *game.Player) bool {
	other := false
	for _, d := range p.Discards {
		switch {
		case !isX(p, d.Tile.Kind):
			other = true
		case other && !d.Drawn:
			return true
		}
	}
	return false
}
