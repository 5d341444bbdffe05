package tile

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"jantaku/internal/corpustest"
)

// sameParse holds Parse, ParseHand and a reused HandParser to the oracle
// of oracle_test.go on s: the same tiles, melds and flowers (nil where
// the oracle gives nil), or the same error, field by field.
func sameParse(t *testing.T, hp *HandParser, s string) {
	t.Helper()
	wantTs, wantErr := oldParse(s)
	gotTs, gotErr := Parse(s)
	if !reflect.DeepEqual(gotTs, wantTs) || !reflect.DeepEqual(gotErr, wantErr) {
		t.Fatalf("Parse(%q) = %v, %#v; the oracle gives %v, %#v", s, gotTs, gotErr, wantTs, wantErr)
	}
	want, wantErr := oldParseHand(s)
	got, gotErr := ParseHand(s)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
		t.Fatalf("ParseHand(%q) = %#v, %#v; the oracle gives %#v, %#v", s, got, gotErr, want, wantErr)
	}
	got, gotErr = hp.Parse(s)
	if !reflect.DeepEqual(gotErr, wantErr) || wantErr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("HandParser.Parse(%q) = %#v, %#v; the oracle gives %#v, %#v", s, got, gotErr, want, wantErr)
	}
	// ParseInto sets the whole Hand, whatever it held: the zero Hand on
	// an error.
	into := Hand{Concealed: []Tile{{Kind: East}}, Melds: []Meld{{Type: Pon}}, Flowers: []Tile{{Kind: Spring}}}
	gotErr = hp.ParseInto(&into, s)
	if !reflect.DeepEqual(gotErr, wantErr) || wantErr == nil && !reflect.DeepEqual(into, want) || wantErr != nil && !reflect.DeepEqual(into, Hand{}) {
		t.Fatalf("HandParser.ParseInto(%q) = %#v, %#v; the oracle gives %#v, %#v", s, into, gotErr, want, wantErr)
	}
}

