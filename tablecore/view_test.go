package tablecore_test

import (
	"encoding/json"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

func TestViewsKeepHandsPrivate(t *testing.T) {
	g := start(t, tablecoretest.New(), ronHands, "4s", "")
	pub := g.View(tablecore.Public)
	for _, s := range pub.Seats {
		if len(s.Hand) != 0 {
			t.Fatalf("public view shows seat %d's hand", s.Seat)
		}
	}
	if pub.Seats[0].Tiles != 14 || pub.Seats[1].Tiles != 13 || pub.WallLeft != 136-53 {
		t.Fatalf("counts: %d %d wall %d", pub.Seats[0].Tiles, pub.Seats[1].Tiles, pub.WallLeft)
	}
	own := g.View(0)
	if len(own.Seats[0].Hand) != 14 || len(own.Seats[1].Hand) != 0 {
		t.Fatalf("seat 0's view: own %d tiles, seat 1 %d", len(own.Seats[0].Hand), len(own.Seats[1].Hand))
	}
	if len(own.Legal) == 0 || own.Legal[0].Kind == "" {
		t.Fatalf("seat 0's view lists no legal actions")
	}
	if len(g.View(1).Legal) != 0 {
		t.Fatalf("seat 1 may act during the dealer's turn")
	}
	spec := g.View(tablecore.Spectators)
	for _, s := range spec.Seats {
		if len(s.Hand) != s.Tiles {
			t.Fatalf("spectators see %d of seat %d's %d tiles", len(s.Hand), s.Seat, s.Tiles)
		}
	}
	// The public JSON must not contain any seat's concealed tiles: check a
	// tile only seat 1 holds (the 5z: seat 3 holds the other three).
	b, _ := json.Marshal(pub)
	if strings.Contains(string(b), `"5z"`) {
		t.Fatalf("public view leaks a concealed tile: %s", b)
	}
	// After a discard the pond and claim are public.
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "9s")})
	pub = g.View(tablecore.Public)
	if len(pub.Seats[0].Discards) != 1 || pub.Seats[0].Discards[0].Tile != "9s" || pub.Claim == nil || pub.Claim.Tile != "9s" {
		t.Fatalf("after the discard: %+v claim %+v", pub.Seats[0].Discards, pub.Claim)
	}
}

// TestViewsCountTheSet: every view says which kinds the game's set holds
// other than four times, so a display counting unseen tiles is right for
// every set: three-player riichi has no 2m–8m, 荊州 neither the removed
// suit nor East (§13.6), Sichuan no honours; the 136-tile set says
// nothing.
func TestViewsCountTheSet(t *testing.T) {
	cases := []struct {
		ruleset string
		absent  []string
	}{
		{"riichi", nil},
		{"riichi/sanma", []string{"2m", "3m", "4m", "5m", "6m", "7m", "8m"}},
		{"sichuan", []string{"1z", "2z", "3z", "4z", "5z", "6z", "7z"}},
		{"wuhan/jingzhou3p", []string{"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1z"}},
	}
	for _, c := range cases {
		rs, err := rulesets.New(c.ruleset, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := tablecore.New(rs, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, audience := range []int{tablecore.Public, 0, tablecore.Spectators} {
			v := g.View(audience)
			if len(v.Copies) != len(c.absent) {
				t.Errorf("%s, audience %d: copies %v, want none of %v", c.ruleset, audience, v.Copies, c.absent)
				continue
			}
			for _, code := range c.absent {
				if n, ok := v.Copies[code]; !ok || n != 0 {
					t.Errorf("%s, audience %d: copies[%s] = %d, %v; want 0", c.ruleset, audience, code, n, ok)
				}
			}
		}
	}
}
