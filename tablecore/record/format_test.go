package record

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/tile"
)

func tl(s string) []tile.Tile { return tile.MustParse(s) }

func faces(ts []tile.Tile) string { return tile.Format(ts) }

// Call strings from TENHOU6_FORMAT.md §1.4.
func TestParseT6Meld(t *testing.T) {
	for _, tc := range []struct {
		s, letters string
		typ        tile.MeldType
		from       int
		tiles      string // claimed first, then the hand's tiles, added last
	}{
		{"c121314", "cpm", tile.Chi, 3, "2m 3m 4m"},
		{"c275226", "cpm", tile.Chi, 3, "7p 0p 6p"},
		{"p414141", "cpm", tile.Pon, 3, "1z 1z 1z"},
		{"41p4141", "cpm", tile.Pon, 2, "1z 1z 1z"},
		{"4141p41", "cpm", tile.Pon, 1, "1z 1z 1z"},
		{"25p2552", "cpm", tile.Pon, 2, "5p 5p 0p"},
		{"m39393939", "cpm", tile.Kan, 3, "9s 9s 9s 9s"},
		{"39m393939", "cpm", tile.Kan, 2, "9s 9s 9s 9s"},
		{"393939m39", "cpm", tile.Kan, 1, "9s 9s 9s 9s"},
		{"k51151515", "ka", tile.AddedKan, 3, "5m 5m 5m 0m"},
		{"45k454545", "ka", tile.AddedKan, 2, "5z 5z 5z 5z"},
		{"4545k4545", "ka", tile.AddedKan, 1, "5z 5z 5z 5z"},
		{"151515a51", "ka", tile.ClosedKan, 0, "5m 5m 5m 0m"},
	} {
		t.Run(tc.s, func(t *testing.T) {
			m, err := parseT6Meld(tc.s, tc.letters)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range m.Tiles {
				got = append(got, x.String())
			}
			if m.Type != tc.typ || m.From != tc.from || strings.Join(got, " ") != tc.tiles {
				t.Fatalf("got %s from %d tiles %v, want %s from %d tiles %s", m.Type, m.From, got, tc.typ, tc.from, tc.tiles)
			}
			if back := formatT6Meld(m, 3-m.From); back != tc.s {
				t.Fatalf("written back as %q", back)
			}
		})
	}
	for _, bad := range []string{"", "c12131", "x121314", "p4141", "c121315", "p414142", "1pp41414", "c1213145", "m414141", "a41414141", "c9899", "k4141p41"} {
		if m, err := parseT6Meld(bad, "cpm"); err == nil {
			t.Errorf("%q parsed as %v", bad, m)
		}
	}
}

