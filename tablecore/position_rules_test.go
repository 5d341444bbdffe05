package tablecore_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/sichuan"
	"jantaku/tablecore"
)

// Legality and settlement tests that start from positions
// (docs/position.md), one ruleset rule each, citing the seed line it rests
// on (../shared/seeds; our reading in ../shared/spec).

// Riichi, seeds/002: a kong's tile may be robbed only when added to a pung
// (槍槓, L94 on the kong and replacement tile; spec/riichi.md §7): a
// concealed kong opens no window, so a win on its tile is refused with
// that rule.
func TestPositionRiichiConcealedKongCannotBeRobbed(t *testing.T) {
	g := setUp(t, `ruleset riichi
game E1 dealer 0 honba 0 pot 0 hands 0 scores 25000 25000 25000 25000
turn 0 draw tail
wall drawn 53+0 reserve 14: 53- 69? | 8? [3m] 5?
seat 0 E 123m456p789s5s [ankan 1111z]
seat 1 S 19m19p19s2345677z
seat 2 W 234m567p345s6688s
seat 3 N 345m678p22s33s44s9s
log 0ankan:1z+111z`)
	refusedAs(t, g, act(g, game.Ron, 1, "1z", ""), "a concealed kong cannot be robbed", tablecore.ErrConcealedKong, tablecore.ErrOutOfTurn)
}

// Riichi, seeds/002 L166–L169 (chi only from the left) and L228–L235 (ron
// on a winning shape): when nobody could use a discard its window closed at
// once; a late claim is still told the rule it breaks, and a late claim the
// rules would allow is only too late.
func TestPositionRiichiClaimAfterTheWindowClosed(t *testing.T) {
	g := setUp(t, `ruleset riichi
game E1 dealer 0 honba 0 pot 0 hands 0 scores 25000 25000 25000 25000
turn 1 draw
wall drawn 53+0 reserve 14: 53- 69? | 8? [3m] 5?
seat 0 E 123m456p789s1122z pond 9s
seat 1 S 147m258p36s78s345z
seat 2 W 159m159p159s3456z
seat 3 N 1268m368p248s78s5s`)
	refusedAs(t, g, act(g, game.Ron, 2, "9s", ""), "not a winning hand", game.ErrNotWinning, tablecore.ErrOutOfTurn)
	refusedAs(t, g, act(g, game.Chi, 3, "9s", "78s"), "chi only from the previous player", tablecore.ErrOutOfTurn)
	// South's chi the rules allow: the claim is only too late.
	err := g.Refusal(act(g, game.Chi, 1, "9s", "78s"))
	if !errors.Is(err, tablecore.ErrOutOfTurn) || errors.Is(err, game.ErrIllegal) || errors.Is(err, tablecore.ErrNotAllowed) || !strings.HasSuffix(err.Error(), ": "+tablecore.ErrOutOfTurn.Error()) {
		t.Errorf("South's late chi: %v; want the bare %v", err, tablecore.ErrOutOfTurn)
	}
}

// Riichi, seeds/002 L868–L870: at an exhaustive draw the players not ready
// pay 3,000 in all to those ready; here East alone is ready and takes
// 1,000 from each.
func TestPositionRiichiExhaustiveDrawPayments(t *testing.T) {
	g := setUp(t, `ruleset riichi
game E1 dealer 0 honba 0 pot 0 hands 0 scores 25000 25000 25000 25000
turn 3 claim
wall drawn 122+0 reserve 14: 122- | 8? [3m] 5?
seat 0 E 123m456p789s1122z
seat 1 S 147m258p369s3456z
seat 2 W 159m159p159s3456z
seat 3 N 1268m368p248s777z pond 9m
claim 3 9m`)
	play(t, g, act(g, game.Pass, 0, "", ""), act(g, game.Pass, 1, "", ""), act(g, game.Pass, 2, "", ""))
	h := g.Hand()
	if h.Phase != game.Over || h.End.Kind != game.Exhausted {
		t.Fatalf("phase %s, end %+v; the wall is exhausted", h.Phase, h.End)
	}
	if got, want := h.Scores, []int{28000, 24000, 24000, 24000}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
}

