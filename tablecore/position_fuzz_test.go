package tablecore_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// FuzzParsePosition: any text either is refused with an ErrPosition or
// reads into a position that writes itself back unchanged; a position a
// ruleset accepts sets up a game whose position round-trips and whose
// legal actions can be listed. The seeds are positions of random play
// under every ruleset, made at fuzz time.
func FuzzParsePosition(f *testing.F) {
	names := []string{"riichi", "mcr", "sichuan", "wuhan", "shanghai"}
	for i, name := range names {
		rs, err := rulesets.New(name, nil)
		if err != nil {
			f.Fatal(err)
		}
		g, _ := tablecore.New(rs, 0)
		f.Add(g.Position().String())
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		w := rs.Rules().Set.Tiles()
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{2, 5}}); err != nil {
			f.Fatal(err)
		}
		for step := 0; step < 40 && g.Hand().Phase != game.Over; step++ {
			if step%8 == 0 {
				f.Add(g.Position().String())
				f.Add(g.Position().Seen(game.Seat(step % rs.Rules().Players)).String())
			}
			var all []game.Action
			for s := 0; s < rs.Rules().Players; s++ {
				all = append(all, g.Legal(game.Seat(s))...)
			}
			if _, err := g.Apply(all[rng.IntN(len(all))]); err != nil {
				f.Fatal(err)
			}
		}
	}
	f.Add("game E1 dealer 0 scores 1 2 3 4;turn 0 deal")
	rss := map[string]game.Ruleset{}
	for _, name := range names {
		rss[name], _ = rulesets.New(name, nil)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := tablecore.ParsePosition(text)
		if err != nil {
			if !errors.Is(err, tablecore.ErrPosition) {
				t.Fatalf("error %v is not ErrPosition", err)
			}
			return
		}
		out := p.String()
		p2, err := tablecore.ParsePosition(out)
		if err != nil {
			t.Fatalf("the written form of an accepted position does not read: %v\n%s", err, out)
		}
		if again := p2.String(); again != out {
			t.Fatalf("written twice differently:\n%s\n%s", out, again)
		}
		for name, rs := range rss {
			if p.Ruleset != "" && !strings.HasPrefix(p.Ruleset, name) {
				continue
			}
			g, err := tablecore.FromPosition(rs, p, tablecore.FillUnknown())
			if err != nil {
				if !errors.Is(err, tablecore.ErrPosition) {
					t.Fatalf("%s: error %v is not ErrPosition", name, err)
				}
				continue
			}
			for s := 0; s < rs.Rules().Players; s++ {
				g.Legal(game.Seat(s))
				g.Refusals(game.Seat(s))
			}
			g2, err := tablecore.FromPosition(rs, g.Position(), tablecore.FillUnknown())
			if err != nil {
				t.Fatalf("%s: the position of a game set up from a position is refused: %v", name, err)
			}
			if a, b := g.Position().String(), g2.Position().String(); a != b {
				t.Fatalf("%s: not stable:\n%s\n%s", name, a, b)
			}
			// Play on a little: whatever is listed as legal is accepted.
			for step := 0; step < 12 && g.Hand() != nil && g.Hand().Phase != game.Over; step++ {
				var all []game.Action
				for s := 0; s < rs.Rules().Players; s++ {
					all = append(all, g.Legal(game.Seat(s))...)
				}
				if len(all) == 0 {
					break
				}
				if _, err := g.Apply(all[step%len(all)]); err != nil {
					t.Fatalf("%s: %s listed as legal but refused: %v", name, all[step%len(all)], err)
				}
			}
		}
	})
}
