package tile

import "fmt"

// Kind is a tile face: one of the 34 playing kinds or one of the 8 flowers.
// The numbering of the 34 playing kinds is the common one of mahjong
// software (0–8 characters, 9–17 circles, 18–26 bamboo, 27–30 winds East to
// North, 31–33 dragons white, green, red), so Kind(id/4) of a 136-tile id
// used by game records is the tile's kind.
type Kind uint8

// The kinds by name. Characters (萬子) are M, circles (筒子) P, bamboo (索子) S.
const (
	M1 Kind = iota
	M2
	M3
	M4
	M5
	M6
	M7
	M8
	M9
	P1
	P2
	P3
	P4
	P5
	P6
	P7
	P8
	P9
	S1
	S2
	S3
	S4
	S5
	S6
	S7
	S8
	S9
	East
	South
	West
	North
	White // 白
	Green // 發
	Red   // 中
	// Flowers. Seasons 春夏秋冬 and plants 梅蘭菊竹; the n-th of each group
	// belongs to seat n (East first).
	Spring
	Summer
	Autumn
	Winter
	Plum
	Orchid
	Chrysanthemum
	Bamboo
)

const (
	// NumKinds is the number of playing kinds (no flowers): the length of
	// Counts.
	NumKinds = 34
	// NumFlowers is the number of flower kinds.
	NumFlowers = 8
	// NumAll is every kind including flowers.
	NumAll = NumKinds + NumFlowers
)

// Suit is the family a kind belongs to.
type Suit uint8

// The suits. Winds and dragons are both honours but are kept apart because
// many rules treat them differently.
const (
	Man Suit = iota
	Pin
	Sou
	Wind
	Dragon
	Flower
)

var suitNames = [...]string{"characters", "circles", "bamboo", "winds", "dragons", "flowers"}

func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Letter is the suit's letter in mpsz notation: m, p, s, z (honours) or f.
func (s Suit) Letter() byte {
	switch s {
	case Man:
		return 'm'
	case Pin:
		return 'p'
	case Sou:
		return 's'
	case Wind, Dragon:
		return 'z'
	case Flower:
		return 'f'
	}
	return '?'
}

// Of returns the kind of the given suit and rank. Rank counts from 1: 1–9
// for numbered suits, 1–4 for winds (E S W N), 1–3 for dragons (white,
// green, red), 1–8 for flowers (seasons then plants). ok is false for a rank
// outside the suit.
func Of(s Suit, rank int) (k Kind, ok bool) {
	switch s {
	case Man, Pin, Sou:
		if rank >= 1 && rank <= 9 {
			return Kind(int(s)*9 + rank - 1), true
		}
	case Wind:
		if rank >= 1 && rank <= 4 {
			return Kind(int(East) + rank - 1), true
		}
	case Dragon:
		if rank >= 1 && rank <= 3 {
			return Kind(int(White) + rank - 1), true
		}
	case Flower:
		if rank >= 1 && rank <= 8 {
			return Kind(int(Spring) + rank - 1), true
		}
	}
	return 0, false
}

// Valid reports whether k is one of the 42 kinds.
func (k Kind) Valid() bool { return k < NumAll }

// Suit returns the kind's suit.
func (k Kind) Suit() Suit { return Suit(kindSuit[k]) }

// Rank returns the kind's rank within its suit, counting from 1 (see Of).
func (k Kind) Rank() int { return int(kindRank[k]) }

// kindSuit and kindRank are the Suit and Rank of every value a Kind can
// hold, worked out once by suitOf and rankOf: a load in place of a
// division by nine, for the scorers, which ask them of every set.
// Read-only.
var kindSuit, kindRank = func() (s, r [256]uint8) {
	for k := range 256 {
		s[k], r[k] = uint8(suitOf(Kind(k))), uint8(rankOf(Kind(k)))
	}
	return s, r
}()

// suitOf is Suit worked out.
func suitOf(k Kind) Suit {
	switch {
	case k < East:
		return Suit(k / 9)
	case k < White:
		return Wind
	case k < Spring:
		return Dragon
	default:
		return Flower
	}
}

// rankOf is Rank worked out: at most 222, for the largest Kind.
func rankOf(k Kind) int {
	switch {
	case k < East:
		return int(k%9) + 1
	case k < White:
		return int(k-East) + 1
	case k < Spring:
		return int(k-White) + 1
	default:
		return int(k-Spring) + 1
	}
}

