package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"jantaku/internal/corpustest"
)

// The C++ MCR calculator (ChineseOfficialMahjongHelper's calculate_fan)
// reads hands in its own notation: melds in brackets ("[EEE]", a melded
// kong marked as offered by "1": "[SSSS1]"), then the concealed tiles,
// then the winning tile; suited tiles of one suit in a row share their
// suffix ("123m"), honours are letters. writeCalcHands writes every MCR
// worked example of the corpus as one line for mcrcalc/mcrcalc.cpp:
//
//	hand self-drawn(0/1) prevalent seat(0-3 for ESWN) flowers total id
func writeCalcHands(corpus, file string) error {
	cases, err := corpustest.ReadMCR(corpus)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, c := range cases {
		var h strings.Builder
		for _, m := range c.Melds {
			src := ""
			switch m.Type {
			case "melded_kong":
				src = "1"
			case "chow", "pung", "concealed_kong":
			default:
				return fmt.Errorf("case %d: meld type %q", c.ID, m.Type)
			}
			run, err := calcRun(m.Tiles)
			if err != nil {
				return fmt.Errorf("case %d: %w", c.ID, err)
			}
			h.WriteString("[" + run + src + "]")
		}
		conc, err := calcRun(c.Concealed)
		if err != nil {
			return fmt.Errorf("case %d: %w", c.ID, err)
		}
		win, err := calcRun([]string{c.WinTile})
		if err != nil {
			return fmt.Errorf("case %d: %w", c.ID, err)
		}
		self := 0
		if c.SelfDrawn {
			self = 1
		}
		fmt.Fprintf(&b, "%s%s%s %d %d %d %d %d %d\n", h.String(), conc, win, self, calcWind(c.PrevalentWind), calcWind(c.SeatWind), c.Flowers, c.Total, c.ID)
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// calcRun writes tiles of the corpus's notation in the calculator's. The
// corpus numbers the dragons 5z red, 6z green, 7z white: the calculator's
// C, F and P.
func calcRun(tiles []string) (string, error) {
	var out strings.Builder
	var digits []byte
	suit := byte(0)
	flush := func() {
		if len(digits) > 0 {
			out.Write(digits)
			out.WriteByte(suit)
		}
		digits, suit = digits[:0], 0
	}
	for _, t := range tiles {
		if len(t) != 2 || t[0] < '1' || t[0] > '9' || !slices.Contains([]byte("mpsz"), t[1]) || (t[1] == 'z' && t[0] > '7') {
			return "", fmt.Errorf("tile %q", t)
		}
		if t[1] == 'z' {
			flush()
			out.WriteByte("ESWNCFP"[t[0]-'1'])
			continue
		}
		if suit != 0 && t[1] != suit {
			flush()
		}
		digits, suit = append(digits, t[0]), t[1]
	}
	flush()
	return out.String(), nil
}

// calcWind is a wind as the calculator numbers it (0-3 for ESWN), East
// when the corpus gives none.
func calcWind(w *string) int {
	if w == nil {
		return 0
	}
	return max(strings.Index("ESWN", *w), 0)
}
