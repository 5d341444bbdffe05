package riichi

import (
	"fmt"
	"slices"

	"jantaku/rules/tile"
)

// Next is how the next hand starts after a settlement.
type Next struct {
	DealerStays bool // 連荘; false: the deal passes to the dealer's 下家
	Honba       int  // honba counter of the next hand
	Deposits    int  // 1,000-point sticks left on the table
}

// AfterWin is the next hand after a win (spec/riichi.md §12.1): the
// dealer stays and honba goes up if the dealer was a winner; otherwise
// the deal passes and honba resets. The winner took the deposits.
func AfterWin(dealerWon bool, honba int) Next {
	if dealerWon {
		return Next{DealerStays: true, Honba: honba + 1}
	}
	return Next{}
}

// AfterExhaustiveDraw is the next hand after an exhaustive draw
// (spec/riichi.md §13.1): the dealer stays if tenpai, honba goes up
// either way and the deposits stay.
func AfterExhaustiveDraw(dealerTenpai bool, honba, deposits int) Next {
	return Next{DealerStays: dealerTenpai, Honba: honba + 1, Deposits: deposits}
}

// Abort is an abortive draw (途中流局, spec/riichi.md §13.2, §13.3).
type Abort uint8

// The abortive draws.
const (
	FourKongs     Abort = iota // 四開槓 (four_kong_abort)
	NineTerminals              // 九種九牌 (kyuushu_kyuuhai)
	FourWinds                  // 四風連打 (suufon_renda)
	FourRiichi                 // 四家立直 (suucha_riichi)
	TripleRon                  // 三家和 (triple_ron_abort)
)

func (a Abort) String() string {
	if a <= TripleRon {
		return [...]string{"four kongs", "nine terminals", "four winds", "four riichi", "triple ron"}[a]
	}
	return fmt.Sprintf("Abort(%d)", uint8(a))
}

// Japanese returns the draw's Japanese name.
func (a Abort) Japanese() string {
	if a <= TripleRon {
		return [...]string{"四開槓", "九種九牌", "四風連打", "四家立直", "三家和"}[a]
	}
	return a.String()
}

// Allows reports whether the options play the abortive draw a.
func (o Options) Allows(a Abort) bool {
	switch a {
	case FourKongs:
		return o.FourKongAbort
	case NineTerminals:
		return o.KyuushuKyuuhai
	case FourWinds:
		return o.SuufonRenda
	case FourRiichi:
		return o.SuuchaRiichi
	case TripleRon:
		return o.TripleRonAbort && o.MultipleRon == DoubleRon
	}
	return false
}

// AfterAbort settles an abortive draw: no payments, the dealer stays,
// honba goes up, the deposits stay (spec/riichi.md §13.3). It is an error
// if the options do not play a.
func AfterAbort(a Abort, honba, deposits int, o Options) (Next, error) {
	if !o.Allows(a) {
		return Next{}, fmt.Errorf("riichi: the %v draw is not played under these options: %w", a, ErrConditions)
	}
	return Next{DealerStays: true, Honba: honba + 1, Deposits: deposits}, nil
}

// NineTerminalsHand reports whether a first-draw hand of 14 tiles holds
// nine or more different terminals and honours (九種九牌, §13.3).
func NineTerminalsHand(c tile.Counts) bool {
	n := 0
	for k, v := range c {
		if v > 0 && tile.Kind(k).IsTerminalOrHonor() {
			n++
		}
	}
	return n >= 9
}

// FourWindsDiscards reports whether four first discards are the same
// wind (四風連打, §13.3); the caller checks that no call came before.
func FourWindsDiscards(first [4]tile.Kind) bool {
	return first[0].IsWind() && first[0] == first[1] && first[1] == first[2] && first[2] == first[3]
}

// FourKongsAbort reports whether kongs declared in a hand, counted by
// seat, make the four-kong draw: four kongs held by two or more players
// (D-RI-08). One player's four kongs play on (suukantsu).
func FourKongsAbort(kongs [4]int) bool {
	total, holders := 0, 0
	for _, k := range kongs {
		total += k
		if k > 0 {
			holders++
		}
	}
	return total >= 4 && holders >= 2
}