// Point strings from §1.5.
func TestParseT6Points(t *testing.T) {
	for _, tc := range []struct {
		s             string
		fu, han, pts  int
		limit         Limit
		who, from, dl int
		players       int
	}{
		{"30符1飜1000点", 30, 1, 1000, NoLimit, 1, 0, 0, 4},
		{"40符2飜700-1300点", 40, 2, 2700, NoLimit, 1, 1, 0, 4},
		{"30符2飜1000点∀", 30, 2, 3000, NoLimit, 0, 0, 0, 4},
		{"満貫8000点", 0, 0, 8000, Mangan, 2, 1, 0, 4},
		{"跳満3000-6000点", 0, 0, 12000, Haneman, 2, 2, 0, 4},
		{"倍満8000点∀", 0, 0, 24000, Baiman, 3, 3, 3, 4},
		{"三倍満24000点", 0, 0, 24000, Sanbaiman, 0, 1, 2, 4},
		{"役満48000点∀", 0, 0, 144000, Yakuman, 1, 1, 1, 4},
		{"30符1飜300-500点", 30, 1, 1100, NoLimit, 1, 1, 0, 4},
		// Three players (seat 3 empty): one fewer payer. Sums by hand:
		// a dealer's mangan tsumo 2 × 4,000; a non-dealer's 2,000 from
		// the other non-dealer and 4,000 from the dealer; base 240
		// (30 fu 1 han) rounds to 300 and 500, base 320 (40 fu 1 han) to
		// 400 and 700.
		{"満貫4000点∀", 0, 0, 8000, Mangan, 0, 0, 0, 3},
		{"満貫2000-4000点", 0, 0, 6000, Mangan, 2, 2, 0, 3},
		{"30符1飜300-500点", 30, 1, 800, NoLimit, 1, 1, 0, 3},
		{"40符1飜400-700点", 40, 1, 1100, NoLimit, 2, 2, 1, 3},
		{"30符2飜1000点∀", 30, 2, 2000, NoLimit, 1, 1, 1, 3},
	} {
		w := Win{Who: tc.who, From: tc.from}
		if err := parseT6Points(&w, tc.s, tc.players); err != nil {
			t.Errorf("%s: %v", tc.s, err)
			continue
		}
		if w.Fu != tc.fu || w.Han != tc.han || w.Points != tc.pts || w.Limit != tc.limit {
			t.Errorf("%s: fu %d han %d points %d limit %v", tc.s, w.Fu, w.Han, w.Points, w.Limit)
		}
		if back := formatT6Points(&w, tc.dl, tc.players); back != tc.s {
			t.Errorf("%s written back as %s", tc.s, back)
		}
	}
	for _, bad := range []string{"", "1000", "30符1000点", "符飜点", "満貫-点", "役満1-2点∀", "x符1飜1000点"} {
		var w Win
		if err := parseT6Points(&w, bad, 4); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// mjlog meld codes built by hand from the bit layout in §2.
func TestDecodeMjMeld(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    int
		typ  tile.MeldType
		from int
		ids  []int
	}{
		// chi 3p4p5p, 4p claimed: t = (1*7+2)*3+1 = 28; copies 2, 0, 1.
		{"chi", 28<<10 | 1<<7 | 0<<5 | 2<<3 | 0x4 | 3, tile.Chi, 3, []int{48, 46, 53}},
		// pon of white (kind 31) from toimen, copy 2 unused, first claimed.
		{"pon", (31*3+0)<<9 | 2<<5 | 0x8 | 2, tile.Pon, 2, []int{124, 125, 127}},
		{"kakan", (31*3+2)<<9 | 2<<5 | 0x10 | 1, tile.AddedKan, 1, []int{127, 124, 125, 126}},
		{"ankan", 108 << 8, tile.ClosedKan, 0, []int{108, 109, 110, 111}},
		{"daiminkan", 109<<8 | 1, tile.Kan, 1, []int{109, 108, 110, 111}},
	} {
		ids, m, err := decodeMjMeld(tc.m)
		if err != nil || m.Type != tc.typ || m.From != tc.from || !slices.Equal(ids, tc.ids) {
			t.Errorf("%s (m=%d): %v %v from %d, err %v; want %v %v from %d", tc.name, tc.m, ids, m.Type, m.From, err, tc.ids, tc.typ, tc.from)
		}
	}
	for _, bad := range []int{-1, 1 << 20, 0x20, 21*3<<10 | 0x4, 34*3<<9 | 0x8, 136 << 8} {
		if ids, _, err := decodeMjMeld(bad); err == nil {
			t.Errorf("m=%d decoded as %v", bad, ids)
		}
	}
}

// A hand written for this test: a pon from across, a riichi by
// tsumogiri, a chi of the riichi tile, and a ron.
const handT6 = `{"title":["test",""],"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
[0,0,0],[25000,25000,25000,25000],[13],[],
[11,15,16,17,18,19,21,22,23,24,25,26,27],[11,12],[41,"r60"],
[31,32,33,34,35,36,37,38,39,42,43,44,45],["c121314"],[29],
[41,41,21,22,23,24,25,26,27,28,29,31,32],["41p4141",22],[19,38],
[11,12,13,14,15,16,17,18,19,21,22,23,24],[21],[60],
["和了",[0,0,-1000,1000],[3,2,3,"30符1飜1000点","役牌 白(1飜)"]]]]}`

func TestTenhou6Interleave(t *testing.T) {
	g, err := ReadTenhou6(strings.NewReader(handT6))
	if err != nil {
		t.Fatal(err)
	}
	h := &g.Hands[0]
	var got []string
	for _, a := range h.Actions {
		got = append(got, a.String())
	}
	want := []string{
		"seat 0 draws 1m", "seat 0 discards 1z",
		"seat 2 calls (pon 111z<2)", "seat 2 discards 9m",
		"seat 3 draws 1p", "seat 3 discards 1p (tsumogiri)",
		"seat 0 draws 2m", "seat 0 declares riichi", "seat 0 discards 2m (tsumogiri)",
		"seat 1 calls (chi 234m<3)", "seat 1 discards 9p",
		"seat 2 draws 2p", "seat 2 discards 8s",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("actions\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if h.RiichiPaid() != [4]bool{true, false, false, false} {
		t.Errorf("RiichiPaid = %v", h.RiichiPaid())
	}
	if h.Deltas() != [4]int{-1000, 0, -1000, 1000} {
		t.Errorf("Deltas = %v", h.Deltas())
	}
	w := h.Result.Wins[0]
	if w.Who != 3 || w.From != 2 || w.Pao != -1 || w.Points != 1000 || w.Yaku[0].ID != 18 {
		t.Errorf("win %+v", w)
	}
}

// A riichi discard that is ronned pays no stick (§1.6).
func TestRiichiRonned(t *testing.T) {
	h := Hand{
		Actions: []Action{{Type: Draw, Seat: 0}, {Type: Riichi, Seat: 0}, {Type: Discard, Seat: 0}},
		Result:  Result{Wins: []Win{{Who: 1, From: 0, Deltas: [4]int{-1000, 1000, 0, 0}}}},
	}
	if h.RiichiPaid()[0] {
		t.Error("a ronned riichi discard paid its stick")
	}
	if h.Deltas() != [4]int{-1000, 1000, 0, 0} {
		t.Errorf("Deltas = %v", h.Deltas())
	}
}

const handMjlog = `<mjloggm ver="2.3"><GO type="169" lobby="0"/>` +
	`<UN n0="%E3%81%82" n1="b" n2="c" n3="d" dan="16,20,0,9" rate="2000.5,1500,1500,1500" sx="M,F,M,C"/><TAIKYOKU oya="0"/>` +
	`<INIT seed="0,0,0,1,2,52" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>` +
	`<T100/><D100/><U101/><E102/><V103/><REACH who="2" step="1"/><F103/><REACH who="2" step="2" ten="250,250,240,250"/>` +
	`<N who="3" m="26371"/><DORA hai="60"/><W108/><G110/>` +
	`<AGARI ba="0,1" hai="0,1,2" machi="110" ten="30,1000,0" yaku="18,1,52,0" doraHai="52,60" who="0" fromWho="3" sc="250,20,250,0,240,0,250,-10" owari="270,20.0,250,5.0,240,-10.0,240,-15.0"/></mjloggm>`

func TestMjlogSnippet(t *testing.T) {
	pretty := "<!-- hand-written -->\n" + strings.NewReplacer("><", ">\n    <", `" `, "\"\n        ").Replace(handMjlog)
	var games []*Game
	for _, src := range []string{handMjlog, pretty} {
		g, err := ReadMjlog(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if d := diffGames(games[0], games[1], false); d != "" {
		t.Fatalf("one-line and pretty-printed differ: %s", d)
	}
	g := games[0]
	if g.Players[0].Name != "あ" || g.Players[0].Dan != "七段" || g.Players[1].Dan != "天鳳" || g.Players[0].Rate != 2000.5 || g.Players[3].Sex != "C" {
		t.Errorf("players %+v", g.Players)
	}
	if g.Rules.Label != "鳳南喰赤" || !g.Rules.Hanchan || !g.Rules.OpenTanyao || g.Rules.Red != [3]bool{true, true, true} {
		t.Errorf("rules %+v", g.Rules)
	}
	h := &g.Hands[0]
	if len(h.Dora) != 2 || h.Dora[0].String() != "0p" || h.Dora[1].String() != "7p" {
		t.Errorf("dora %v, want 0p 7p (ids 52, 60)", h.Dora)
	}
	if !h.Deal[1][3].Red || !h.Dora[0].Red {
		t.Errorf("id 16 and 52 are red with reds on: %v %v", h.Deal[1][3], h.Dora[0])
	}
	var got []string
	for _, a := range h.Actions {
		got = append(got, a.String())
	}
	want := []string{
		"seat 0 draws 8s", "seat 0 discards 8s (tsumogiri)",
		"seat 1 draws 8s", "seat 1 discards 8s",
		"seat 2 draws 8s", "seat 2 declares riichi", "seat 2 discards 8s (tsumogiri)",
		"seat 3 calls (kan 8888s<3)", "seat 3 draws 1z", "seat 3 discards 1z",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("actions\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	w := h.Result.Wins[0]
	if w.Who != 0 || w.From != 3 || w.Fu != 30 || w.Points != 1000 || w.Han != 1 || w.Deltas != [4]int{2000, 0, 0, -1000} ||
		len(w.Yaku) != 2 || w.Yaku[0].Name != "役牌 白" || w.Yaku[1].Name != "ドラ" {
		t.Errorf("win %+v", w)
	}
	if g.Final == nil || g.Final.Scores != [4]int{27000, 25000, 24000, 24000} || g.Final.Points[3] != -15 {
		t.Errorf("final %+v", g.Final)
	}
	// Written as tenhou6 and read back: the same game, by face.
	var buf bytes.Buffer
	if err := WriteTenhou6(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTenhou6(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffGames(g, back, true); d != "" {
		t.Fatal(d)
	}
}

// Errors name the format, the hand and the place.
func TestErrorsNamePlace(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		read      func(string) error
		want      []string
	}{
		{"bad call", strings.Replace(handT6, `"c121314"`, `"c121399"`, 1), readT6, []string{"tenhou6", "hand 0", "seat 1 takes[0]", "c121399"}},
		{"tsumogiri first", strings.Replace(handT6, `[29]`, `[60]`, 1), readT6, []string{"hand 0", "seat 1 discards[0]", "tsumogiri"}},
		{"left over", strings.Replace(handT6, `[29]`, `[29,11]`, 1), readT6, []string{"hand 0", "seat 1 discards[1]", "never reached"}},
		{"bad tile", strings.Replace(handMjlog, "<U101/>", "<U136/>", 1), readMj, []string{"mjlog", "hand 0", "<U136>", "out of range"}},
		{"wrong claim", strings.Replace(handMjlog, `m="26371"`, `m="26369"`, 1), readMj, []string{"mjlog", "<N>", "last discard"}},
		{"truncated", handMjlog[:len(handMjlog)/2], readMj, []string{"mjlog"}},
	} {
		err := tc.read(tc.src)
		if !errors.Is(err, ErrFormat) {
			t.Errorf("%s: error %v, want ErrFormat", tc.name, err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", tc.name, err, w)
			}
		}
	}
}

func readT6(s string) error { _, err := ReadTenhou6(strings.NewReader(s)); return err }
func readMj(s string) error { _, err := ReadMjlog(strings.NewReader(s)); return err }