// Sichuan, seeds/003 L97: a concealed kong takes 2底 from every player
// still playing; East has won and pays nothing (L25: play goes on).
func TestPositionSichuanKongMoneyFromThoseStillPlaying(t *testing.T) {
	g := setUp(t, `ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 1 act
wall drawn 70+0 reserve 0: 70- 38?
seat 0 E 55666777888999s missing m
seat 1 S 3333s123456789p1s missing m
seat 2 W 111222444m5566m missing p
seat 3 N 333777888m99m12p missing s
wins 0tsumo:9s`)
	play(t, g, legalAction(t, g, 1, "ankan 3s with 333s"))
	if got, want := g.Hand().Scores, []int{0, 4, -2, -2}; !slices.Equal(got, want) {
		t.Errorf("scores after the concealed kong %v, want %v", got, want)
	}
}

// Sichuan, seeds/003 L7 and L25: several may win on one discard, and the
// hand ends when three have won; each win is paid by the discarder (L93,
// 1底 for a hand of no 翻, L111).
func TestPositionSichuanSeveralWinnersEndTheHand(t *testing.T) {
	g := setUp(t, `ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 3 -1 -1 -1
turn 1 claim
wall drawn 60+0 reserve 0: 60- 48?
seat 0 E 111m234m567m789m55s pond 9m missing p
seat 1 S 123p456p789p2345s pond 1m 5p missing m
seat 2 W 234m678m345p999p5p pond 1s missing s
seat 3 N 22m345m678m777p34p pond 9s missing s
claim 1 5p
wins 0tsumo:5s`)
	play(t, g, legalAction(t, g, 2, "ron 5p"), legalAction(t, g, 3, "ron 5p"))
	h := g.Hand()
	if h.Phase != game.Over || h.End.Kind != game.Won || len(h.Wins) != 3 {
		t.Fatalf("phase %s, %d wins; three winners end the hand", h.Phase, len(h.Wins))
	}
	if got, want := h.Scores, []int{3, -3, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
}

// Sichuan, seeds/003 L46: a player holding tiles of its missing suit must
// discard them first.
func TestPositionSichuanMissingSuitFirst(t *testing.T) {
	g := setUp(t, `ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 1 act
wall drawn 70+0 reserve 0: 70- 38?
seat 0 E 123m456m789m11p23p missing s
seat 1 S 13579p12345678s9m missing m
seat 2 W 147m258m369m147p9s missing s
seat 3 N 1358m123456789s missing p`)
	refusedAs(t, g, act(g, game.Discard, 1, "1p", ""), "must discard them first", sichuan.ErrMissingSuit, game.ErrIllegal)
	if !allows(g, 1, "discard 9m") {
		t.Errorf("South may not discard its 9m: %v", g.Legal(1))
	}
}

// Sichuan, seeds/003 L116–L130 and spec/sichuan.md §9 (D-SC-10): at an
// exhaustive draw a player still holding its missing suit (花叫) pays 8底
// to each other player who has not won; a player not ready (没叫) pays a
// ready one (有叫) what its hand would be worth, here 1底.
func TestPositionSichuanExhaustiveDrawChecks(t *testing.T) {
	g := setUp(t, `ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 3 claim
wall drawn 108+0 reserve 0: 108-
seat 0 E 123m456m789m11p23p missing s
seat 1 S 13579p12345678s missing m
seat 2 W 147m258m369m147p9s missing s
seat 3 N 1359m123456789s pond 2p missing p
claim 3 2p`)
	play(t, g, act(g, game.Pass, 0, "", ""), act(g, game.Pass, 1, "", ""), act(g, game.Pass, 2, "", ""))
	h := g.Hand()
	if h.Phase != game.Over || h.End.Kind != game.Exhausted {
		t.Fatalf("phase %s; the wall is exhausted", h.Phase)
	}
	if got, want := h.Scores, []int{8 + 1 + 1, 8 - 1, -24, 8 - 1}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v (%s)", got, want, h.End.Reason)
	}
}

