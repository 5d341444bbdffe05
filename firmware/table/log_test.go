package table

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

func TestDescribeLegal(t *testing.T) {
	ts := tile.MustParse("1m2m3m4m5m6m")
	var legal []game.Action
	for _, x := range ts {
		legal = append(legal, game.Action{Kind: game.Discard, Tile: x})
	}
	legal = append(legal, game.Action{Kind: game.Pass})
	for s := tile.Man; s <= tile.Sou; s++ {
		legal = append(legal, game.Action{Kind: game.Missing, Suit: s})
	}
	got := describeLegal(legal)
	want := "discard (6 tiles), pass, missing-suit (" + tile.Man.String() + " " + tile.Pin.String() + " " + tile.Sou.String() + ")"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A journal of other rules than those asked for is archived as it stood
// and a game of the asked rules begins; without rules asked for, the
// journal's game resumes.
func TestOtherRulesArchiveTheUnfinishedGame(t *testing.T) {
	s, _ := newService(t, "sichuan", []bool{true, true, true, true}, 0)
	dir := s.dir
	ctx := context.Background()
	if _, err := s.step(ctx); err != nil { // the first hand is dealt
		t.Fatal(err)
	}
	s.Close()

	again := func(ruleset string, given bool) *Table {
		s2, err := New(ctx, Config{Dir: dir, Ruleset: ruleset, RulesGiven: given, Publisher: &recorder{}, Simulated: []bool{true, true, true, true}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s2.Close)
		return s2
	}
	s2 := again("riichi", false)
	if s2.t.Name != "sichuan" {
		t.Fatalf("without --rules the game resumed as %s, want sichuan", s2.t.Name)
	}
	s2.Close()
	s3 := again("riichi", true)
	if s3.t.Name != "riichi" {
		t.Fatalf("with --rules riichi the game is %s", s3.t.Name)
	}
	games, err := s3.arch.List()
	if err != nil || len(games) != 1 || games[0].Ruleset != "sichuan" {
		t.Fatalf("archive %+v %v, want the unfinished sichuan game", games, err)
	}
}

// While a person could claim a discard, the simulated seats wait out the
// claim window (none draws, which would close it over the person's claim);
// once the window has passed, the next draw closes it, as it does after
// every discard whatever the hands hold (claimwindow.go).
func TestSimulatedSeatsWaitOutTheClaimWindow(t *testing.T) {
	for _, rs := range []string{"riichi/tenhou", "sichuan", "wuhan", "mcr"} {
		t.Run(rs, func(t *testing.T) { waitOutTheClaimWindow(t, rs) })
	}
}

func waitOutTheClaimWindow(t *testing.T, ruleset string) {
	s, _ := newService(t, ruleset, []bool{true, true, false, true}, 0)
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	s.claimWindow = time.Second
	ctx := context.Background()
	const person = 2
	checked := 0
	var lastWindow tablecore.ClaimView
	for moves := 0; moves < 20000 && checked < 20; moves++ {
		v := s.t.Game().View(person)
		var claim, pass, own []tablecore.ActionView
		for _, a := range v.Legal {
			switch a.Kind {
			case "pon", "chi", "kan", "ron":
				claim = append(claim, a)
			case "pass":
				pass = append(pass, a)
			case "discard", "draw", "flower", "missing-suit":
				own = append(own, a)
			}
		}
		if v.Phase != "claims" || v.Claim == nil {
			lastWindow = tablecore.ClaimView{}
		}
		fresh := v.Phase == "claims" && v.Claim != nil && *v.Claim != lastWindow
		switch {
		case fresh && len(claim) > 0:
			lastWindow = *v.Claim // checked once: after its end the person passes
			seq := v.Seq
			for range 20 {
				if _, err := s.step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			// The simulated seats may answer the window themselves; it
			// stays open, on the same tile, with seat 2's claim offered.
			after := s.t.Game().View(person)
			still := after.Phase == "claims" && after.Claim != nil && v.Claim != nil && *after.Claim == *v.Claim &&
				slices.ContainsFunc(after.Legal, func(a tablecore.ActionView) bool { return a.Kind == claim[0].Kind && a.Tile == claim[0].Tile })
			if !still {
				t.Fatalf("the simulated seats moved on (seq %d → %d, phase %s) while seat %d could %s %s", seq, after.Seq, after.Phase, person, claim[0].Kind, claim[0].Tile)
			}
			checked++
			now = now.Add(s.claimWindow)
			if _, err := s.step(ctx); err != nil {
				t.Fatal(err)
			}
			if after := s.t.Game().View(person); after.Seq == seq {
				// The person draws next: the window no longer holds the draw.
				if err := s.command(ctx, Command{Type: "ok", Seat: person}); err != nil {
					t.Fatalf("the claim window on %s passed but the game did not move on (seq %d, phase %s): %v", claim[0].Tile, seq, after.Phase, err)
				}
			}
		case len(own) > 0 && (v.Phase != "claims" || len(claim) == 0 && len(pass) == 0):
			args, _ := json.Marshal(own[len(own)-1])
			err := s.command(ctx, Command{Type: "ok", Seat: person, Args: args})
			if errors.Is(err, ErrBusy) {
				now = now.Add(100 * time.Millisecond) // the person's draw waits out the window
			} else if err != nil && !(v.Phase == "claims" && s.t.Game().View(person).Seq != v.Seq) {
				t.Fatal(err) // unless the simulated seats' calls, played as the window ended, took the turn
			}
		case len(pass) > 0:
			args, _ := json.Marshal(pass[0])
			if err := s.command(ctx, Command{Type: "pass", Seat: person, Args: args}); err != nil {
				t.Fatal(err)
			}
			now = now.Add(100 * time.Millisecond)
			if _, err := s.step(ctx); err != nil {
				t.Fatal(err)
			}
		default:
			now = now.Add(100 * time.Millisecond) // the table's tick
			if _, err := s.step(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("seat 2 never had a claim to answer")
	}
}
