package mcr

import "jantaku/rules/tile"

// The chow and pung group fans under the account-once and non-identical
// principles (spec/mcr.md §8.2, the engine table). Chows are given by
// their lowest tile, pungs by their kind, both in ascending order. A fan
// the preset does not have is not found, so the next smaller group is
// tried (the simplified preset counts 一色三同顺 in four identical chows).

// sameSuit reports whether a, b and c are of one numbered suit.
func sameSuit(a, b, c tile.Kind) bool {
	return a < tile.East && b < tile.East && c < tile.East && a/9 == b/9 && b/9 == c/9
}

// sameSuit4 is sameSuit of four kinds.
func sameSuit4(k [4]tile.Kind) bool { return sameSuit(k[0], k[1], k[2]) && sameSuit(k[1], k[2], k[3]) }

func mixedSuits(a, b, c tile.Kind) bool {
	return a.Suit() != b.Suit() && a.Suit() != c.Suit() && b.Suit() != c.Suit()
}

// shifted1 reports whether the ranks are n, n+1, n+2 in some order.
func shifted1(a, b, c int) bool {
	lo, hi := min(a, b, c), max(a, b, c)
	return hi-lo == 2 && a != b && b != c && a != c
}

func (s *scorer) has(f Fan) Fan {
	if s.enabled.Has(f) {
		return f
	}
	return 0
}

// fourChowFan: 一色四步高 or 一色四同顺.
func (s *scorer) fourChowFan(c [4]tile.Kind) Fan {
	if !sameSuit4(c) {
		return 0
	}
	d := int(c[1] - c[0])
	if (d == 1 || d == 2) && int(c[2]-c[1]) == d && int(c[3]-c[2]) == d {
		return s.has(FourPureShiftedChows)
	}
	if c[0] == c[3] {
		return s.has(QuadrupleChow)
	}
	return 0
}

// threeChowFan: the fan of three chows, if any.
func (s *scorer) threeChowFan(a, b, c tile.Kind) Fan {
	ra, rb, rc := a.Rank(), b.Rank(), c.Rank()
	if mixedSuits(a, b, c) {
		switch {
		case shifted1(ra, rb, rc):
			return s.has(MixedShiftedChows)
		case ra == rb && rb == rc:
			return s.has(MixedTripleChow)
		case ra+rb+rc == 12 && (ra-1)%3 == 0 && (rb-1)%3 == 0 && (rc-1)%3 == 0 && ra != rb && rb != rc && ra != rc:
			return s.has(MixedStraight)
		}
		return 0
	}
	if !sameSuit(a, b, c) {
		return 0
	}
	d1, d2 := int(b-a), int(c-b)
	switch {
	case d1 == 3 && d2 == 3 && ra == 1:
		return s.has(PureStraight)
	case d1 == d2 && (d1 == 1 || d1 == 2):
		return s.has(PureShiftedChows)
	case d1 == 0 && d2 == 0:
		return s.has(PureTripleChow)
	}
	return 0
}

// twoChows: the fan of two chows, if any (0 = none).
func twoChows(a, b tile.Kind) Fan {
	if a.Suit() != b.Suit() {
		if a.Rank() == b.Rank() {
			return MixedDoubleChow
		}
		return 0
	}
	switch {
	case a+3 == b || b+3 == a:
		return ShortStraight
	case (a.Rank() == 1 && b.Rank() == 7) || (a.Rank() == 7 && b.Rank() == 1):
		return TwoTerminalChows
	case a == b:
		return PureDoubleChow
	}
	return 0
}

// bestOfThree is the fan worth most that three of the four sets make
// (the chows' fan of each three if chows, else the pungs', the last set
// left out first), and which set it leaves out; 0 when no three make
// one.
func (s *scorer) bestOfThree(k [4]tile.Kind, chows bool) (best Fan, skip int) {
	for out := 3; out >= 0; out-- {
		a, b, c := threeOf(&k, out)
		var f Fan
		if chows {
			f = s.threeChowFan(a, b, c)
		} else {
			f = s.threePungFan(a, b, c)
		}
		if f != 0 && (best == 0 || s.value(f) > s.value(best)) {
			best, skip = f, out
		}
	}
	return best, skip
}

// threeOf returns the kinds of k but k[out], in order.
func threeOf(k *[4]tile.Kind, out int) (a, b, c tile.Kind) {
	switch out {
	case 0:
		return k[1], k[2], k[3]
	case 1:
		return k[0], k[2], k[3]
	case 2:
		return k[0], k[1], k[3]
	}
	return k[0], k[1], k[2]
}