// Wuhan, seeds/000 L94 and L210: in the last draws (海底撈) each player
// only draws, and wins or keeps the tile: no discard, no kong.
func TestPositionWuhanLastDraws(t *testing.T) {
	g := setUp(t, `ruleset wuhan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 500 500 500 500
turn 1 act
wall drawn 123+0 reserve 10: 53- [5m] 69- 3? | 10?
seat 0 E 123p456p789p123s1z
seat 1 S 56m2349p567s1122z9s
seat 2 W 44m789m345s678s33z
seat 3 N 111m222m333m4z5z6z9m`)
	refusedAs(t, g, act(g, game.Discard, 1, "9s", ""), "may only win or keep the tile", tablecore.ErrNotAllowed)
	refusedAs(t, g, act(g, game.SingleKan, 1, "6m", ""), "may only win or keep the tile", tablecore.ErrNotAllowed)
	play(t, g, act(g, game.Pass, 1, "", ""))
	if h := g.Hand(); h.Phase != game.ToDraw || h.Turn != 2 {
		t.Errorf("after keeping the tile: phase %s turn %d; West draws next", h.Phase, h.Turn)
	}
}

// Wuhan, seeds/000 L34–L35, L62 and L67: the wildcard and the kong-only
// dragons are laid down alone as kongs; a discarded wildcard or kong-only
// tile cannot be claimed.
func TestPositionWuhanWildcardAndKongOnlyTiles(t *testing.T) {
	const base = `ruleset wuhan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 500 500 500 500
turn 0 claim
wall drawn 58+1 reserve 10: 53- [5m] 4- 68? | 8? - ?
seat 0 E 123p456p789p123s1z pond 9s TILE
seat 1 S 57m2349p567s1122z
seat 2 W HELD789m345s678s3z
seat 3 N 111m222m444m4z5z8z9m pond 2z kongs 7z
claim 0 TILE`
	for _, c := range []struct{ tile, held string }{{"6m", "66m"}, {"6z", "66z"}} {
		text := strings.ReplaceAll(strings.ReplaceAll(base, "TILE", c.tile), "HELD", c.held)
		text = strings.Replace(text, "8z9m", map[string]string{"6m": "6z9m", "6z": "6m9m"}[c.tile], 1)
		g := setUp(t, text)
		refusedAs(t, g, act(g, game.Pon, 2, c.tile, c.held), "cannot be claimed", game.ErrIllegal)
	}
	g := setUp(t, `ruleset wuhan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 500 500 500 500
turn 1 act
wall drawn 60+1 reserve 10: 53- [5m] 6- 66? | 8? - ?
seat 0 E 123p456p789p123s1z pond 9s
seat 1 S 56m2349p567s1122z6z
seat 2 W 44m789m345s678s33z
seat 3 N 111m222m333m4z5z7z9m pond 2z kongs 7z`)
	for _, want := range []string{"single-kan 6m", "single-kan 6z"} {
		if !allows(g, 1, want) {
			t.Errorf("South may not %s: %v", want, g.Legal(1))
		}
	}
	refusedAs(t, g, act(g, game.SingleKan, 1, "5m", ""), "only the wildcard and the kong-only tiles", game.ErrIllegal)
}

// MCR, seeds/004 L5: a win needs 6 points; South's chi-and-pung hand on 6s
// has none, so its ron is refused while its chi is not.
func TestPositionMCRBelowTheMinimum(t *testing.T) {
	g := setUp(t, `ruleset mcr/simplified
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 0 claim
wall drawn 62+0 reserve 0: 62- 74?
seat 0 E 147m258p369s1344z pond 7z 6s
seat 1 S 789s45s22z (chi 213m<3) (pon 999p<3) pond 5z
seat 2 W 456m456p11z33s66z5s pond 2z
seat 3 N 789m123p12s5z6z77z9s pond 1z
claim 0 6s`)
	refusedAs(t, g, act(g, game.Ron, 1, "6s", ""), "the minimum is 6", mcr.ErrBelowMinimum, game.ErrNotWinning)
	if !allows(g, 1, "chi 6s with 45s") {
		t.Errorf("South may not chi: %v", g.Legal(1))
	}
	// The window closes once everyone has answered; a ron then is still
	// refused for the rule, not only for being late.
	play(t, g, act(g, game.Pass, 1, "", ""), act(g, game.Pass, 2, "", ""), act(g, game.Pass, 3, "", ""))
	refusedAs(t, g, act(g, game.Ron, 1, "6s", ""), "the minimum is 6", mcr.ErrBelowMinimum, tablecore.ErrOutOfTurn)
}

