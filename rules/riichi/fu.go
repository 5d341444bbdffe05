package riichi

import (
	"fmt"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// FuReason is what a part of the fu is for (spec/riichi.md §10).
type FuReason uint8

// The fu parts.
const (
	FuBase             FuReason = iota // 副底 20
	FuChiitoitsu                       // seven pairs, 25 fixed
	FuClosedRon                        // 門前加符 10
	FuTsumo                            // 2
	FuOpenTriplet                      // 明刻 (a pon, or a triplet completed by ron)
	FuConcealedTriplet                 // 暗刻
	FuOpenKong                         // 明槓
	FuConcealedKong                    // 暗槓
	FuPair                             // a pair of yakuhai
	FuWait                             // tanki, kanchan, penchan
	FuOpenMinimum                      // an open hand of 20 fu counts 30 (D-RI-25)
)

var fuNames = [...]string{"base", "seven pairs", "closed ron", "tsumo", "open triplet", "concealed triplet", "open kong", "concealed kong", "yakuhai pair", "wait", "open hand minimum"}

func (r FuReason) String() string {
	if int(r) < len(fuNames) {
		return fuNames[r]
	}
	return fmt.Sprintf("FuReason(%d)", uint8(r))
}

// FuPart is one part of the fu.
type FuPart struct {
	Fu     int
	Reason FuReason
	Tile   tile.Kind     // the set or pair (FuOpenTriplet … FuPair)
	Wait   hand.WaitKind // FuWait
}

func (p FuPart) String() string {
	switch p.Reason {
	case FuOpenTriplet, FuConcealedTriplet, FuOpenKong, FuConcealedKong, FuPair:
		return fmt.Sprintf("%v %v %d", p.Reason, p.Tile, p.Fu)
	case FuWait:
		return fmt.Sprintf("%v %v %d", p.Wait, p.Reason, p.Fu)
	}
	return fmt.Sprintf("%v %d", p.Reason, p.Fu)
}

func (c *cand) addFu(p FuPart) {
	c.fuParts[c.nf] = p
	c.nf++
	c.fu += p.Fu
}

// fuStandard counts the fu of a four-sets-and-a-pair reading
// (spec/riichi.md §10.1–§10.3) and rounds them up to ten.
func (s *scorer) fuStandard(c *cand, sets []set, pair tile.Kind, wait hand.WaitKind, pinfu bool) {
	c.addFu(FuPart{Reason: FuBase, Fu: 20})
	ron := !s.w.Tsumo
	if ron && s.closed {
		c.addFu(FuPart{Reason: FuClosedRon, Fu: 10})
	}
	if pinfu {
		return // 20 on a tsumo, 30 on a ron (§10.3)
	}
	if s.w.Tsumo {
		c.addFu(FuPart{Reason: FuTsumo, Fu: 2})
	}
	for _, st := range sets {
		if st.kind == seqSet {
			continue
		}
		f, r := 2, FuOpenTriplet
		if st.tile.IsTerminalOrHonor() {
			f *= 2
		}
		if st.concealed {
			f *= 2
			r = FuConcealedTriplet
		}
		if st.kind == kongSet {
			f *= 4
			r += FuOpenKong - FuOpenTriplet
		}
		c.addFu(FuPart{Reason: r, Fu: f, Tile: st.tile})
	}
	if f := s.pairFu(pair); f > 0 {
		c.addFu(FuPart{Reason: FuPair, Fu: f, Tile: pair})
	}
	switch wait {
	case hand.Tanki, hand.Kanchan, hand.Penchan:
		c.addFu(FuPart{Reason: FuWait, Fu: 2, Wait: wait})
	}
	if !s.closed && c.fu == 20 && s.o.OpenPinfuFu == 30 {
		c.addFu(FuPart{Reason: FuOpenMinimum, Fu: 10})
	}
	c.fu = int(uint(c.fu+9) / 10 * 10) // fu are not negative: unsigned, no sign fix-up
}

// pairFu is the fu of a pair: 2 for a dragon, the seat wind or the round
// wind, double_wind_pair_fu for a wind that is both (§10.1, D-RI-24).
func (s *scorer) pairFu(pair tile.Kind) int {
	if pair.IsDragon() {
		return 2
	}
	seat, round := pair == s.w.Seat.Kind(), pair == s.w.Round.Kind()
	switch {
	case seat && round:
		return s.o.DoubleWindPairFu
	case seat || round:
		return 2
	}
	return 0
}
