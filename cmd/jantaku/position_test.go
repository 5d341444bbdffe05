package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// riichiPosition is docs/position.md's riichi example, on one line.
const riichiPosition = "ruleset riichi;game E1 dealer 0 honba 0 pot 1000 hands 0 scores 25000 25000 25000 24000;turn 0 claim;" +
	"wall drawn 57+0 reserve 14: 57- 65? | 8? [3m] 5?;seat 0 E 1199m1357p2468s1z pond 9s 3m;seat 1 S 12m456789p11225z pond 7z;" +
	"seat 2 W 45m234567p88999s pond 6m;seat 3 N 3m234p345s678s777m pond 9p*;claim 0 3m"

func runJantaku(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPositionCommand(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "game.jnl")
	clock := func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) }
	tb, err := tablecore.Create(ctx, path, "sichuan", nil, rulesets.New, 0, clock)
	if err != nil {
		t.Fatal(err)
	}
	g := tb.Game()
	rng := rand.New(rand.NewPCG(4, 2))
	w := g.Rules().Set.Tiles()
	rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	if _, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{3, 3}}); err != nil {
		t.Fatal(err)
	}
	var at5 string
	for i := 0; i < 20 && g.Hand().Phase != game.Over; i++ {
		var all []game.Action
		for s := 0; s < 4; s++ {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if _, err := tb.Apply(ctx, all[rng.IntN(len(all))]); err != nil {
			t.Fatal(err)
		}
		if tb.Records() == 5 {
			at5 = tb.Position().String()
		}
	}
	last := tb.Position().String()
	records := tb.Records()
	tb.Close()

	code, out, errs := runJantaku(t, "", "position", path)
	if code != 0 || !strings.HasSuffix(out, last) || !strings.Contains(out, "ruleset sichuan\n") {
		t.Fatalf("position: exit %d %s\n%s\nwant the table's own position\n%s", code, errs, out, last)
	}
	code, out, _ = runJantaku(t, "", "position", path, "--step", "5")
	if code != 0 || !strings.HasSuffix(out, at5) || !strings.HasPrefix(out, "# "+path+" after record 5 of ") {
		t.Fatalf("position --step 5: exit %d\n%s\nwant\n%s", code, out, at5)
	}
	// What it prints is a position legal reads.
	if code, out, errs := runJantaku(t, out, "legal", "-"); code != 0 || !strings.Contains(out, "seat 0 (East):") {
		t.Fatalf("legal on a printed position: exit %d %s\n%s", code, errs, out)
	}
	// As seat 2 sees it: its own tiles only, and legal answers for it alone
	// what it answers from the whole position, draws aside.
	code, seen, errs := runJantaku(t, "", "position", "--seat", "2", path)
	if code != 0 || !strings.Contains(seen, "seat 0 E 13?") && !strings.Contains(seen, "seat 0 E 14?") {
		t.Fatalf("position --seat 2: exit %d %s\n%s", code, errs, seen)
	}
	_, fromSeen, _ := runJantaku(t, seen, "legal", "-")
	_, fromAll, _ := runJantaku(t, last, "legal", "--seat", "2", "-")
	if !strings.Contains(fromSeen, "seat 0 (East): its concealed tiles are not shown\n") || !strings.Contains(dropDraws(fromSeen), dropDraws(fromAll)) {
		t.Fatalf("legal from seat 2's position:\n%s\nwant seat 2's part of\n%s", fromSeen, fromAll)
	}
	if code, _, errs := runJantaku(t, seen, "legal", "--seat", "1", "-"); code != 2 || !strings.Contains(errs, "does not show that seat's concealed tiles") {
		t.Fatalf("legal --seat 1 on seat 2's position: exit %d %s", code, errs)
	}
	if code, _, errs := runJantaku(t, "", "position", "--step", "999", path); code != 2 || !strings.Contains(errs, "no step 999") {
		t.Fatalf("a step past the end: exit %d %s (the journal has %d records)", code, errs, records)
	}
	if code, _, errs := runJantaku(t, "", "position", filepath.Join(t.TempDir(), "none.jnl")); code != 1 || errs == "" {
		t.Fatalf("no journal: exit %d %q", code, errs)
	}
}

func TestLegalCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "r.pos")
	os.WriteFile(file, []byte(strings.ReplaceAll(riichiPosition, ";", "\n")), 0o644)
	for _, args := range [][]string{{"legal", riichiPosition}, {"legal", file}, {"legal", "-"}} {
		code, out, errs := runJantaku(t, strings.ReplaceAll(riichiPosition, ";", "\n"), args...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args[1:], code, errs)
		}
		for _, want := range []string{
			"seat 1 (South):\n  pass\n  chi 3m with 12m\n",
			"refused: ron 3m: riichi: discard furiten",
			"refused: chi 3m with 45m: chi only from the previous player",
			"  ron 3m\n    3 han 40 fu, 5200\n",
			"seat 0 pays seat 3 5200\n    the pot pays seat 3 1000\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: the answer lacks %q:\n%s", args[1:], want, out)
			}
		}
	}
	code, out, _ := runJantaku(t, "", "legal", "--seat", "2", riichiPosition)
	if code != 0 || strings.Contains(out, "seat 1") || !strings.Contains(out, "seat 2 (West):") {
		t.Fatalf("--seat 2: exit %d\n%s", code, out)
	}
	code, out, _ = runJantaku(t, "", "score", "--position", riichiPosition)
	if code != 0 || !strings.Contains(out, "seat 3 (North):\n  ron 3m\n    3 han 40 fu, 5200") || strings.Contains(out, "chi 3m") || !strings.Contains(out, "seat 1 (South):\n  no win") {
		t.Fatalf("score --position: exit %d\n%s", code, out)
	}
	// Mistakes are named.
	noRules := strings.TrimPrefix(riichiPosition, "ruleset riichi;")
	if code, _, errs := runJantaku(t, "", "legal", noRules); code != 2 || !strings.Contains(errs, "give --rules") {
		t.Fatalf("no ruleset: exit %d %s", code, errs)
	}
	if code, out, _ := runJantaku(t, "", "legal", "--rules", "riichi/tenhou", noRules); code != 0 || !strings.Contains(out, "chi 3m with 12m") {
		t.Fatalf("--rules: exit %d %s", code, out)
	}
	if code, _, errs := runJantaku(t, "", "legal", strings.Replace(riichiPosition, "seat 1 S 12m", "seat 1 S 12m345m", 1)); code != 1 || !strings.Contains(errs, "position: seat 1: holds 16 tiles") {
		t.Fatalf("a seat with 16 tiles: exit %d %s", code, errs)
	}
	if code, _, errs := runJantaku(t, "", "legal", "no-such-file"); code != 2 || !strings.Contains(errs, "neither a file nor a position") {
		t.Fatalf("a missing file: exit %d %s", code, errs)
	}
}

// dropDraws removes the draw lines of a legal answer: a seat's own
// position does not show the wall.
func dropDraws(s string) string {
	var out []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(l, "  draw ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}
