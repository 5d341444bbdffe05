package tablecore_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/journal"
)

// step makes one deterministic random input on tb: a deal, or a legal
// action. The same seed from the same state gives the same input.
func step(ctx context.Context, tb *tablecore.Table, rng *rand.Rand) error {
	g := tb.Game()
	if h := g.Hand(); h == nil || h.Phase == game.Over {
		w := g.Rules().Set.Tiles()
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		_, err := tb.StartHand(ctx, tablecore.Deal{Wall: w, Dice: [2]int{2, 3}})
		return err
	}
	var all []game.Action
	for s := 0; s < 4; s++ {
		all = append(all, g.Legal(game.Seat(s))...)
	}
	_, err := tb.Apply(ctx, all[rng.IntN(len(all))])
	return err
}

// TestKillMidGame runs a game in a child process, kills it with SIGKILL at
// a random moment, and reopens its journal: the game resumes at exactly
// the state after the inputs the journal kept, which include every input
// the child had reported done. JANTAKU_KILL_TRIALS sets the number of
// trials (default 4; the documented long run uses 200).
func TestKillMidGame(t *testing.T) {
	if os.Getenv("JANTAKU_KILL_CHILD") != "" {
		killChild()
		return
	}
	trials := 4
	if n, err := strconv.Atoi(os.Getenv("JANTAKU_KILL_TRIALS")); err == nil && n > 0 {
		trials = n
	}
	rng := rand.New(rand.NewPCG(77, 78))
	for trial := 0; trial < trials; trial++ {
		dir := testdir.InMemory(t)
		path := filepath.Join(dir, "game.jnl")
		seed := rng.Uint64()
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillMidGame$")
		cmd.Env = append(os.Environ(), "JANTAKU_KILL_CHILD="+path, "JANTAKU_KILL_SEED="+strconv.FormatUint(seed, 10))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		want := 30 + rng.IntN(400) // inputs reported before the kill
		acked := 0
		for sc.Scan() {
			if n, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "done ")); err == nil {
				acked = n
			}
			if acked >= want {
				break
			}
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if acked < want {
			t.Fatalf("trial %d: the child reported only %d inputs", trial, acked)
		}

		// Count the inputs the journal kept, then rebuild the same game in
		// memory for that many inputs and compare.
		kept := 0
		if err := journal.Replay(path, func(journal.Event) error { kept++; return nil }); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		kept-- // the game record
		if kept < acked {
			t.Fatalf("trial %d: the journal kept %d inputs, the child had reported %d done", trial, kept, acked)
		}
		re, err := tablecore.Open(context.Background(), path, testResolver, fixedClock)
		if err != nil {
			t.Fatalf("trial %d: reopen: %v", trial, err)
		}
		got := snapshot(t, re.Game())
		re.Close()
		ref, err := tablecore.Create(context.Background(), filepath.Join(dir, "ref.jnl"), "test", nil, testResolver, 0, fixedClock)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < kept; i++ {
			if err := step(context.Background(), ref, r); err != nil {
				t.Fatalf("trial %d: reference input %d: %v", trial, i, err)
			}
		}
		if want := snapshot(t, ref.Game()); got != want {
			t.Fatalf("trial %d: the resumed game differs from the game after %d inputs", trial, kept)
		}
		ref.Close()
	}
}

// killChild plays until killed, reporting each input once it is journaled.
func killChild() {
	path := os.Getenv("JANTAKU_KILL_CHILD")
	seed, _ := strconv.ParseUint(os.Getenv("JANTAKU_KILL_SEED"), 10, 64)
	ctx := context.Background()
	tb, err := tablecore.Create(ctx, path, "test", nil, testResolver, 0, fixedClock)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for n := 1; ; n++ {
		if err := step(ctx, tb, r); err != nil {
			if errors.Is(err, tablecore.ErrGameOver) {
				time.Sleep(time.Hour) // wait to be killed
			}
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("done", n)
	}
}
