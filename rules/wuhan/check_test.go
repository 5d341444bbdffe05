package wuhan_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

// handAt builds a 4-player hand whose indicator is a 4p (wildcard 5p) and
// whose wall has left drawable tiles.
func handAt(t *testing.T, left int) *game.Hand {
	t.Helper()
	set, _ := tile.Standard(0)
	w := set.Tiles()
	ind := -1
	for i, x := range w {
		if x.Kind == tile.P4 {
			ind = i
			break
		}
	}
	h := &game.Hand{Players: 4, Dealer: 0, Seats: make([]game.Player, 4), Indicators: []int{ind}, Phase: game.ToAct}
	h.Wall = game.Wall{Tiles: w, Known: make([]bool, len(w)), Reserve: 10, Head: len(w) - 10 - left}
	return h
}

func tiles(t *testing.T, s string) []tile.Tile {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestKongsNearTheEndAndAfterCalls(t *testing.T) {
	rs, err := wuhan.New(wuhan.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	red := tiles(t, "7z")[0]
	kong := game.Action{Kind: game.SingleKan, Seat: 0, Tile: red}
	for left, ok := range map[int]bool{5: true, 4: false, 20: true} {
		h := handAt(t, left)
		h.Seats[0].Hand = tiles(t, "123m456m789m12p7z")
		err := rs.Check(h, kong)
		if ok != (err == nil) || !ok && !errors.Is(err, game.ErrIllegal) {
			t.Errorf("R = %d: %v (DEC-09)", left+10, err)
		}
	}
	// DEC-08: no kong right after a pon, unless kong_after_call.
	h := handAt(t, 30)
	h.Log = []game.Action{{Kind: game.Discard, Seat: 1}, {Kind: game.Pon, Seat: 0}, {Kind: game.Pass, Seat: 2}, {Kind: game.Pass, Seat: 0}}
	if err := rs.Check(h, kong); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("kong after a pon: %v", err)
	}
	o := wuhan.Defaults()
	o.KongAfterCall = true
	loose, _ := wuhan.New(o)
	if err := loose.Check(h, kong); err != nil {
		t.Errorf("kong after a pon with kong_after_call: %v", err)
	}
	// Pon of a discarded 發, and a pon using the wildcard at face value.
	for _, a := range []game.Action{
		{Kind: game.Pon, Seat: 2, Tile: tiles(t, "6z")[0], Uses: tiles(t, "6z6z")},
		{Kind: game.Pon, Seat: 2, Tile: tiles(t, "5p")[0], Uses: tiles(t, "5p5p")},
		{Kind: game.Chi, Seat: 2, Tile: tiles(t, "4p")[0], Uses: tiles(t, "3p5p")},
		{Kind: game.ClosedKan, Seat: 0, Tile: tiles(t, "5p")[0], Uses: tiles(t, "5p5p5p")},
		{Kind: game.Riichi, Seat: 0, Tile: red},
	} {
		if err := rs.Check(h, a); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s: %v", a, err)
		}
	}
}

func TestSeabedWinThroughTheRuleset(t *testing.T) {
	// D8 as the referee would hand it over: the winner drew 8p from the
	// head with 3 drawable tiles left (the 海底撈 phase).
	rs, _ := wuhan.New(wuhan.Defaults())
	h := handAt(t, 3)
	h.Seats[0].Melds = ms(t, "(pon 111s<1)")
	h.Seats[0].Hand = tiles(t, "999m333p11z5p8p8p")
	h.Seats[2].Melds = ms(t, opened)
	h.Seats[3].Melds = ms(t, opened+ankan)
	h.Log = []game.Action{{Kind: game.Draw, Seat: 0, Tile: tiles(t, "8p")[0]}}
	w, err := rs.Win(h, game.Action{Kind: game.Tsumo, Seat: 0})
	if err != nil {
		t.Fatal(err)
	}
	if w.Value.Points != 5+10+40 || len(w.Payments) != 3 {
		t.Fatalf("%d received, payments %v (%s)", w.Value.Points, w.Payments, w.Value.Summary)
	}
	// The same draw with 4 left is an ordinary self-draw: 碰碰胡 only.
	h.Wall.Head--
	if w, err := rs.Win(h, game.Action{Kind: game.Tsumo, Seat: 0}); err != nil || w.Value.Points != 3+6+24 {
		t.Fatalf("ordinary draw: %v %v", w.Value, err)
	}
	// A player who fouled cannot win (W8).
	h.Fouls = []game.Foul{{Action: game.Action{Kind: game.Draw, Seat: 0}, Reason: "drew out of turn"}}
	if _, err := rs.Win(h, game.Action{Kind: game.Tsumo, Seat: 0}); !errors.Is(err, wuhan.ErrDead) {
		t.Fatalf("dead hand: %v", err)
	}
}

// TestPaymentsAreZeroSum: whatever the payers' fan, the winner receives
// exactly what the payers pay, nobody pays a negative amount, and under 包
// only the liable player pays.
func TestPaymentsAreZeroSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	extras := []string{"", opened, ankan, opened + ankan, "(kan 3333z<1)"}
	specials := []string{"", "7z", "5p", "6z7z5p", "5p5p"}
	winners := []struct {
		w    wuhan.Player
		tile string
		way  wuhan.Way
		from game.Seat
	}{
		{win(t, false, "(chi 123m<3)(pon 555m<1)(pon 999m<2)", "46m5p8m", ""), "8m", wuhan.BySelfDraw, game.NoSeat},
		{win(t, false, "(chi 123m<3)", "456m789s234p8m", ""), "8m", wuhan.ByDiscard, 2},
		{win(t, false, "(pon 111s<1)", "999m333p11z5p8p", ""), "8p", wuhan.BySelfDraw, game.NoSeat},
		{win(t, false, "(chi 123m<3)", "456m789s24p88m", ""), "3p", wuhan.ByRobbing, 1},
	}
	checked := 0
	for i := 0; i < 400; i++ {
		x := winners[rng.IntN(len(winners))]
		ps := []wuhan.Player{x.w}
		for range 3 {
			ps = append(ps, payer(t, false, extras[rng.IntN(len(extras))], specials[rng.IntN(len(specials))]))
		}
		ps[rng.IntN(4)].Dealer = true
		o := wuhan.Defaults()
		o.StakeDivisor = []int{10, 20}[rng.IntN(2)]
		r, err := wuhan.Score(o, situation(t, "4p", 0, x.tile, x.way, x.from, ps...))
		if errors.Is(err, wuhan.ErrThreshold) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		checked++
		paid, payers := 0, 0
		for _, p := range r.Payments(0) {
			if p.Amount < 0 || p.To != 0 || p.From == 0 {
				t.Fatalf("payment %+v", p)
			}
			paid += p.Amount
			payers++
		}
		if paid != r.Money {
			t.Fatalf("paid %d, received %d", paid, r.Money)
		}
		if r.Bao != game.NoSeat && payers > 1 {
			t.Fatalf("包 on %d but %d payers", r.Bao, payers)
		}
	}
	if checked < 100 {
		t.Fatalf("only %d legal wins checked", checked)
	}
}

func BenchmarkScore(b *testing.B) {
	s := situation(b, "4p", 0, "3m", wuhan.BySelfDraw, game.NoSeat,
		win(b, false, "(pon 222s<1)(pon 555m<2)(pon 888p<3)", "222p5p", ""),
		payer(b, false, opened, ""), payer(b, false, "", "5p"), payer(b, true, ankan, "7z"))
	o := wuhan.Defaults()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := wuhan.Score(o, s); err != nil {
			b.Fatal(err)
		}
	}
}
