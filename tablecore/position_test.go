package tablecore_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// legalStrings lists what every seat may do, as text (tile faces, not
// copies), sorted.
func legalStrings(g *tablecore.Game) []string {
	var out []string
	for s := 0; s < g.Rules().Players; s++ {
		for _, a := range g.Legal(game.Seat(s)) {
			out = append(out, a.String())
		}
	}
	slices.Sort(out)
	return out
}

// roundTrip writes g's position, reads it back, sets a game up from it and
// checks that the new game writes the same position and allows the same
// actions.
func roundTrip(t *testing.T, rs game.Ruleset, g *tablecore.Game, where string) {
	t.Helper()
	text := g.Position().String()
	p, err := tablecore.ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: the written position does not parse: %v\n%s", where, err, text)
	}
	g2, err := tablecore.FromPosition(rs, p)
	if err != nil {
		t.Fatalf("%s: no game from the written position: %v\n%s", where, err, text)
	}
	if again := g2.Position().String(); again != text {
		t.Fatalf("%s: the position does not round-trip:\nwrote\n%s\nread back as\n%s", where, text, again)
	}
	if a, b := legalStrings(g), legalStrings(g2); !slices.Equal(a, b) {
		t.Fatalf("%s: the game from the position allows %v; the game itself %v\n%s", where, b, a, text)
	}
}

// seenRoundTrip checks the position as each seat sees it: it reads back
// as written, and a game set up from it (the unknown tiles filled) lets
// that seat do what the game itself lets it do, draws aside (the wall is
// not shown).
func seenRoundTrip(t *testing.T, rs game.Ruleset, g *tablecore.Game, where string) {
	t.Helper()
	full := g.Position()
	for s := 0; s < g.Rules().Players; s++ {
		seen := full.Seen(game.Seat(s))
		text := seen.String()
		p, err := tablecore.ParsePosition(text)
		if err != nil {
			t.Fatalf("%s: seat %d's position does not parse: %v\n%s", where, s, err, text)
		}
		if again := p.String(); again != text {
			t.Fatalf("%s: seat %d's position reads back as\n%s\nwritten\n%s", where, s, again, text)
		}
		g2, err := tablecore.FromPosition(rs, p, tablecore.FillUnknown())
		if err != nil {
			t.Fatalf("%s: no game from seat %d's position: %v\n%s", where, s, err, text)
		}
		mine := func(g *tablecore.Game) []string {
			var out []string
			for _, a := range g.Legal(game.Seat(s)) {
				if a.Kind != game.Draw {
					out = append(out, a.String())
				}
			}
			slices.Sort(out)
			return out
		}
		if a, b := mine(g), mine(g2); !slices.Equal(a, b) {
			t.Fatalf("%s: from its own position seat %d may %v; in the game %v\n%s", where, s, b, a, text)
		}
	}
}

// TestPositionRoundTripsSimulatedGames plays every ruleset with random
// legal actions and round-trips the position after every step.
func TestPositionRoundTripsSimulatedGames(t *testing.T) {
	names := []string{"riichi", "riichi/mahjongsoul", "mcr", "mcr/simplified", "sichuan", "wuhan", "wuhan/jingzhou3p", "shanghai", "shanghai/laoshi"}
	for i, name := range names {
		t.Run(strings.ReplaceAll(name, "/", "-"), func(t *testing.T) {
			rs, err := rulesets.New(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			g, err := tablecore.New(rs, 0)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(i+1), 20))
			roundTrip(t, rs, g, "before the first deal")
			for hand := 0; hand < 2 && !g.Over(); hand++ {
				w := g.Rules().Set.Tiles()
				rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
				if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}}); err != nil {
					t.Fatal(err)
				}
				for step := 0; g.Hand().Phase != game.Over; step++ {
					roundTrip(t, rs, g, "hand "+strconv.Itoa(hand)+" step "+strconv.Itoa(step))
					seenRoundTrip(t, rs, g, "hand "+strconv.Itoa(hand)+" step "+strconv.Itoa(step))
					var all []game.Action
					for s := 0; s < g.Rules().Players; s++ {
						all = append(all, g.Legal(game.Seat(s))...)
					}
					if len(all) == 0 {
						t.Fatalf("nobody may act")
					}
					if _, err := g.Apply(all[rng.IntN(len(all))]); err != nil {
						t.Fatal(err)
					}
				}
				roundTrip(t, rs, g, "after hand "+strconv.Itoa(hand))
			}
		})
	}
}

