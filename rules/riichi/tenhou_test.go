package riichi_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// The spec's E14 (daisangen ron by a third player at 1 honba, North
// liable) under Tenhou's rules: the honba moves to the liable player, as
// a real Tenhou record has it (discarder 16,000, liable 16,300).
func TestPaoHonbaOnTheLiablePlayer(t *testing.T) {
	for _, tt := range []struct {
		o    riichi.Options
		pays map[riichi.Wind]int
	}{
		{riichi.SeedRules(), map[riichi.Wind]int{riichi.East: 16300, riichi.North: 16000}},
		{riichi.TenhouRules(), map[riichi.Wind]int{riichi.East: 16000, riichi.North: 16300}},
	} {
		w := mustWin(t, "(pon 555z<1)(pon 666z<2)(pon 777z<1) 234m99p", "9p")
		w.Seat, w.From, w.Honba = riichi.West, riichi.East, 1
		w.Pao = riichi.Pao{Yaku: riichi.Daisangen, Liable: riichi.North}
		res, err := riichi.Score(w, tt.o)
		if err != nil {
			t.Fatal(err)
		}
		got := map[riichi.Wind]int{}
		for _, p := range res.Payments {
			got[p.From] += p.Total()
		}
		if len(got) != len(tt.pays) || got[riichi.East] != tt.pays[riichi.East] || got[riichi.North] != tt.pays[riichi.North] {
			t.Errorf("pao_honba %q: payments %v, want %v", tt.o.PaoHonba, got, tt.pays)
		}
	}
	o := riichi.SeedRules()
	o.PaoHonba = "winner"
	if err := o.Validate(); !errors.Is(err, riichi.ErrOptions) || !strings.Contains(err.Error(), "pao_honba") {
		t.Errorf("pao_honba winner: %v", err)
	}
}

// swapTo puts a tile of face s at wall position pos, taking it from the
// live wall past the deal and the first draws.
func swapTo(t *testing.T, w []tile.Tile, pos int, s string) {
	t.Helper()
	f := tile.MustParse(s)[0]
	for j := 70; j < len(w)-14; j++ {
		if w[j].Kind == f.Kind && !w[j].Red {
			w[j], w[pos] = w[pos], w[j]
			return
		}
	}
	t.Fatalf("no %s in the live wall", s)
}

// An open kong's replacement tile wins: under the seed rules (D-RI-06) the
// kong's indicator is turned before scoring and counts; under Tenhou's it
// turns only after the replacement's discard, so it does not.
func TestKanDoraOnAReplacementWin(t *testing.T) {
	for _, tt := range []struct {
		preset string
		han    int // rinshan 1, plus 2 dora for the pair of 8s under 7s
		shown  int // indicators turned when the hand ends; -1 not checked
	}{
		{"seed", 3, -1},
		{"tenhou", 1, 1},
	} {
		o, err := riichi.TablePreset(tt.preset)
		if err != nil {
			t.Fatal(err)
		}
		o.RedFives = 0
		rs, err := riichi.New(o)
		if err != nil {
			t.Fatal(err)
		}
		g, err := tablecore.New(rs, 0)
		if err != nil {
			t.Fatal(err)
		}
		w, err := tablecoretest.Wall(rs.Rules().Set, []string{
			"19p1234567z19m19s2m", // dealer: discards 9p
			"999p234m678m234s8s",  // calls the kong, wins on the 8s replacement
			"2468m2468p2468s6z",
			"1357m1357p1357s7z",
		}, "", "8s")
		if err != nil {
			t.Fatal(err)
		}
		n := len(w)
		swapTo(t, w, n-6, "1z") // the first indicator: dora 2z, not held
		swapTo(t, w, n-8, "7s") // the kong's: dora 8s, the winner's pair
		if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
			t.Fatal(err)
		}
		do(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: find(t, g, 0, "9p")})
		var kan game.Action
		for _, a := range g.Legal(1) {
			if a.Kind == game.OpenKan {
				kan = a
			}
		}
		if kan.Kind != game.OpenKan {
			t.Fatalf("%s: seat 1 may not call the kong: %v", tt.preset, g.Legal(1))
		}
		do(t, g, kan)
		for g.Hand().Phase == game.Claims {
			for s := range 4 {
				if g.Hand().Phase == game.Claims && !g.Hand().Claim.Responses[s].Answered {
					if _, err := g.Apply(game.Action{Kind: game.Pass, Seat: game.Seat(s)}); err != nil {
						break
					}
				}
			}
		}
		if d := next(t, g); d.Kind != tile.MustParse("8s")[0].Kind {
			t.Fatalf("%s: replacement %s, want 8s", tt.preset, d)
		}
		do(t, g, game.Action{Kind: game.Tsumo, Seat: 1})
		h := g.Hand()
		if len(h.Wins) != 1 || h.Wins[0].Value.Han != tt.han {
			t.Errorf("%s: win %+v, want %d han", tt.preset, h.Wins, tt.han)
		}
		if tt.shown >= 0 && len(h.Indicators) != tt.shown {
			t.Errorf("%s: %d indicators turned, want %d", tt.preset, len(h.Indicators), tt.shown)
		}
	}
}

