package mcr_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func newRuleset(t *testing.T, o mcr.Options) *mcr.Ruleset {
	t.Helper()
	r, err := mcr.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// deal starts a game with the dealer at seat 0 and hands[i] for seat i.
func deal(t *testing.T, r *mcr.Ruleset, hands []string, draws, tail string) *tablecore.Game {
	t.Helper()
	g, err := tablecore.New(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(r.Rules().Set, hands, draws, tail)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	return g
}

func held(t *testing.T, g *tablecore.Game, seat game.Seat, s string) tile.Tile {
	t.Helper()
	k := tile.MustParse(s)[0].Kind
	for _, x := range g.Hand().Seats[seat].Hand {
		if x.Kind == k {
			return x
		}
	}
	t.Fatalf("seat %d holds no %s: %s", seat, s, tile.Format(g.Hand().Seats[seat].Hand))
	return tile.Tile{}
}

func do(t *testing.T, g *tablecore.Game, a game.Action) {
	t.Helper()
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
}

// drawNext draws the tile the wall holds for seat and returns it.
func drawNext(t *testing.T, g *tablecore.Game, seat game.Seat) tile.Tile {
	t.Helper()
	for _, a := range g.Legal(seat) {
		if a.Kind == game.Draw {
			do(t, g, a)
			return a.Tile
		}
	}
	t.Fatalf("seat %d may not draw (phase %s, turn %d)", seat, g.Hand().Phase, g.Hand().Turn)
	return tile.Tile{}
}

// passOthers passes every unanswered claim but seat's.
func passOthers(t *testing.T, g *tablecore.Game, seat game.Seat) {
	t.Helper()
	h := g.Hand()
	for s, r := range h.Claim.Responses {
		if h.Phase == game.Claims && !r.Answered && game.Seat(s) != seat {
			do(t, g, game.Action{Kind: game.Pass, Seat: game.Seat(s)})
		}
	}
}

func discard(t *testing.T, g *tablecore.Game, seat game.Seat, s string) {
	t.Helper()
	do(t, g, game.Action{Kind: game.Discard, Seat: seat, Tile: held(t, g, seat, s)})
}

// flowerHands: seats 0 and 1 are dealt a flower; seat 1 ends up with
// 123m 456p 789s 77z 45s (花龙, waiting on 3s and 6s); seat 2 holds 66s.
var flowerHands = []string{
	"1f6s1m9m1p9p1z2z3z4z5z6z2m8m",
	"2f123m456p789s77z4s",
	"66s3m3m5m5m7m7m2p2p3p3p8p",
	"9m9m9p1s1s2s3s8s8s9s1z2z3z",
}

func setupFlowers(t *testing.T, g *tablecore.Game) {
	t.Helper()
	h := g.Hand()
	for _, s := range []game.Seat{0, 1} {
		if h.Phase != game.Setup || h.Turn != s {
			t.Fatalf("phase %s turn %d, want seat %d's flower first", h.Phase, h.Turn, s)
		}
		do(t, g, game.Action{Kind: game.Flower, Seat: s, Tile: h.Seats[s].Hand[0]})
		drawNext(t, g, s)
	}
	if h.Phase != game.ToAct || h.Turn != 0 {
		t.Fatalf("phase %s turn %d after the flowers, want the dealer to act", h.Phase, h.Turn)
	}
}

// A whole hand with flowers through the referee: flowers replaced from
// the tail, a pung that puts three 6s in view, and a win on the fourth:
// 和绝张 comes from the table, not from the winner's word.
func TestHandWithFlowersAndLastTile(t *testing.T) {
	r := newRuleset(t, mcr.Official())
	g := deal(t, r, flowerHands, "6s", "9p5s")
	setupFlowers(t, g)
	h := g.Hand()
	discard(t, g, 0, "6s")
	do(t, g, game.Action{Kind: game.Pass, Seat: 1}) // no furiten: seat 1 may still win later
	two := h.Seats[2].Hand
	var uses []tile.Tile
	for _, x := range two {
		if x.Kind == tile.S6 {
			uses = append(uses, x)
		}
	}
	do(t, g, game.Action{Kind: game.Pon, Seat: 2, Tile: h.Claim.Tile, Uses: uses})
	passOthers(t, g, 2)
	if h.Phase != game.ToAct || h.Turn != 2 {
		t.Fatalf("phase %s turn %d, want seat 2 to discard after its pung", h.Phase, h.Turn)
	}
	discard(t, g, 2, "8p")
	passOthers(t, g, -1)
	if got := drawNext(t, g, 3); got.Kind != tile.S6 {
		t.Fatalf("seat 3 drew %s, want the fourth 6s", got)
	}
	discard(t, g, 3, "6s")
	win := game.Action{Kind: game.Ron, Seat: 1, Tile: h.Claim.Tile}
	do(t, g, win)
	passOthers(t, g, 1)
	if h.Phase != game.Over || len(h.Wins) != 1 {
		t.Fatalf("phase %s, %d wins", h.Phase, len(h.Wins))
	}
	w := h.Wins[0]
	if w.Value.Points != 16 {
		t.Errorf("worth %d (%v), want 16: 花龙 8, 和绝张 4, 门前清 2, 喜相逢 1, 花牌 1", w.Value.Points, w.Value.Items)
	}
	found := false
	for _, it := range w.Value.Items {
		found = found || it.Name == "和绝张"
	}
	if !found {
		t.Errorf("和绝张 not scored: %v", w.Value.Items)
	}
	want := []int{-8, 16 + 24, -8, -24}
	for s, v := range want {
		if h.Scores[s] != v {
			t.Errorf("scores %v, want %v", h.Scores, want)
			break
		}
	}
}

// Robbing an added kong: seat 2 adds the fourth 6s to its pung and seat 1
// wins on it (抢杠和, no 和绝张, spec/mcr.md §5.2). The hand starts from
// the robbing window (docs/position.md).
func TestRobbingTheKong(t *testing.T) {
	r := newRuleset(t, mcr.Official())
	p, err := tablecore.ParsePosition(`game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 2 rob
wall drawn 57+2 reserve 0: 57- 85? 2-
seat 0 E 19m19p123456z28m9p pond 6s^ 4z' flowers 1f
seat 1 S 123m456p789s77z45s pond 5z' flowers 2f
seat 2 W 335577m2233p6s (pon 666s<2) pond 8p
seat 3 N 99m9p1123889s123z pond 2z'
claim 2 6s answers 0pass 3pass`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.FromPosition(r, p)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	do(t, g, game.Action{Kind: game.Ron, Seat: 1, Tile: h.Claim.Tile})
	if len(h.Wins) != 1 || !h.Wins[0].Robbed {
		t.Fatalf("wins %+v", h.Wins)
	}
	if v := h.Wins[0].Value; v.Points != 20 {
		t.Errorf("worth %d (%v), want 20: 花龙 8, 抢杠和 8, 门前清 2, 喜相逢 1, 花牌 1", v.Points, v.Items)
	}
}

// A concealed kong and a win on its replacement, in the simplified rule
// (no flowers): spec S16, 杠上开花 8, 不求人 4, 断幺 2.
func TestOutWithReplacementTile(t *testing.T) {
	r := newRuleset(t, mcr.Simplified())
	hands := []string{"8888m234m567p45s66s", "19m19p19s1234z5z6z7z", "19m19p19s1234z5z6z3p", "2m2m2p2p3s3s7m7m7p7p9s9s7z"}
	g := deal(t, r, hands, "", "6s")
	h := g.Hand()
	if h.Phase != game.ToAct {
		t.Fatalf("phase %s, want the dealer to act (no flowers)", h.Phase)
	}
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: 0}); !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("a win without a winning hand: %v", err)
	}
	ks := h.Seats[0].Hand[:4]
	do(t, g, game.Action{Kind: game.ClosedKan, Seat: 0, Tile: ks[0], Uses: ks[1:4]})
	if got := drawNext(t, g, 0); got.Kind != tile.S6 {
		t.Fatalf("replacement %s, want 6s", got)
	}
	do(t, g, game.Action{Kind: game.Tsumo, Seat: 0})
	if v := h.Wins[0].Value; v.Points != 14 || v.Summary != "14 は 22 (points)" {
		t.Errorf("worth %d %q (%v), want 14, \"14 は 22 (points)\"", v.Points, v.Summary, v.Items)
	}
	if it := h.Wins[0].Value.Items; len(it) != 3 || it[0].Name != "槓上開花" {
		t.Errorf("items %v, want the seed's names first 槓上開花", it)
	}
	for s, v := range []int{66, -22, -22, -22} {
		if h.Scores[s] != v {
			t.Fatalf("scores %v", h.Scores)
		}
	}
}