// Shanghai, seeds/001 L11: flowers in the deal are exposed before the
// dealer's first discard, dealer first, in turn.
func TestPositionShanghaiFlowersDealerFirst(t *testing.T) {
	g := setUp(t, `ruleset shanghai
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 0 setup
wall drawn 53+0 reserve 0: 53- 91?
seat 0 E 123m456m789m12p3s1f9p
seat 1 S 111p234s567s88s9s1z
seat 2 W 345p678p22m33m5z6z3f
seat 3 N 444z777s999m55z66z`)
	refusedAs(t, g, act(g, game.Flower, 2, "3f", ""), "not this seat's turn", tablecore.ErrOutOfTurn)
	refusedAs(t, g, act(g, game.Discard, 0, "9p", ""), "not this seat's turn", tablecore.ErrOutOfTurn)
	play(t, g, legalAction(t, g, 0, "flower 1f"))
	if h := g.Hand(); h.Phase != game.ToDraw || h.Source != game.Tail || h.Turn != 0 {
		t.Fatalf("after East's flower: phase %s source %d turn %d; East draws from the tail", h.Phase, h.Source, h.Turn)
	}
}

// A refusal names the rule whether or not a window is open: the examples
// of docs/position.md once every seat has passed, the window closed and
// the next player to draw. Each refusal matches the rule's error and
// ErrOutOfTurn.
func TestRefusalsNameTheRuleAfterTheWindowCloses(t *testing.T) {
	ex := docExamples(t)
	passAll := func(g *tablecore.Game) {
		for s, r := range g.Hand().Claim.Responses {
			if !r.Answered {
				play(t, g, act(g, game.Pass, s, "", ""))
			}
		}
		if g.Hand().Phase != game.ToDraw {
			t.Fatalf("phase %s after every pass", g.Hand().Phase)
		}
	}
	// Riichi (seeds/002 L169, L803–L805).
	g := setUp(t, ex[0])
	passAll(g)
	refusedAs(t, g, act(g, game.Ron, 2, "3m", ""), "furiten", game.ErrIllegal, tablecore.ErrOutOfTurn)
	refusedAs(t, g, act(g, game.Chi, 2, "3m", "45m"), "chi only from the previous player", tablecore.ErrOutOfTurn)
	if err := g.Refusal(act(g, game.Chi, 1, "3m", "12m")); errors.Is(err, game.ErrIllegal) || !strings.HasSuffix(err.Error(), "rejected (phase draw): "+tablecore.ErrOutOfTurn.Error()) {
		t.Errorf("South's chi after it passed: %v; the rules allow it, it is only late", err)
	}
	// Sichuan (seeds/003 L18, L38–L47).
	g = setUp(t, ex[2])
	passAll(g)
	refusedAs(t, g, act(g, game.Pon, 2, "5p", "55p"), "missing suit", sichuan.ErrMissingSuit, tablecore.ErrOutOfTurn)
	refusedAs(t, g, act(g, game.Chi, 2, "5p", "55p"), "chi is not played at this table", tablecore.ErrNotAllowed, tablecore.ErrOutOfTurn)
	// Wuhan (seeds/000 L35, L58).
	g = setUp(t, ex[3])
	passAll(g)
	refusedAs(t, g, act(g, game.Chi, 1, "4m", "56m"), "wildcard", game.ErrIllegal, tablecore.ErrOutOfTurn)
	// Shanghai: nobody could use South's 1s and its window closed at once;
	// a ron on it is refused as no winning hand (seeds/001 L7–L20, the
	// hands 老式 scores).
	g = setUp(t, `ruleset shanghai
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 2 draw
wall drawn 55+1 reserve 0: 55- 87? - ?
seat 0 E 123m456m789m12p3s9p pond 4s flowers 1f
seat 1 S 111p234s567s88s9s1z pond 2z 1s
seat 2 W 345p678p22m33m5z6z7z
seat 3 N 444z777s999m55z66z`)
	refusedAs(t, g, act(g, game.Ron, 2, "1s", ""), "not a winning hand", game.ErrNotWinning, tablecore.ErrOutOfTurn)
	// MCR: nobody robbed the kong; it stands, and a win on its tile is no
	// longer a robbing (seeds/004 L60): too late, nothing else.
	g = setUp(t, ex[1])
	passAll(g)
	if err := g.Refusal(act(g, game.Ron, 1, "3p", "")); !errors.Is(err, tablecore.ErrOutOfTurn) || errors.Is(err, game.ErrNotWinning) {
		t.Errorf("a ron on a kong that stood: %v", err)
	}
}