// ResolveRon decides who wins when the claimants declare ron on one
// discard (spec/riichi.md §7.6, §13.4): under atamahane the one who plays
// soonest after the discarder (D-RI-12); under double_ron all of them, or
// an abortive draw for three with triple_ron_abort. Winners come in turn
// order after the discarder; the first takes the honba and the deposits
// (D-RI-34), so the others are scored with Honba and Deposits zero.
func ResolveRon(discarder Wind, claimants []Wind, o Options) (winners []Wind, abort bool, err error) {
	if discarder > North {
		return nil, false, fmt.Errorf("riichi: discarder %v: %w", discarder, ErrConditions)
	}
	seen := [4]bool{}
	for _, c := range claimants {
		if c > North || c == discarder || seen[c] {
			return nil, false, fmt.Errorf("riichi: claimant %v on %v's discard: %w", c, discarder, ErrConditions)
		}
		seen[c] = true
	}
	if len(claimants) == 0 {
		return nil, false, nil
	}
	dist := func(w Wind) int { return int((w - discarder) & 3) }
	order := slices.Clone(claimants)
	slices.SortFunc(order, func(a, b Wind) int { return dist(a) - dist(b) })
	if o.MultipleRon == DoubleRon {
		if len(order) == 3 && o.Allows(TripleRon) {
			return nil, true, nil
		}
		return order, false, nil
	}
	if o.AtamahaneOrder == OrderSourceLiteral {
		return order[len(order)-1:], false, nil
	}
	return order[:1], false, nil
}

// Penalty is the weight of a foul (spec/riichi.md §16).
type Penalty uint8

// The penalty levels, heaviest first.
const (
	Chombo   Penalty = iota // 満貫罰符: a mangan's worth, the hand replayed (§16.1)
	DeadHand                // あがり放棄: no payment; the hand plays on and the offender cannot win or call (§16.2)
	Deposit                 // 供託: 1,000 to the table (§16.3)
)

func (p Penalty) String() string {
	if p <= Deposit {
		return [...]string{"chombo", "dead hand", "deposit"}[p]
	}
	return fmt.Sprintf("Penalty(%d)", uint8(p))
}

// Japanese returns the penalty's Japanese name.
func (p Penalty) Japanese() string {
	if p <= Deposit {
		return [...]string{"満貫罰符", "あがり放棄", "供託"}[p]
	}
	return p.String()
}

// Penalize returns what the offender pays for a foul (spec/riichi.md §16):
// a chombo by the dealer is 4,000 to each other player, by a child 4,000
// to the dealer and 2,000 to each other child; a deposit is 1,000 to the
// table; a dead hand pays nothing. After a chombo the hand is replayed
// with the same dealer and honba (AfterChombo) and the riichi sticks of
// that hand go back to their owners (D-RI-39).
func Penalize(offender Wind, p Penalty) ([]Payment, error) {
	if offender > North {
		return nil, fmt.Errorf("riichi: offender %v: %w", offender, ErrConditions)
	}
	switch p {
	case Chombo:
		var out []Payment
		for i := Wind(1); i < 4; i++ {
			to := (offender + i) & 3
			pts := 2000
			if to == East || offender == East {
				pts = 4000
			}
			out = append(out, Payment{From: offender, To: to, Points: pts})
		}
		slices.SortFunc(out, func(a, b Payment) int { return int(a.To) - int(b.To) })
		return out, nil
	case DeadHand:
		return nil, nil
	case Deposit:
		return []Payment{{From: offender, To: Table, Points: 1000}}, nil
	}
	return nil, fmt.Errorf("riichi: unknown penalty %v: %w", p, ErrConditions)
}

// AfterChombo is the next hand after a chombo: the same hand replayed,
// same dealer, same honba (D-RI-29); the deposits from earlier hands stay
// (D-RI-39).
func AfterChombo(honba, carriedDeposits int) Next {
	return Next{DealerStays: true, Honba: honba, Deposits: carriedDeposits}
}