// handAt builds a hand state by hand: the wall used up, seat 1 holding
// concealed (mpsz) and melds, the others' ponds as given.
func handAt(t *testing.T, seat1 string, ponds [4]string) *game.Hand {
	t.Helper()
	th, err := tile.ParseHand(seat1)
	if err != nil {
		t.Fatal(err)
	}
	set, _ := tile.Standard(0)
	h := &game.Hand{Players: 4, Dealer: 0, Round: tile.East, Seats: make([]game.Player, 4), Scores: make([]int, 4),
		Wall: game.Wall{Tiles: set.Tiles(), Head: set.Size()}}
	h.Seats[1].Hand, h.Seats[1].Melds = th.Concealed, th.Melds
	used := map[tile.Tile]bool{}
	for _, x := range th.Concealed {
		used[x] = true
	}
	for _, m := range th.Melds {
		for _, x := range m.Tiles {
			used[x] = true
		}
	}
	for s, p := range ponds {
		for _, x := range tile.MustParse(p) {
			for used[x] {
				x.Copy++
			}
			used[x] = true
			h.Seats[s].Discards = append(h.Seats[s].Discards, game.Discarded{Tile: x})
		}
	}
	return h
}

// Spec S26: a win on the final discard is 海底捞月, from the wall's state.
func TestLastTileClaimFromTheWall(t *testing.T) {
	r := newRuleset(t, mcr.Simplified())
	h := handAt(t, "234m567s88p45p(pon 555z<1)", [4]string{"", "", "1m", ""})
	six := tile.MustParse("6p")[0]
	h.Seats[2].Discards = append(h.Seats[2].Discards, game.Discarded{Tile: six})
	h.Phase, h.Claim = game.Claims, game.Claim{From: 2, Tile: six, Responses: make([]game.Response, 4)}
	w, err := r.Win(h, game.Action{Kind: game.Ron, Seat: 1, Tile: six})
	if err != nil || w.Value.Points != 10 {
		t.Fatalf("%v %v, want 10 (海底捞月 8, 箭刻 2)", w.Value, err)
	}
	h.Wall.Head-- // one tile left: no 海底捞月, 2 points do not win
	if _, err := r.Win(h, game.Action{Kind: game.Ron, Seat: 1, Tile: six}); !errors.Is(err, mcr.ErrBelowMinimum) || !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("with tiles left: %v, want below the minimum", err)
	}
}

