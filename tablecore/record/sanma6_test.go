package record

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// sanma6 builds a three-player tenhou.net/6 record of one hand (East 1,
// seat 0 dealing): label, the fourth name, then seats 0–2's takes and
// discards as JSON lists. Seat 3 is empty as Tenhou writes it. Start
// hands are filler: these hands are checked for their order of play, not
// refereed.
func sanma6(label, name3 string, lists ...string) string {
	deal := "[11,11,11,11,19,19,19,19,21,21,21,21,29]"
	var b strings.Builder
	fmt.Fprintf(&b, `{"name":["A","B","C",%q],"rule":{"disp":%q,"aka":1},"log":[[[0,0,0],[35000,35000,35000,0],[31],[]`, name3, label)
	for s := range 3 {
		fmt.Fprintf(&b, ",%s,%s,%s", deal, lists[2*s], lists[2*s+1])
	}
	b.WriteString(`,[],[],[],["全員不聴"]]]}`)
	return b.String()
}

// Three-player hands: a kita ("f44") is followed by a replacement draw;
// a call's letter position is read as Tenhou's mjlog and the Mahjong Soul
// converters place it: first = the previous player, last = the next, the
// middle = either, by who discarded. Cases derived by hand from §1.4.
func TestTenhou6ThreePlayers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		doc    string
		caller int
		from   int // the meld's From: 1 next, 2 previous
		// discarder is the seat the pon took from
		discarder int
	}{
		{
			// Seat 0 sets a north aside, draws its replacement and
			// discards East; seat 1 draws and discards South; seat 2
			// draws and discards West, which seat 0 pons from its
			// previous player with the letter in the middle (seats
			// counted round four: 0 − 2 = toimen).
			name: "pon from the previous player, middle position",
			doc: sanma6("三般南喰赤", "",
				`[44,12,"43p4343"]`, `["f44",41,45]`,
				`[13]`, `[42]`,
				`[14]`, `[43]`),
			caller: 0, from: 2, discarder: 2,
		},
		{
			name: "pon from the previous player, first position",
			doc: sanma6("三般南喰赤", "",
				`[44,12,"p434343"]`, `["f44",41,45]`,
				`[13]`, `[42]`,
				`[14]`, `[43]`),
			caller: 0, from: 2, discarder: 2,
		},
		{
			// Seat 2 pons seat 0's East: seat 0 is seat 2's next
			// player; the middle position (2 − 0 round four) and the
			// last (Tenhou's mjlog: next = shimocha) both read so.
			name: "pon from the next player, middle position",
			doc: sanma6("三般南喰赤", "",
				`[12,13]`, `[41,60]`,
				`[]`, `[]`,
				`["41p4141"]`, `[42]`),
			caller: 2, from: 1, discarder: 0,
		},
		{
			name: "pon from the next player, last position",
			doc: sanma6("三般南喰赤", "",
				`[12,13]`, `[41,60]`,
				`[]`, `[]`,
				`["4141p41"]`, `[42]`),
			caller: 2, from: 1, discarder: 0,
		},
		{
			// No label: the empty fourth seat says three players.
			name: "unlabelled, seat 3 empty",
			doc: sanma6("", "",
				`[12,13]`, `[41,60]`,
				`[]`, `[]`,
				`["4141p41"]`, `[42]`),
			caller: 2, from: 1, discarder: 0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ReadTenhou6(strings.NewReader(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			if !g.Rules.Three || g.Rules.Red != [3]bool{false, true, true} {
				t.Fatalf("rules %+v: want three players, red 5p and 5s only", g.Rules)
			}
			var call *Action
			kita := 0
			for i, a := range g.Hands[0].Actions {
				switch a.Type {
				case Call:
					call = &g.Hands[0].Actions[i]
				case Kita:
					kita++
					if next := g.Hands[0].Actions[i+1]; next.Type != Draw || next.Seat != a.Seat {
						t.Fatalf("after the kita: %v, want the replacement draw", next)
					}
				}
			}
			if call == nil || call.Seat != tc.caller || call.Meld.From != tc.from || call.FromSeat(3) != tc.discarder {
				t.Fatalf("call %v, want seat %d's pon with From %d\n%v", call, tc.caller, tc.from, g.Hands[0].Actions)
			}
			if strings.Contains(tc.doc, "f44") != (kita == 1) {
				t.Fatalf("%d kita read", kita)
			}
			// Written and read back: the same hand.
			var buf bytes.Buffer
			if err := WriteTenhou6(&buf, g); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			back, err := ReadTenhou6(&buf)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if d := diffGames(g, back, false); d != "" {
				t.Fatalf("written and read back: %s\n%s", d, out)
			}
			if !strings.Contains(out, `"name":["A","B","C",""]`) || !strings.Contains(out, `[],[],[],["全員不聴"]`) {
				t.Fatalf("names or seat 3 written as %s", out)
			}
		})
	}
}

// A kita in a game of four, a kita of another tile, a call from the empty
// seat's side that no discard matches and tiles for the empty seat are
// errors that name the place.
func TestTenhou6ThreePlayersRefused(t *testing.T) {
	four := strings.Replace(sanma6("般南喰赤", "D",
		`[44,12]`, `["f44",41]`, `[]`, `[]`, `[]`, `[]`),
		`[],[],[],["全員不聴"]`, `[11,11,11,11,19,19,19,19,21,21,21,21,29],[],[],["全員不聴"]`, 1)
	for _, tc := range []struct{ name, doc, want string }{
		{"kita with four players", four, "three-player only"},
		{"kita of an east", sanma6("三般南喰赤", "", `[41,12]`, `["f41",41]`, `[]`, `[]`, `[]`, `[]`), "only a north"},
		{"pon from the next player written first", sanma6("三般南喰赤", "",
			`[12,13]`, `[41,60]`, `[]`, `[]`, `["p414141"]`, `[42]`), "never reached in play"},
		{"tiles for the empty seat", strings.Replace(sanma6("三般南喰赤", "", `[12]`, `[41]`, `[]`, `[]`, `[]`, `[]`),
			`[],[],[],["全員不聴"]`, `[11],[],[],["全員不聴"]`, 1), "seat 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTenhou6(strings.NewReader(tc.doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// Final standings of three players come as eight numbers (Tenhou: the
// fourth seat 0, 0) or six.
func TestTenhou6ThreePlayerFinal(t *testing.T) {
	doc := sanma6("三般南喰赤", "", `[12]`, `[41]`, `[]`, `[]`, `[]`, `[]`)
	for _, sc := range []string{`[40000,10,35000,-5,30000,-5,0,0]`, `[40000,10,35000,-5,30000,-5]`} {
		g, err := ReadTenhou6(strings.NewReader(strings.Replace(doc, `{"name"`, `{"sc":`+sc+`,"name"`, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if g.Final == nil || g.Final.Scores != [4]int{40000, 35000, 30000, 0} || g.Final.Points != [4]float64{10, -5, -5, 0} {
			t.Fatalf("sc %s read as %+v", sc, g.Final)
		}
	}
}