func TestTenhouTable(t *testing.T) {
	jst := time.FixedZone("JST", 9*3600)
	// 0x00a9: 鳳南喰赤, a hanchan with red fives and open tanyao.
	o, err := riichi.TenhouTable(0xa9, time.Date(2017, 6, 2, 14, 0, 0, 0, jst))
	if err != nil || o.Length != "hanchan" || o.RedFives != 3 || !o.Kuitan || !o.TenpaiYame || !o.AgariYame || o.PaoHonba != riichi.PaoHonbaLiable {
		t.Errorf("0xa9 2017: %+v %v", o, err)
	}
	// Before June 2010 the last dealer ready in first place played on.
	o, err = riichi.TenhouTable(0x01, time.Date(2009, 12, 2, 21, 0, 0, 0, jst))
	if err != nil || o.Length != "tonpuusen" || o.TenpaiYame || !o.AgariYame {
		t.Errorf("0x01 2009: %+v %v", o, err)
	}
	// 0x07: no red fives, no open tanyao.
	if o, err = riichi.TenhouTable(0x07, time.Time{}); err != nil || o.RedFives != 0 || o.Kuitan {
		t.Errorf("0x07: %+v %v", o, err)
	}
	// 0x19: 般南喰赤, three players.
	if o, err = riichi.TenhouTable(0x19, time.Time{}); err != nil || o.Players != 3 || o.RedFives != 2 || o.StartingPoints != 35000 || o.Length != "hanchan" {
		t.Errorf("0x19: %+v %v", o, err)
	}
	if typ, ok := riichi.TenhouType(o); !ok || typ != 0x19 {
		t.Errorf("TenhouType(0x19's options) = %#x, %v", typ, ok)
	}
	for typ, want := range map[int]string{0x641: "chips", 0x1009: "unknown"} {
		if _, err := riichi.TenhouTable(typ, time.Time{}); !errors.Is(err, riichi.ErrOptions) || !strings.Contains(err.Error(), want) {
			t.Errorf("type %#x: %v, want an error naming %q", typ, err, want)
		}
	}
	// The flags back from options.
	o, _ = riichi.TenhouTable(0x0b, time.Time{})
	if typ, ok := riichi.TenhouType(o); !ok || typ != 0x0b {
		t.Errorf("TenhouType(0x0b's options) = %#x, %v", typ, ok)
	}
	seed, _ := riichi.TablePreset("seed")
	if _, ok := riichi.TenhouType(seed); ok {
		t.Errorf("the seed preset is not a Tenhou lobby")
	}
}

// South 4, the dealer ready in first place at an exhaustive draw: the game
// stops under today's Tenhou rules and goes on under 2009's.
func TestTenpaiYameByEra(t *testing.T) {
	jst := time.FixedZone("JST", 9*3600)
	for _, tt := range []struct {
		date time.Time
		over bool
	}{
		{time.Date(2010, 5, 20, 12, 0, 0, 0, jst), false},
		{time.Date(2010, 8, 17, 9, 0, 0, 0, jst), true},
	} {
		o, err := riichi.TenhouTable(0xa9, tt.date)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := riichi.New(o)
		if err != nil {
			t.Fatal(err)
		}
		h := &game.Hand{Players: 4, Dealer: 3, Round: tile.South, Number: 3,
			Scores: []int{20000, 25000, 20000, 35000},
			End:    &game.End{Kind: game.Exhausted, Ready: []bool{false, false, false, true}}}
		s := game.Standing{Dealer: 3, Round: tile.South, Number: 3, Scores: h.Scores}
		if _, over := rs.Next(s, h); over != tt.over {
			t.Errorf("%s: over %v, want %v", tt.date.Format("2006-01-02"), over, tt.over)
		}
		why := rs.WhyOver(h)
		if tt.over != (why != "") || tt.over && !strings.Contains(why, "tenpai yame") {
			t.Errorf("%s: WhyOver %q", tt.date.Format("2006-01-02"), why)
		}
	}
}

// West 2 of a Tenhou hanchan (sudden death): a child passes 30,000 while
// the dealer is ready at the draw and not first, so the dealer repeats and
// the game goes on (Tenhou's rule); with nobody repeating it would end.
func TestExtensionRoundDealerRepeatsFirst(t *testing.T) {
	rs, err := riichi.New(mustTable(t, "tenhou"))
	if err != nil {
		t.Fatal(err)
	}
	scores := []int{31000, 29000, 20000, 20000}
	for _, tt := range []struct {
		ready []bool
		over  bool
	}{
		{[]bool{true, true, false, false}, false}, // dealer (seat 1) ready: repeats
		{[]bool{true, false, false, false}, true}, // dealer noten: seat 0's 31,000 ends it
	} {
		h := &game.Hand{Players: 4, Dealer: 1, Round: tile.West, Number: 1, Scores: scores,
			End: &game.End{Kind: game.Exhausted, Ready: tt.ready}}
		if _, over := rs.Next(game.Standing{Dealer: 1, Round: tile.West, Number: 1, Scores: scores}, h); over != tt.over {
			t.Errorf("ready %v: over %v, want %v", tt.ready, over, tt.over)
		}
	}
}

func mustTable(t *testing.T, preset string) riichi.TableOptions {
	t.Helper()
	o, err := riichi.TablePreset(preset)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