// Spec S17: the last wall tile self-drawn (妙手回春), the fourth 2p with
// three in the ponds (和绝张), both read from the hand's state.
func TestLastTileDrawAndLastCopyFromTheTable(t *testing.T) {
	r := newRuleset(t, mcr.Simplified())
	h := handAt(t, "13p456m789s22z(pon 777z<1)", [4]string{"2p", "", "2p9m", "2p"})
	two := tile.Tile{Kind: tile.P2, Copy: 3}
	h.Seats[1].Hand = append(h.Seats[1].Hand, two)
	h.Dealer = 1 // seat 1 is East
	h.Phase, h.Turn = game.ToAct, 1
	h.Log = []game.Action{{Kind: game.Discard, Seat: 0, Tile: tile.MustParse("9m")[0]}, {Kind: game.Draw, Seat: 1, Tile: two}}
	w, err := r.Win(h, game.Action{Kind: game.Tsumo, Seat: 1})
	if err != nil || w.Value.Points != 29 {
		t.Fatalf("%v %v, want 29", w.Value, err)
	}
	// Only two copies in view: no 和绝张.
	h.Seats[3].Discards = nil
	w, err = r.Win(h, game.Action{Kind: game.Tsumo, Seat: 1})
	if err != nil || w.Value.Points != 25 {
		t.Fatalf("%v %v, want 25 without 和绝张", w.Value, err)
	}
}