// IsSuited reports whether k is a numbered tile (characters, circles, bamboo).
func (k Kind) IsSuited() bool { return k < East }

// IsHonor reports whether k is a wind or a dragon.
func (k Kind) IsHonor() bool { return k >= East && k < Spring }

// IsWind reports whether k is one of the four winds.
func (k Kind) IsWind() bool { return k >= East && k <= North }

// IsDragon reports whether k is one of the three dragons.
func (k Kind) IsDragon() bool { return k >= White && k <= Red }

// IsFlower reports whether k is a flower.
func (k Kind) IsFlower() bool { return k >= Spring && k < NumAll }

// IsTerminal reports whether k is a 1 or a 9 of a numbered suit.
func (k Kind) IsTerminal() bool {
	r := kindRank[k]
	return k < East && (r == 1 || r == 9)
}

// IsTerminalOrHonor reports whether k is a terminal or an honour (么九牌).
func (k Kind) IsTerminalOrHonor() bool { return k.IsTerminal() || k.IsHonor() }

// IsSimple reports whether k is a 2–8 of a numbered suit.
func (k Kind) IsSimple() bool { return k.IsSuited() && !k.IsTerminal() }

// Next returns the kind one rank up in the same numbered suit; ok is false
// for a 9, an honour or a flower. Sequences are built with it.
func (k Kind) Next() (Kind, bool) {
	if !k.IsSuited() || k%9 == 8 {
		return 0, false
	}
	return k + 1, true
}

var kindNames = [NumAll]string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"1z", "2z", "3z", "4z", "5z", "6z", "7z",
	"1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f",
}

// String returns the kind in notation, e.g. "3p", "7z" (red dragon), "5f" (plum).
func (k Kind) String() string {
	if k.Valid() {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

var kindHan = [NumAll]string{
	"一萬", "二萬", "三萬", "四萬", "五萬", "六萬", "七萬", "八萬", "九萬",
	"一筒", "二筒", "三筒", "四筒", "五筒", "六筒", "七筒", "八筒", "九筒",
	"一索", "二索", "三索", "四索", "五索", "六索", "七索", "八索", "九索",
	"東", "南", "西", "北", "白", "發", "中",
	"春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹",
}

// Han returns the kind's name in Chinese characters, e.g. "五筒", "發", "梅".
func (k Kind) Han() string {
	if k.Valid() {
		return kindHan[k]
	}
	return k.String()
}

var kindEnglish = [NumAll]string{
	"1 characters", "2 characters", "3 characters", "4 characters", "5 characters", "6 characters", "7 characters", "8 characters", "9 characters",
	"1 circles", "2 circles", "3 circles", "4 circles", "5 circles", "6 circles", "7 circles", "8 circles", "9 circles",
	"1 bamboo", "2 bamboo", "3 bamboo", "4 bamboo", "5 bamboo", "6 bamboo", "7 bamboo", "8 bamboo", "9 bamboo",
	"East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon",
	"Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo flower",
}

// English returns the kind's English name, e.g. "5 circles", "Green dragon".
func (k Kind) English() string {
	if k.Valid() {
		return kindEnglish[k]
	}
	return k.String()
}

// FlowerSeat returns the seat (0 = East … 3 = North) a flower belongs to;
// ok is false for a kind that is not a flower.
func (k Kind) FlowerSeat() (seat int, ok bool) {
	if !k.IsFlower() {
		return 0, false
	}
	return int(k-Spring) % 4, true
}

// ParseWind reads a wind as its tile kind, East to North, from any of the
// names players write: E, e, east, East, 1z, 東 (and so on for S, W, N).
func ParseWind(s string) (Kind, error) {
	for i, names := range [4][6]string{
		{"E", "e", "east", "East", "1z", "東"},
		{"S", "s", "south", "South", "2z", "南"},
		{"W", "w", "west", "West", "3z", "西"},
		{"N", "n", "north", "North", "4z", "北"},
	} {
		for _, n := range names {
			if n == s {
				return East + Kind(i), nil
			}
		}
	}
	return 0, fmt.Errorf("%q is %w", s, ErrNotWind)
}