// TestPositionRoundTripsCorpusGames replays real games hand by hand and
// round-trips the position after every action: walls with unknown tiles,
// dead walls, kongs, riichi and claims as Tenhou played them.
func TestPositionRoundTripsCorpusGames(t *testing.T) {
	dir := corpus(t)
	files, _ := filepath.Glob(filepath.Join(dir, "tenhou", "mjai-reviewer", "*.json"))
	// And two whole games.
	files = append(files, filepath.Join(dir, "tenhou", "mjx", "tenhou6", "2010081709gm-00a9-0000-fe3371ad.json"))
	for _, f := range []string{"models__format6__full_hanchan.json", "helpers__onlineLog__format6__four_kan_draw.json", "helpers__onlineLog__format6__doubleron.json", "helpers__onlineLog__format6__pao_ron.json"} {
		files = append(files, filepath.Join(dir, "tenhou", "pantheon-gpl3", "tenhou6", f))
	}
	if len(files) == 0 {
		t.Fatalf("no records in %s", dir)
	}
	games := 0
	for _, path := range files {
		rec, err := readRecord(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rs := tenhouRuleset(t, rec)
		for i := range rec.Hands {
			h := &rec.Hands[i]
			// Replay once to learn the hand's actions, then again step by step.
			g := startAt(t, rs, h)
			if err := tablecore.ReplayHand(g, h); err != nil {
				if _, ok := excluded[strings.TrimPrefix(filepath.ToSlash(path), filepath.ToSlash(dir)+"/")]; ok {
					continue // a record the referee is not held to (replay_test.go)
				}
				t.Fatalf("%s: %v", path, err)
			}
			log := slices.Clone(g.Hand().Log)
			d, err := tablecore.WallOf(h, rs.Rules().Set, h.Dealer())
			if err != nil {
				t.Fatal(err)
			}
			g2 := startAt(t, rs, h)
			if _, err := g2.StartHand(d); err != nil {
				t.Fatal(err)
			}
			where := filepath.Base(path) + " " + h.String()
			roundTrip(t, rs, g2, where+" at the deal")
			for k, a := range log {
				if _, err := g2.Apply(a); err != nil {
					t.Fatalf("%s: action %d (%s) refused on the second replay: %v", where, k, a, err)
				}
				roundTrip(t, rs, g2, where+" after "+a.String())
			}
			games++
		}
	}
	if games < 40 {
		t.Fatalf("only %d corpus hands round-tripped", games)
	}
	t.Logf("%d hands, every step", games)
}

func startAt(t *testing.T, rs game.Ruleset, h *record.Hand) *tablecore.Game {
	t.Helper()
	g, err := tablecore.New(rs, game.Seat(h.Dealer()))
	if err != nil {
		t.Fatal(err)
	}
	st := game.Standing{Dealer: game.Seat(h.Dealer()), Round: tile.East + tile.Kind(h.Round/4), Number: h.Round % 4, Honba: h.Honba, Pot: 1000 * h.Sticks, Scores: slices.Clone(h.Scores[:])}
	if err := tablecore.SetStanding(g, st); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestParsePositionErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"game E1 dealer 0 scores 1 2 3 4", "turn: missing"},
		{"game E1 dealer 0 scores 1 2 3 4\nturn 0 act", "wall: missing"},
		{"game X1 dealer 0 scores 1 2 3 4\nturn 0 deal", "line 1: game"},
		{"game E1 dealer 5 scores 1 2 3 4\nturn 0 deal", "dealer must be a seat"},
		{"game E1 dealer 0 scores 1 2 3 4\nturn 0 deal\nbogus 1", "line 3: bogus: unknown line"},
		{"game E1 dealer 0 scores 1 2 3 4;turn 0 fly", "line 2: turn: unknown stage"},
		{"game E1 dealer 0 scores 1 2 3 4\nturn 0 act\nwall drawn 0+0 reserve 0: 5m\nseat 0 12x", "line 4: seat 0: hand"},
	} {
		_, err := tablecore.ParsePosition(tc.text)
		if err == nil || !errors.Is(err, tablecore.ErrPosition) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePosition(%q) = %v, want an ErrPosition naming %q", tc.text, err, tc.want)
		}
	}
}

// BenchmarkPosition writes, reads and sets up the position of a riichi
// hand forty actions in: what "jantaku legal" does before it answers.
func BenchmarkPosition(b *testing.B) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := tablecore.New(rs, 0)
	rng := rand.New(rand.NewPCG(3, 3))
	w := rs.Rules().Set.Tiles()
	rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 40 && g.Hand().Phase != game.Over; i++ {
		var all []game.Action
		for s := 0; s < 4; s++ {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if _, err := g.Apply(all[rng.IntN(len(all))]); err != nil {
			b.Fatal(err)
		}
	}
	text := g.Position().String()
	for b.Loop() {
		p, err := tablecore.ParsePosition(g.Position().String())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tablecore.FromPosition(rs, p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(text)), "bytes/position")
}