// D-MC-04: in adjudicate mode a reported false win costs 10 to each
// other player and the hand is dead: the offender cannot win after it.
func TestFalseWinAdjudicated(t *testing.T) {
	o := mcr.Simplified()
	o.FalseWin = mcr.FalseWinAdjudicate
	r := newRuleset(t, o)
	hands := []string{"8888m234m567p45s66s", "19m19p19s1234z5z6z7z", "19m19p19s1234z5z6z3p", "2m2m2p2p3s3s7m7m7p7p9s9s7z"}
	g := deal(t, r, hands, "", "6s")
	h := g.Hand()
	bad := game.Action{Kind: game.Tsumo, Seat: 0}
	_, err := g.Apply(bad)
	if err == nil {
		t.Fatal("false win accepted")
	}
	if _, err := g.Foul(bad, err.Error()); err != nil {
		t.Fatal(err)
	}
	for s, v := range []int{-30, 10, 10, 10} {
		if h.Scores[s] != v {
			t.Fatalf("scores %v after the false win", h.Scores)
		}
	}
	ks := h.Seats[0].Hand[:4]
	do(t, g, game.Action{Kind: game.ClosedKan, Seat: 0, Tile: ks[0], Uses: ks[1:4]})
	drawNext(t, g, 0)
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: 0}); !errors.Is(err, mcr.ErrDeadHand) {
		t.Fatalf("a dead hand won: %v", err)
	}
	// Enforce mode: the foul is only recorded.
	g = deal(t, newRuleset(t, mcr.Simplified()), hands, "", "6s")
	if _, err := g.Foul(bad, "false win"); err != nil {
		t.Fatal(err)
	}
	if s := g.Hand().Scores; s[0] != 0 || s[1] != 0 {
		t.Fatalf("enforce mode penalised: %v", s)
	}
}

// spec/mcr.md §2: the deal passes every hand, four hands a round, 16
// hands in a game; East, South, West, North rounds.
func TestDealerRotation(t *testing.T) {
	r := newRuleset(t, mcr.Official())
	st := r.Start(2)
	if st.Dealer != 2 || st.Round != tile.East {
		t.Fatalf("start %+v", st)
	}
	h := &game.Hand{Players: 4, Dealer: st.Dealer}
	for n := 1; n <= 16; n++ {
		st.Hands = n
		next, over := r.Next(st, h)
		if n == 16 {
			if !over {
				t.Fatal("the game goes on after 16 hands")
			}
			break
		}
		wantDealer := game.Seat((2 + n) % 4)
		wantRound := tile.East + tile.Kind(n/4)
		if over || next.Dealer != wantDealer || next.Round != wantRound || next.Number != n%4 {
			t.Fatalf("after hand %d: %+v over %v, want dealer %d round %s", n, next, over, wantDealer, wantRound)
		}
		st, h = next, &game.Hand{Players: 4, Dealer: next.Dealer}
	}
}

func TestRulesAndChecks(t *testing.T) {
	off := newRuleset(t, mcr.Official()).Rules()
	sim := newRuleset(t, mcr.Simplified()).Rules()
	if off.Set.Size() != 144 || !off.Flowers || off.Replacement != game.Tail || !off.Chi || off.MultiWin != game.HeadBump {
		t.Errorf("official rules %+v", off)
	}
	if sim.Set.Size() != 136 || sim.Flowers {
		t.Errorf("simplified rules %+v", sim)
	}
	r := newRuleset(t, mcr.Official())
	for _, k := range []game.Kind{game.Riichi, game.SingleKan, game.Abort} {
		if err := r.Check(&game.Hand{}, game.Action{Kind: k}); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s allowed: %v", k, err)
		}
	}
}

// D-MC-02's option: the official re-seating chart between rounds.
func TestSeatRotationChart(t *testing.T) {
	t.Skip("needs the referee (tablecore, game.Standing) to move players between seats between rounds; " +
		"seats are fixed there (game.Seat: \"Seats do not move during a game; the dealer does\"), so only seat_rotation = none is offered")
}