// Sichuan, seeds/003 L83–L88: a win passed this go-around may not be
// taken on a later tile of the same worth (同巡内フリテン), but may on one
// worth more. West (3334m 888p, pungs of 4p and 9m) let East's 2m go:
// South's 5m is worth the same and is refused; a 4m makes all pungs
// (大対子 1翻, 2底 against 1底) and is a win.
func TestPositionSichuanSameTurnFuriten(t *testing.T) {
	const text = `ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 0 0 0 0
turn 1 claim
wall drawn 56+0 reserve 0: 56- 52?
seat 0 E 1122556677m123p pond 9m^ 2m' missing s
seat 1 S 123456567p2345s pond 5m' missing m
seat 2 W 3334m888p (pon 444p<1) (pon 999m<2) pond 9s 1s missing s
seat 3 N 1112223334678s pond 4p^ 7s' missing p
claim 1 5m
log 3discard:4p 2pon:4p+44p 2discard:9s 0discard:9m 2pon:9m+99m 2discard:1s 3draw:7s 3discard:7s 0draw:2m 0discard:2m 2pass 1draw:5m 1discard:5m`
	g := setUp(t, text)
	refusedAs(t, g, act(g, game.Ron, 2, "5m", ""), "passed a win", sichuan.ErrFuriten, game.ErrIllegal)
	g = setUp(t, strings.ReplaceAll(text, "5m", "4m"))
	ron := legalAction(t, g, 2, "ron 4m")
	w, err := g.Ruleset().Win(g.Hand(), ron)
	if err != nil || w.Value.Points != 2 {
		t.Errorf("West's ron on 4m: %+v, %v; want 2底", w.Value, err)
	}
}

// Riichi, seeds/002 L113–L118: the haitei tile is the last that may be
// drawn. North drew it: a self-drawn win on it counts 海底摸月, and no
// kong may be declared, for no replacement tile is left.
func TestPositionRiichiTheLastTile(t *testing.T) {
	g := setUp(t, `ruleset riichi
game E1 dealer 0 honba 0 pot 0 hands 0 scores 25000 25000 25000 25000
turn 3 act
wall drawn 122+0 reserve 14: 122- | 8? [3m] 5?
seat 0 E 369m258p147s1234z pond 9s
seat 1 S 258m147p3699s567z pond 1z
seat 2 W 4568m39p1258s677z pond 2z
seat 3 N 1111m23m456p789p55z pond 3z`)
	refusedAs(t, g, act(g, game.ClosedKan, 3, "1m", "111m"), "no replacement tile left", tablecore.ErrNoTiles)
	w, err := g.Ruleset().Win(g.Hand(), legalAction(t, g, 3, "tsumo"))
	if err != nil || !slices.ContainsFunc(w.Value.Items, func(it game.Item) bool { return it.Name == "海底摸月" }) {
		t.Errorf("North's tsumo: %+v, %v; want 海底摸月 among its yaku", w.Value, err)
	}
}

// Wuhan, seeds/000 L225: two may not win on one discard; the first in
// turn after the discarder does. South and West both call ron on East's
// 3p, West first: South wins, West pays its share.
func TestPositionWuhanOneWinnerPerDiscard(t *testing.T) {
	g := setUp(t, `ruleset wuhan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 500 500 500 500
turn 0 claim
wall drawn 60+0 reserve 10: 53- [5m] 6- 66? | 10?
seat 0 E 111z222z333z444z5z pond 7s^ 1s^ 3p
seat 1 S 222m444p33p99s (pon 777s<3)
seat 2 W 888m999p222s3p (pon 111s<2)
seat 3 N 111p555p999m33m7m8m
claim 0 3p`)
	play(t, g, legalAction(t, g, 2, "ron 3p"), legalAction(t, g, 1, "ron 3p"), act(g, game.Pass, 3, "", ""))
	h := g.Hand()
	if h.Phase != game.Over || len(h.Wins) != 1 || h.Wins[0].Seat != 1 || h.Seats[2].Won {
		t.Fatalf("phase %s, wins %+v; South alone should win", h.Phase, h.Wins)
	}
	sum := 0
	for _, sc := range h.Scores {
		sum += sc
	}
	if sum != 2000 || h.Scores[1] <= 500 || h.Scores[2] >= 500 {
		t.Errorf("scores %v: South takes, West pays, nothing is made or lost", h.Scores)
	}
}