func (s *scorer) fourChows(t *table, c [4]tile.Kind) {
	if f := s.fourChowFan(c); f != 0 {
		s.put(t, f, 1)
		return
	}
	// A three-chow fan, the highest; the fourth chow may then make one
	// two-chow fan with one of the three.
	best, extra := s.bestOfThree(c, true)
	if best != 0 {
		s.put(t, best, 1)
		var got FanSet
		for i := range 4 {
			if i != extra {
				got.add(twoChows(c[i], c[extra]))
			}
		}
		for _, f := range [...]Fan{PureDoubleChow, MixedDoubleChow, ShortStraight, TwoTerminalChows} {
			if got.Has(f) && s.enabled.Has(f) {
				s.put(t, f, 1)
				break
			}
		}
		return
	}
	var fs [6]Fan
	k := 0
	for i := range 4 {
		for j := i + 1; j < 4; j++ {
			fs[k] = s.has(twoChows(c[i], c[j]))
			k++
		}
	}
	// At most three, one fewer for each chow that pairs with nobody.
	limit := 3
	for i := range 4 {
		alone := true
		k := 0
		for a := range 4 {
			for b := a + 1; b < 4; b++ {
				if (a == i || b == i) && fs[k] != 0 {
					alone = false
				}
				k++
			}
		}
		limit -= b2i(alone)
	}
	s.twoChowFans(t, fs[:], limit)
}

func (s *scorer) threeChows(t *table, c []tile.Kind) {
	if f := s.threeChowFan(c[0], c[1], c[2]); f != 0 {
		s.put(t, f, 1)
		return
	}
	fs := [3]Fan{s.has(twoChows(c[0], c[1])), s.has(twoChows(c[0], c[2])), s.has(twoChows(c[1], c[2]))}
	s.twoChowFans(t, fs[:], 2)
}

// twoChowFans counts at most limit two-chow fans, dropping the repeated
// ones first, 老少副 before 连六 before 喜相逢 before 一般高 (non-identical
// principle, as the reference implementation trims).
func (s *scorer) twoChowFans(t *table, fs []Fan, limit int) {
	order := [4]Fan{PureDoubleChow, MixedDoubleChow, ShortStraight, TwoTerminalChows}
	var n [4]int
	cnt := 0
	for _, f := range fs {
		for i, o := range order {
			if f == o {
				n[i]++
				cnt++
			}
		}
	}
	for keep := 1; keep >= 0 && cnt > limit; keep-- {
		for i := 3; i >= 0 && cnt > limit; i-- {
			for n[i] > keep && cnt > limit {
				n[i]--
				cnt--
			}
		}
	}
	for i, f := range order {
		s.put(t, f, n[i])
	}
}

// threePungFan: the fan of three pungs, if any.
func (s *scorer) threePungFan(a, b, c tile.Kind) Fan {
	if a.IsSuited() && b.IsSuited() && c.IsSuited() {
		ra, rb, rc := a.Rank(), b.Rank(), c.Rank()
		if mixedSuits(a, b, c) {
			switch {
			case shifted1(ra, rb, rc):
				return s.has(MixedShiftedPungs)
			case ra == rb && rb == rc:
				return s.has(TriplePung)
			}
			return 0
		}
		if sameSuit(a, b, c) && a+1 == b && b+1 == c {
			return s.has(PureShiftedPungs)
		}
		return 0
	}
	if a.IsWind() && b.IsWind() && c.IsWind() {
		return s.has(BigThreeWinds)
	}
	if a.IsDragon() && b.IsDragon() && c.IsDragon() {
		return s.has(BigThreeDragons)
	}
	return 0
}

// twoPungs: 双同刻 or 双箭刻 (0 = none).
func twoPungs(a, b tile.Kind) Fan {
	switch {
	case a.IsSuited() && b.IsSuited() && a.Rank() == b.Rank():
		return DoublePung
	case a.IsDragon() && b.IsDragon():
		return TwoDragonPungs
	}
	return 0
}

func (s *scorer) fourPungs(t *table, p [4]tile.Kind) {
	switch {
	case sameSuit4(p) && p[0]+1 == p[1] && p[1]+1 == p[2] && p[2]+1 == p[3] && s.enabled.Has(FourPureShiftedPungs):
		s.put(t, FourPureShiftedPungs, 1)
		return
	case p[0] == tile.East && p[3] == tile.North && s.enabled.Has(BigFourWinds):
		s.put(t, BigFourWinds, 1)
		return
	}
	best, free := s.bestOfThree(p, false)
	if best != 0 {
		s.put(t, best, 1)
		for i := range 4 {
			if f := s.has(twoPungs(p[i], p[free])); i != free && f != 0 {
				s.put(t, f, 1)
				break
			}
		}
		return
	}
	for i := range 4 {
		for j := i + 1; j < 4; j++ {
			s.put(t, s.has(twoPungs(p[i], p[j])), 1)
		}
	}
}

func (s *scorer) threePungs(t *table, p []tile.Kind) {
	if f := s.threePungFan(p[0], p[1], p[2]); f != 0 {
		s.put(t, f, 1)
		return
	}
	s.put(t, s.has(twoPungs(p[0], p[1])), 1)
	s.put(t, s.has(twoPungs(p[0], p[2])), 1)
	s.put(t, s.has(twoPungs(p[1], p[2])), 1)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