// A flower drawn in play is exposed and replaced from the tail; a win on
// the replacement is not 杠上开花, and each flower adds a point.
func TestFlowerDrawnInPlay(t *testing.T) {
	r := newRuleset(t, mcr.Official())
	g := deal(t, r, flowerHands, "3f", "9p5s3s")
	setupFlowers(t, g)
	h := g.Hand()
	discard(t, g, 0, "2m")
	passOthers(t, g, -1)
	if got := drawNext(t, g, 1); got.Kind != tile.Autumn {
		t.Fatalf("seat 1 drew %s, want 3f", got)
	}
	if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: 1, Tile: held(t, g, 1, "4s")}); err == nil {
		t.Fatal("discarded with a flower in hand")
	}
	do(t, g, game.Action{Kind: game.Flower, Seat: 1, Tile: held(t, g, 1, "3f")})
	if h.Source != game.Tail {
		t.Fatalf("the flower's replacement comes from %v, want the tail", h.Source)
	}
	if got := drawNext(t, g, 1); got.Kind != tile.S3 {
		t.Fatalf("replacement %s, want 3s", got)
	}
	do(t, g, game.Action{Kind: game.Tsumo, Seat: 1})
	v := h.Wins[0].Value
	if v.Points != 14 {
		t.Errorf("worth %d (%v), want 14: 花龙 8, 不求人 4, 花牌 1×2", v.Points, v.Items)
	}
	if last := v.Items[len(v.Items)-1]; last.Name != "花牌" || last.Value != "1×2" {
		t.Errorf("flowers item %+v", last)
	}
	for s, want := range []int{-22, 66, -22, -22} {
		if h.Scores[s] != want {
			t.Fatalf("scores %v", h.Scores)
		}
	}
}

// Plain play to the end of the wall on shuffled walls, flowers included:
// every flower is exposed and replaced, the hand ends exhausted and a
// drawn hand pays nothing (spec/mcr.md §2 [S L82]).
func TestPlayOutToADraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, o := range []mcr.Options{mcr.Official(), mcr.Simplified()} {
		r := newRuleset(t, o)
		for game_ := range 10 {
			g, err := tablecore.New(r, 0)
			if err != nil {
				t.Fatal(err)
			}
			wall := r.Rules().Set.Tiles()
			rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
			if _, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{1, 1}}); err != nil {
				t.Fatal(err)
			}
			h := g.Hand()
			for step := 0; h.Phase != game.Over; step++ {
				if step > 2000 {
					t.Fatalf("%s game %d: the hand never ends", o.Fans, game_)
				}
				playStep(t, g)
			}
			if h.End.Kind != game.Exhausted || h.Wall.Remaining() != 0 || len(h.Wins) != 0 {
				t.Fatalf("%s game %d: ended %s with %d wins, %d tiles left", o.Fans, game_, h.End.Kind, len(h.Wins), h.Wall.Remaining())
			}
			flowers := 0
			for s := range h.Seats {
				if h.Scores[s] != 0 {
					t.Fatalf("a drawn hand paid: %v", h.Scores)
				}
				flowers += len(h.Seats[s].Flowers)
				for _, x := range h.Seats[s].Hand {
					if x.Kind.IsFlower() {
						t.Fatalf("seat %d keeps a flower", s)
					}
				}
			}
			if want := map[bool]int{true: 8}[o.Flowers]; flowers != want && h.End.Reason != "no replacement tile left" {
				t.Fatalf("%s: %d flowers exposed, want %d", o.Fans, flowers, want)
			}
		}
	}
}

// playStep makes one step of play that never wins: flowers first, draw,
// discard the drawn tile, pass every claim.
func playStep(t *testing.T, g *tablecore.Game) {
	t.Helper()
	h := g.Hand()
	switch h.Phase {
	case game.Claims:
		passOthers(t, g, -1)
		return
	case game.ToDraw:
		drawNext(t, g, h.Turn)
		return
	}
	var discard *game.Action
	for _, a := range g.Legal(h.Turn) {
		if a.Kind == game.Flower {
			do(t, g, a)
			return
		}
		if a.Kind == game.Discard && discard == nil {
			discard = &a
		}
	}
	if last, ok := h.LastAction(); ok && last.Kind == game.Draw && last.Seat == h.Turn {
		do(t, g, game.Action{Kind: game.Discard, Seat: h.Turn, Tile: last.Tile})
		return
	}
	if discard == nil {
		t.Fatalf("seat %d can neither expose a flower nor discard (phase %s)", h.Turn, h.Phase)
	}
	do(t, g, *discard)
}