// corpusHands writes the corpus's hands in hand notation, each tile
// with its own suit letter ("5p5p3z"), by a writer of the test's own:
// the MCR worked examples (melds, concealed tiles, the winning tile and
// flowers) and the riichi wins of riichi-mjsoul-agari (red fives as 0).
func corpusHands(t *testing.T) []string {
	t.Helper()
	dir := corpustest.Dir(t, corpustest.MCRFile)
	var out []string

	cases, err := corpustest.ReadMCR(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var b strings.Builder
		b.WriteString(strings.Join(c.Concealed, "") + c.WinTile)
		for _, m := range c.Melds {
			ts := strings.Join(m.Tiles, "")
			switch m.Type {
			case "chow":
				b.WriteString(" (chi " + ts + "<3)")
			case "pung":
				b.WriteString("(pon " + ts + "<1)")
			case "melded_kong":
				b.WriteString(" (kan " + ts + "<2) ")
			case "concealed_kong":
				b.WriteString("[ankan " + ts + "]")
			default:
				t.Fatalf("meld type %q", m.Type)
			}
		}
		for f := range c.Flowers {
			b.WriteByte(byte('1' + f))
			b.WriteByte('f')
		}
		out = append(out, b.String())
	}

	var agari struct {
		Cases []struct {
			Tiles []int `json:"tiles_136"`
			Melds []struct {
				Type  string `json:"meld_type"`
				Tiles []int  `json:"tiles"`
			} `json:"melds"`
			Win int `json:"win_tile_136"`
		} `json:"cases"`
	}
	readJSON(t, filepath.Join(dir, "riichi-mjsoul-agari", "agari_4p.json"), &agari)
	ids := func(ids []int) string {
		var b []byte
		for _, id := range ids {
			k := id / 4
			d := byte('1' + k%9)
			if k >= 27 {
				d = byte('1' + k - 27)
			} else if k%9 == 4 && id%4 == 0 {
				d = '0'
			}
			b = append(b, d, "mpsz"[min(k/9, 3)])
		}
		return string(b)
	}
	for _, c := range agari.Cases {
		conc := c.Tiles
		if len(c.Tiles)+3*len(c.Melds) == 13 {
			conc = append(conc[:len(conc):len(conc)], c.Win)
		}
		s := ids(conc)
		for _, m := range c.Melds {
			switch m.Type {
			case "chi", "pon", "kakan":
				s += " (" + m.Type + " " + ids(m.Tiles) + "<3)"
			case "daiminkan":
				s += " (kan " + ids(m.Tiles) + "<1)"
			case "ankan":
				s += " [ankan " + ids(m.Tiles) + "]"
			default:
				t.Fatalf("meld type %q", m.Type)
			}
		}
		out = append(out, s)
	}
	if len(out) < 900 {
		t.Fatalf("%d corpus hands", len(out))
	}
	return out
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestParseAsOracle: on the corpus hands, every one of them spoiled at
// random places, and seeded random strings of the notation's pieces and
// of stray bytes, the reader gives what the old parser gave.
func TestParseAsOracle(t *testing.T) {
	var hp HandParser
	hands := corpusHands(t)
	accepted := 0
	for _, s := range hands {
		if _, err := oldParseHand(s); err == nil {
			accepted++
		}
		sameParse(t, &hp, s)
	}
	// The corpus hands are good ones; a writer that spoilt them all would
	// leave only the error paths tried.
	if accepted != len(hands) {
		t.Fatalf("the oracle accepts %d of the %d corpus hands", accepted, len(hands))
	}

	pieces := []string{
		"1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "m", "p", "s", "z", "f",
		"123m", "555z", "0p", "8f", "9z", "11", " ", "  ", "\t", "\n", "\r", "\v",
		"(", ")", "[", "]", "<", "<1", "<2", "<3", "<4", "<", "<<",
		"chi ", "pon ", "kan ", "kakan ", "ankan ", "(chi ", "(pon ", "(kan ", "(kakan ", "[ankan ", "[kan ", "(ankan ", "[pon ",
		"324p<3)", "555z<1)", "1111s<2)", "9999p<3)", "3333m]", "5550m]", "(pon 777z<2)", "[ankan 3333m]", "(chi 340p<3)",
		"\u00a0", "\u3000", "\u0085", "\u2028", "２", "東", "\xff", "\xc2", "\xe0\x80", "x", "M", "P", ",",
	}
	r := rand.New(rand.NewPCG(2026, 12))
	for range 200000 {
		var b strings.Builder
		for range r.IntN(14) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		sameParse(t, &hp, b.String())
	}
	bytes := "0123456789mpszf ()[]<\t\n\xa0\xc2\xe3"
	for range 100000 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			b[i] = bytes[r.IntN(len(bytes))]
		}
		sameParse(t, &hp, string(b))
	}
	// Hands built of good pieces, most of which parse: runs of tiles,
	// melds of every type with spaces of every kind, flowers.
	spaces := []string{"", " ", "  ", "\t", "\u00a0", "\u3000"}
	types := []string{"chi", "pon", "kan", "kakan", "ankan"}
	good := 0
	for range 100000 {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(spaces[r.IntN(3)])
			if r.IntN(3) > 0 {
				for range 1 + r.IntN(4) {
					b.WriteByte(byte('0' + r.IntN(10)))
				}
				b.WriteByte("mpszf"[r.IntN(5)])
				continue
			}
			k, open, closer := r.IntN(7), "(", ")"
			typ := types[r.IntN(len(types))]
			if typ == "ankan" || r.IntN(8) == 0 {
				open, closer = "[", "]"
			}
			b.WriteString(open + spaces[r.IntN(len(spaces))] + typ + " " + spaces[r.IntN(len(spaces))])
			suit := "mpsz"[r.IntN(4)]
			for i := range 3 + r.IntN(2) {
				d := byte('1' + k)
				if typ == "chi" {
					d += byte(i % 3)
				}
				b.WriteByte(d)
			}
			b.WriteByte(suit)
			if open == "(" {
				b.WriteString("<" + string(byte('0'+r.IntN(5))))
			}
			b.WriteString(spaces[r.IntN(len(spaces))] + closer)
		}
		s := b.String()
		if _, err := oldParseHand(s); err == nil {
			good++
		}
		sameParse(t, &hp, s)
	}
	if good < 20000 {
		t.Errorf("only %d of the built hands parse", good)
	}
	// Long texts, past the most tiles there can be: long groups of
	// digits, melds among them.
	for range 20000 {
		var b strings.Builder
		for b.Len() < 100+r.IntN(300) {
			if r.IntN(8) == 0 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			for range r.IntN(200) {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
			b.WriteByte("mpszf"[r.IntN(5)])
		}
		sameParse(t, &hp, b.String())
	}
	for range 100000 {
		s := []byte(hands[r.IntN(len(hands))])
		for range 1 + r.IntN(3) {
			i := r.IntN(len(s) + 1)
			p := pieces[r.IntN(len(pieces))]
			switch r.IntN(3) {
			case 0: // insert
				s = append(s[:i:i], append([]byte(p), s[i:]...)...)
			case 1: // delete a byte
				if i < len(s) {
					s = append(s[:i:i], s[i+1:]...)
				}
			default: // replace a byte
				if i < len(s) {
					s[i] = p[0]
				}
			}
		}
		sameParse(t, &hp, string(s))
	}
}

