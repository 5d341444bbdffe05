package tablecore_test

import (
	"fmt"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// The riichi deposit is paid once the declaring discard passes without ron
// (spec/riichi.md §8.2, D-RI-15). Whether some hand could call that discard
// is private, so nothing public may tell it: the deposit must be paid at
// the same step whatever the hands hold. These tests play the same
// declaration against hands that can and cannot call it and compare what a
// non-seat sees after every step.

func riichiStart(t *testing.T, hands []string, draws string) *tablecore.Game {
	t.Helper()
	o, err := riichi.TablePreset("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, draws, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	return g
}

// money is what the public view shows of the points on the table.
func money(g *tablecore.Game) string {
	v := g.View(-1)
	riichi := make([]bool, len(v.Seats))
	for i, s := range v.Seats {
		riichi[i] = s.Riichi
	}
	end := ""
	if v.End != nil {
		end = fmt.Sprintf("%+v", *v.End)
	}
	return fmt.Sprintf("pot %d honba %d scores %v riichi %v over %t end %s", v.Pot, v.Honba, v.Scores, riichi, v.Phase == game.Over.String(), end)
}

// riichiPaid reports whether evs pay a riichi deposit.
func riichiPaid(evs []tablecore.Event) bool {
	for _, e := range evs {
		if e.Type == tablecore.Paid && e.Payment.Reason == "riichi" {
			return true
		}
	}
	return false
}

// The dealer (14 tiles) declares riichi on 9p, waiting on 3m-6m. Seat 2
// holds 9p 9p (and so may pon it) or not; nobody else can call it, and
// nobody can win on it.
func riichiHands(seat2CanPon bool) []string {
	seat2 := "25p1p258s369m1346z"
	if seat2CanPon {
		seat2 = "99p1p258s369m1346z"
	}
	return []string{
		"123m45m456p789s22z9p",
		"147s258m3p134567z",
		seat2,
		"147m369s26p13457z",
	}
}

func TestRiichiDepositWaitsForTheWindowWhetherOrNotAnyoneCouldCall(t *testing.T) {
	type step struct {
		money string
		paid  bool
	}
	play := func(t *testing.T, canPon bool) []step {
		g := riichiStart(t, riichiHands(canPon), "")
		var out []step
		evs := apply(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9p")})
		if canPon != (g.Hand().Phase == game.Claims) {
			t.Fatalf("seat 2 can pon: %t, but the referee's phase after the discard is %s", canPon, g.Hand().Phase)
		}
		out = append(out, step{money(g), riichiPaid(evs)})
		// The next draw closes the window (it passes for seat 2).
		var a game.Action
		for _, l := range g.Legal(1) {
			if l.Kind == game.Draw {
				a = l
			}
		}
		if a.Kind != game.Draw {
			t.Fatalf("seat 1 may not draw after the riichi discard (phase %s)", g.Hand().Phase)
		}
		evs = apply(t, g, a)
		out = append(out, step{money(g), riichiPaid(evs)})
		return out
	}
	could := play(t, true)
	couldNot := play(t, false)
	for i := range could {
		if could[i] != couldNot[i] {
			t.Errorf("step %d: the public view and payments differ:\n  a hand could call: %+v\n  none could:        %+v", i, could[i], couldNot[i])
		}
	}
	// Not at the discard (the declaration may still be ronned), at the
	// draw that closes the window.
	if couldNot[0].paid || couldNot[1].money != "pot 1000 honba 0 scores [24000 25000 25000 25000] riichi [true false false false] over false end " || !couldNot[1].paid {
		t.Errorf("want the deposit paid with the next draw, not the discard; got %+v", couldNot)
	}
}

func TestRiichiDepositPaidWhenTheDeclarationIsCalledOrPassed(t *testing.T) {
	g := riichiStart(t, riichiHands(true), "")
	apply(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9p")})
	before := money(g)
	evs := apply(t, g, game.Action{Kind: game.Pon, Seat: 2, Tile: g.Hand().Claim.Tile, Uses: pairOf(t, g, 2, "9p")})
	// The pon waits for the others' answers (none left here: only seat 2
	// had an option), then is played; the deposit comes with it.
	if !riichiPaid(evs) || g.Hand().Pot != 1000 {
		t.Errorf("pon on the riichi discard: deposit paid %t, pot %d; want paid, 1000 (before: %s)", riichiPaid(evs), g.Hand().Pot, before)
	}

	g = riichiStart(t, riichiHands(true), "")
	apply(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9p")})
	evs = apply(t, g, game.Action{Kind: game.Pass, Seat: 2})
	if !riichiPaid(evs) || g.Hand().Pot != 1000 || g.Hand().Scores[0] != 24000 {
		t.Errorf("the only caller passed: deposit paid %t, pot %d, dealer %d; want paid, 1000, 24000", riichiPaid(evs), g.Hand().Pot, g.Hand().Scores[0])
	}
}

// Four riichi (spec/riichi.md §13.3): the hand is drawn once the fourth
// declaration passes without ron. The fourth declarer discards 3p, on
// which seat 1 could win, or 7z, on which nobody can: the public views
// must agree until the window closes, and the hand ends with the draw
// that closes it in both, with all four deposits on the table.
func TestFourRiichiEndsWhenTheLastWindowClosesWhetherOrNotAnyoneCouldWin(t *testing.T) {
	hands := []string{
		"123m456m789m11z23p9s", // waits 1p-4p
		"123s456s789s22z45p",   // waits 3p-6p
		"234m567p345s33z67s",   // waits 5s-8s
		"567m234s678p44z12m",   // waits 3m
	}
	play := func(t *testing.T, last string) []string {
		g := riichiStart(t, hands, "5z6z"+last)
		var out []string
		step := func(a game.Action) {
			t.Helper()
			apply(t, g, a)
			out = append(out, money(g))
		}
		step(game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9s")})
		for s, discard := range []string{"5z", "6z", last} {
			seat := game.Seat(s + 1)
			draw(t, g, seat)
			out = append(out, money(g))
			step(game.Action{Kind: game.Riichi, Seat: seat, Tile: held(t, g, seat, discard)})
		}
		if last == "3p" && g.Hand().Phase != game.Claims {
			t.Fatalf("seat 1 waits on 3p, but no claim window is open on it (phase %s)", g.Hand().Phase)
		}
		if g.Hand().Phase == game.Over {
			t.Errorf("the hand ended with the fourth declaration (discard %s), before its window closed", last)
			return out
		}
		// The dealer draws: the window closes, and the hand with it.
		var a game.Action
		for _, l := range g.Legal(0) {
			if l.Kind == game.Draw {
				a = l
			}
		}
		if a.Kind != game.Draw {
			t.Fatalf("the dealer may not draw after the fourth riichi (phase %s)", g.Hand().Phase)
		}
		apply(t, g, a)
		out = append(out, money(g))
		if h := g.Hand(); h.Phase != game.Over || h.End == nil || h.End.Kind != game.Aborted || h.Pot != 4000 {
			t.Errorf("after the fourth riichi and the next draw: phase %s, end %+v, pot %d; want an abortive draw with 4000 on the table", h.Phase, h.End, h.Pot)
		}
		return out
	}
	could := play(t, "3p")
	couldNot := play(t, "7z")
	if len(could) != len(couldNot) {
		t.Fatalf("%d steps against %d", len(could), len(couldNot))
	}
	for i := range could {
		if could[i] != couldNot[i] {
			t.Errorf("step %d: the public views differ:\n  seat 1 could win: %s\n  nobody could:     %s", i, could[i], couldNot[i])
		}
	}
}

// A position taken between the declaration and the next draw holds the
// deposit, as the game would once the window closes: continuing from it
// pays no second stick.
func TestPositionAfterAnUncalledRiichiHoldsTheDeposit(t *testing.T) {
	g := riichiStart(t, riichiHands(false), "")
	apply(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9p")})
	p := g.Position()
	if p.Standing.Pot != 1000 || p.Standing.Scores[0] != 24000 {
		t.Fatalf("position after the riichi discard: pot %d, dealer %d; want 1000, 24000", p.Standing.Pot, p.Standing.Scores[0])
	}
	o, err := riichi.TablePreset("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := tablecore.FromPosition(rs, p)
	if err != nil {
		t.Fatal(err)
	}
	draw(t, g2, 1)
	draw(t, g, 1)
	if a, b := g.Hand().Pot, g2.Hand().Pot; a != 1000 || b != 1000 {
		t.Errorf("after the next draw: pot %d in the game, %d from its position; want 1000 in both", a, b)
	}
}

// A pass takes no number of its own (Event.Seq): the numbers would count
// the seats that had an option.
func TestPassSharesTheNumberBeforeIt(t *testing.T) {
	g := riichiStart(t, riichiHands(true), "")
	apply(t, g, game.Action{Kind: game.Riichi, Seat: 0, Tile: held(t, g, 0, "9p")})
	before := g.View(-1).Seq
	evs := apply(t, g, game.Action{Kind: game.Pass, Seat: 2})
	if len(evs) < 2 || evs[0].Seq != before || evs[1].Seq != before+1 {
		t.Fatalf("after event %d, the pass and what follows are numbered %v; want %d, then %d", before, evs, before, before+1)
	}
	if v := g.View(-1).Seq; v != evs[len(evs)-1].Seq {
		t.Errorf("the view is at %d, the last event %d", v, evs[len(evs)-1].Seq)
	}
}

// A riichi on the last tile of the wall (riichi_min_wall 0): the hand ends
// in an exhaustive draw as the declaring discard passes, and the deposit
// is paid first and stays on the table (spec/riichi.md §8.2, §12.2).
func TestRiichiOnTheLastTilePaysBeforeTheExhaustiveDraw(t *testing.T) {
	o, err := riichi.TablePreset("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	o.RiichiMinWall = 0
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Every hand is ready and throws each tile it draws.
	hands := []string{"123m456m789m11z56p9s", "123s456s789s22z56m", "234p678p345s33z78m", "567m234s789p444z3z"}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	declarer := game.Seat(-1)
	var paid []tablecore.Event
	for steps := 0; g.Hand().Phase != game.Over; steps++ {
		if steps > 1000 {
			t.Fatal("the hand does not end")
		}
		h := g.Hand()
		switch h.Phase {
		case game.Claims:
			for s := range h.Players {
				for _, a := range g.Legal(game.Seat(s)) {
					if a.Kind == game.Pass && h.Phase == game.Claims {
						paid = append(paid, apply(t, g, a)...)
					}
				}
			}
		case game.ToDraw:
			draw(t, g, h.Turn)
		case game.ToAct:
			seat := h.Turn
			last := h.Seats[seat].Hand[len(h.Seats[seat].Hand)-1]
			kind := game.Discard
			if h.Wall.Remaining() == 0 {
				kind, declarer = game.Riichi, seat
			}
			paid = append(paid, apply(t, g, game.Action{Kind: kind, Seat: seat, Tile: last})...)
		}
	}
	h := g.Hand()
	if declarer < 0 || h.Seats[declarer].Riichi < 0 {
		t.Fatalf("nobody declared riichi on the last tile (declarer %d)", declarer)
	}
	if !riichiPaid(paid) || h.End == nil || h.End.Kind != game.Exhausted || h.Pot != 1000 {
		t.Errorf("riichi on the last tile: deposit paid %t, end %+v, pot %d; want paid, an exhaustive draw, 1000 on the table", riichiPaid(paid), h.End, h.Pot)
	}
}
