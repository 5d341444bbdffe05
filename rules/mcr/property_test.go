package mcr_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// Payments are zero-sum, and the winner gets 3(s+8) on a self-draw and
// s+24 on a discard (spec/mcr.md §6).
func TestPaymentsZeroSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		winner := game.Seat(rng.IntN(4))
		from := game.Seat(rng.IntN(5) - 1)
		if from == winner {
			from = game.NoSeat
		}
		s, base := rng.IntN(400), rng.IntN(20)
		ps := mcr.Payments(4, winner, from, s, base)
		net := mcr.Net(4, ps)
		sum := 0
		for _, v := range net {
			sum += v
		}
		if sum != 0 {
			t.Fatalf("s %d base %d winner %d from %d: net %v does not sum to 0", s, base, winner, from, net)
		}
		want := s + 3*base
		if from == game.NoSeat {
			want = 3 * (s + base)
		}
		if net[winner] != want || len(ps) != 3 {
			t.Fatalf("s %d base %d from %d: winner gets %d in %d payments, want %d", s, base, from, net[winner], len(ps), want)
		}
		for _, p := range ps {
			if p.To != winner || p.From == winner || p.Amount < 0 {
				t.Fatalf("bad payment %+v", p)
			}
		}
	}
}

// randomHand builds a random hand of four sets and a pair, some sets
// melded, and picks its winning tile among the concealed tiles.
func randomHand(rng *rand.Rand) (mcr.Hand, mcr.Conditions, bool) {
	var all tile.Counts
	var h mcr.Hand
	copies := map[tile.Kind]uint8{}
	take := func(k tile.Kind) tile.Tile {
		x := tile.Tile{Kind: k, Copy: copies[k]}
		copies[k]++
		return x
	}
	var concealed []tile.Kind
	for i := 0; i < 5; i++ {
		pair := i == 4
		var ks []tile.Kind
		k := tile.Kind(rng.IntN(tile.NumKinds))
		kong := false
		switch {
		case pair:
			ks = []tile.Kind{k, k}
		case k.IsSuited() && k.Rank() <= 7 && rng.IntN(2) == 0:
			ks = []tile.Kind{k, k + 1, k + 2}
		default:
			ks = []tile.Kind{k, k, k}
			kong = rng.IntN(5) == 0
			if kong {
				ks = append(ks, k)
			}
		}
		for _, x := range ks {
			all[x]++
			if all[x] > 4 {
				return h, mcr.Conditions{}, false
			}
		}
		if !pair && (kong || rng.IntN(3) == 0) {
			m := tile.Meld{Type: tile.Pon, From: 1 + rng.IntN(3)}
			switch {
			case ks[0] != ks[1]:
				m.Type = tile.Chi
			case kong && rng.IntN(2) == 0:
				m.Type, m.From = tile.ClosedKan, 0
			case kong:
				m.Type = tile.Kan
			}
			for _, x := range ks {
				m.Tiles = append(m.Tiles, take(x))
			}
			h.Melds = append(h.Melds, m)
			continue
		}
		if kong {
			return h, mcr.Conditions{}, false
		}
		concealed = append(concealed, ks...)
	}
	for _, k := range concealed {
		h.Concealed[k]++
	}
	c := mcr.Conditions{
		Win: concealed[rng.IntN(len(concealed))], SelfDrawn: rng.IntN(2) == 0,
		LastTile: rng.IntN(10) == 0, LastCopy: rng.IntN(10) == 0,
		Prevalent: tile.East + tile.Kind(rng.IntN(4)), Seat: tile.East + tile.Kind(rng.IntN(4)),
	}
	c.Replacement = c.SelfDrawn && rng.IntN(10) == 0
	c.Robbing = !c.SelfDrawn && rng.IntN(20) == 0
	return h, c, true
}

// Every random winning hand scores under both presets; the simplified
// preset only ever counts its 45 fans; totals are the sums of the fans;
// the official preset counts 无番和 only when nothing else scores.
func TestRandomHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	simplified := mcr.SimplifiedFans()
	n := 0
	for n < 3000 {
		h, c, ok := randomHand(rng)
		if !ok {
			continue
		}
		n++
		for _, o := range []mcr.Options{mcr.Official(), mcr.Simplified()} {
			r, err := mcr.Score(h, c, o)
			if err != nil {
				t.Fatalf("%+v %+v: %v", h, c, err)
			}
			sum := 0
			for _, s := range r.Fans {
				sum += s.Count * s.Points
				if o.Fans == mcr.FansSimplified && !simplified.Has(s.Fan) {
					t.Fatalf("simplified preset scored %s: %v", s.Fan, r.Fans)
				}
				if s.Fan == mcr.ChickenHand && len(r.Fans) > 1 {
					t.Fatalf("无番和 with other fans: %v", r.Fans)
				}
			}
			if sum != r.Total || r.Total != r.Points+r.Flowers || r.Winning != (r.Points >= o.Minimum) {
				t.Fatalf("totals %+v", r)
			}
			if o.Fans == mcr.FansOfficial && r.Points < 1 {
				t.Fatalf("official hand with no fan: %v", r.Fans)
			}
		}
	}
}

// D-MC-06: the knitted shapes are not winning shapes in the simplified
// preset (spec O4, O6).
func TestKnittedShapesOnlyOfficial(t *testing.T) {
	for _, s := range []string{"147m258p369s1234z5z", "147m258p369s777z9p9p"} {
		h, _ := mcr.ParseHand(s)
		c := mcr.Conditions{Win: tile.P9, Prevalent: tile.East, Seat: tile.East}
		if strings.HasSuffix(s, "5z") {
			c.Win = tile.White
		}
		if _, err := mcr.Score(h, c, mcr.Simplified()); !errors.Is(err, game.ErrNotWinning) {
			t.Errorf("%s wins in the simplified preset: %v", s, err)
		}
		if _, err := mcr.Score(h, c, mcr.Official()); err != nil {
			t.Errorf("%s official: %v", s, err)
		}
	}
}