// TestParseAsOracleCases: the faults one by one, each of them where the
// positions count characters of more than one byte.
func TestParseAsOracleCases(t *testing.T) {
	var hp HandParser
	for _, s := range []string{
		"", " ", "\t", "123m456p789s1234567z", "0m0p0s", "5550m", "12345678f", "1m 2p", "11111m", "12 3m", "8z", "1m２m",
		"123m(chi 324p<3)", "11m (pon 555z<1)", "(kan 1111s<2) 9p", "(kakan 9999p<3)", "[ankan 3333m]", "[kan 3333m]",
		"1f23m8f", "(pon 555z<4)", "(pon 555z", "555z(pon 555z<1)", "(chi 340p<3)", "(pon\u00a0555z<1)", "東(pon 555z<1",
		"東 (pon 55x5z<1)", "東 (pon 555z<12)", "東 (pon 555z)", "東 (pan 555z<1)", "東(pon 555z<1 x)", "東 (chi 135m<1)",
		"東 (chi\u3000135m<1)", "東 (chi\u3000135m\u00a0<1)", "[ankan\u00a0\u00a03333m ]", "(pon \xc2\xc2\xc2\xa0)", "(pon \xc2\xc2\xc2\xa0<1)",
		"(pon 5\xc2\xa0<1)", "1m)", "1m]", "(pon 555z<1)(pon 555z<1)", "0m0m", "1f1f", "9f", "0z", "m", "1", "1m\n2m",
		"(pon 11f<1)", "(chi 123f<1)", "(pon 1111m<1)", "[ankan 123m]", "(kakan 5550p<2)", "(kan 5055s<3)(pon 555s<1)",
		// Texts longer than every tile there is, a group of digits
		// longer than the room left for tiles.
		strings.Repeat("1", 150) + "m", strings.Repeat("0", 150) + "p", strings.Repeat("9", 150) + "z", strings.Repeat("1", 150) + "f",
		strings.Repeat("1234", 40) + "s", "(pon " + strings.Repeat("5", 150) + "z<1)", "[ankan " + strings.Repeat("5", 150) + "z]",
		strings.Repeat("1111m2222m3333m4444m5555m6666m7777m8888m9999m", 3) + "1234567z" + strings.Repeat("1", 120) + "p",
		strings.Repeat("1111p2222p3333p4444p5555p6666p7777p8888p9999p", 4) + "12345678f" + strings.Repeat("1", 100) + "f",
	} {
		sameParse(t, &hp, s)
	}
}

// TestHandParserAllocs: a reused HandParser reads a hand, melds and
// flowers included, with no allocation; ParseHand makes two (its tiles
// and its melds).
func TestHandParserAllocs(t *testing.T) {
	const s = "234m456m11z789m9m (pon 777z<2) [ankan 3333p] 1f5f"
	var hp HandParser
	if _, err := hp.Parse(s); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := hp.Parse(s); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("HandParser.Parse: %v allocations a hand, want 0", n)
	}
	var h Hand
	if n := testing.AllocsPerRun(100, func() {
		if err := hp.ParseInto(&h, s); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("HandParser.ParseInto: %v allocations a hand, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := ParseHand(s); err != nil {
			t.Fatal(err)
		}
	}); n > 2 {
		t.Errorf("ParseHand: %v allocations a hand, want 2 at most", n)
	}
}

// TestHandParserKeepsNoState: a hand read after a longer one, or after
// an error, is the hand alone.
func TestHandParserKeepsNoState(t *testing.T) {
	var hp HandParser
	for _, s := range []string{"1111m (pon 555z<1) 1f", "(pon 555z<1", "1111m2m", "1m (pon 555z<1)"} {
		hp.Parse(s)
	}
	h, err := hp.Parse("1111m")
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Concealed) != 4 || h.Melds != nil || h.Flowers != nil {
		t.Fatalf("1111m after other hands: %#v", h)
	}
	for i, c := range h.Concealed {
		if c.Kind != M1 || int(c.Copy) != i {
			t.Fatalf("1111m after other hands: tile %d is %+v", i, c)
		}
	}
}

// FuzzParseAsOracle: on any text the reader gives what the old parser
// gave.
func FuzzParseAsOracle(f *testing.F) {
	for _, s := range []string{"123m(chi 324p<3)", "11m (pon 555z<1)", "[ankan\u00a03333m]", "1f23m8f", "(pon 555z<4)", "1m２m", "12 3m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var hp HandParser
		sameParse(t, &hp, s)
	})
}