func TestBadHands(t *testing.T) {
	for _, tc := range []struct {
		hand string
		win  tile.Kind
	}{
		{"123m456p789s11z22z", tile.M1}, // winning tile not held
		{"123m456p789s11z2z", tile.M1},  // 13 tiles
		{"11112m456p789s11z", tile.M1},  // a shape, but not a win
	} {
		h, err := mcr.ParseHand(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		_, err = mcr.Score(h, mcr.Conditions{Win: tc.win}, mcr.Official())
		if !errors.Is(err, mcr.ErrBadHand) && !errors.Is(err, game.ErrNotWinning) {
			t.Errorf("%s: %v, want an error", tc.hand, err)
		}
	}
	// A fifth copy, the melds' copies counted with the concealed ones
	// (ParseHand refuses it, so the copies are added after): the error
	// names the count and the kind.
	for _, tc := range []struct {
		hand string
		add  uint8
	}{{"456p789s22z3z(pon 111m<1)", 2}, {"456p789s22z33z(kan 1111m<1)", 1}} {
		h, err := mcr.ParseHand(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		h.Concealed[tile.M1] += tc.add
		_, err = mcr.Score(h, mcr.Conditions{Win: tile.East + 2}, mcr.Official())
		if !errors.Is(err, mcr.ErrBadHand) || !strings.Contains(err.Error(), "5 of 1m") {
			t.Errorf("%s with %d more 1m: %v, want a bad hand with 5 of 1m", tc.hand, tc.add, err)
		}
	}
	h, _ := mcr.ParseHand("123m456p789s11z22z1f")
	if _, err := mcr.Score(h, mcr.Conditions{Win: tile.M1}, mcr.Simplified()); !errors.Is(err, mcr.ErrBadHand) {
		t.Errorf("flowers at a table without them: %v", err)
	}
}

func TestOptions(t *testing.T) {
	for _, name := range []string{"official", "simplified"} {
		o, err := mcr.Preset(name)
		if err != nil || o.Validate() != nil || o.Fans != name {
			t.Fatalf("preset %s: %+v %v", name, o, err)
		}
	}
	if o := mcr.Simplified(); o.Minimum != 6 || o.Flowers || o.Base != 8 {
		t.Errorf("simplified %+v, want minimum 6, no flowers, base 8", o)
	}
	if o := mcr.Official(); o.Minimum != 8 || !o.Flowers || o.Hands != 16 {
		t.Errorf("official %+v", o)
	}
	if _, err := mcr.Preset("riichi"); !errors.Is(err, mcr.ErrOptions) {
		t.Errorf("unknown preset: %v", err)
	}
	for key, mut := range map[string]func(*mcr.Options){
		"fans":          func(o *mcr.Options) { o.Fans = "all" },
		"minimum":       func(o *mcr.Options) { o.Minimum = 0 },
		"mcr_edition":   func(o *mcr.Options) { o.Edition = "2019" },
		"multi_win":     func(o *mcr.Options) { o.MultiWin = "double" },
		"seat_rotation": func(o *mcr.Options) { o.SeatRotation = "chart" },
		"false_win":     func(o *mcr.Options) { o.FalseWin = "ignore" },
		"hands":         func(o *mcr.Options) { o.Hands = 0 },
		"display_units": func(o *mcr.Options) { o.DisplayUnits = "yen" },
	} {
		o := mcr.Official()
		mut(&o)
		err := o.Validate()
		if !errors.Is(err, mcr.ErrOptions) || !strings.Contains(err.Error(), key) {
			t.Errorf("%s: %v", key, err)
		}
		if _, err := mcr.New(o); err == nil {
			t.Errorf("%s: New accepted bad options", key)
		}
	}
	if n := mcr.SimplifiedFans(); n.Count() != 45 {
		t.Errorf("simplified preset has %d fans, want 45", n.Count())
	}
	if n := mcr.OfficialFans(); n.Count() != 81 {
		t.Errorf("official preset has %d fans, want 81", n.Count())
	}
}

func TestFanNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		fan  mcr.Fan
	}{{"三色三步高", mcr.MixedShiftedChows}, {"三色三歩高", mcr.MixedShiftedChows}, {"Mixed Shifted Chows", mcr.MixedShiftedChows},
		{"嵌张", mcr.ClosedWait}, {"海底撈月", mcr.LastTileClaim}, {"花牌", mcr.FlowerTiles}} {
		if f, ok := mcr.ParseFan(tc.name); !ok || f != tc.fan {
			t.Errorf("ParseFan(%q) = %v %v, want %v", tc.name, f, ok, tc.fan)
		}
	}
	if _, ok := mcr.ParseFan(""); ok {
		t.Error("ParseFan accepts the empty name")
	}
	if s := mcr.LastTileClaim.String(); s != "海底捞月 Last Tile Claim" {
		t.Errorf("String %q", s)
	}
	set := mcr.SimplifiedFans()
	for f := mcr.BigFourWinds; f <= mcr.FlowerTiles; f++ {
		if g, ok := mcr.ParseFan(f.Japanese()); set.Has(f) && (!ok || g != f) {
			t.Errorf("%s: seed name %s reads back as %v", f, f.Japanese(), g)
		}
	}
}
