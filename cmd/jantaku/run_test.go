package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// Without --sim a profile drives the hardware; this machine has none.
func TestRunHardwareOffAPi(t *testing.T) {
	var out bytes.Buffer
	err := runCmd(t.Context(), []string{"--profile", "../../hardware/profile/default.yaml", "--db", t.TempDir() + "/tags.db"}, nil, &out, &out)
	if err == nil {
		t.Skip("this machine has the hardware")
	}
	if !strings.Contains(err.Error(), "no GPIO lines are registered") || !strings.Contains(err.Error(), "input eye0: pin GPIO4 not found on this board") {
		t.Errorf("run off a Pi: %v", err)
	}
}

// The game deals from the walls the machine raised: the dealer asks for
// Start once, says "not yet" until the walls are up, then deals exactly
// the tiles the inline readers recorded, broken by the machine's dice.
func TestMachineDealer(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	set := rs.Rules().Set
	reg := registry.Memory{}
	for u, tl := range sim.Tags(set, 'B') {
		reg[u] = registry.Entry{Set: 'B', Tile: tl}
	}
	uids := sim.List(set, 'B')
	w := cycle.Walls{Set: 'B'}
	for range 4 {
		w.Sides = append(w.Sides, uids[:34])
		uids = uids[34:]
	}
	walls := make(chan cycle.Hand, 1)
	starts := 0
	d := &machineDealer{walls: walls, reg: reg, start: func() { starts++ }, logger: slog.New(slog.DiscardHandler)}
	for range 3 {
		if _, err := d.Deal(t.Context(), g); !errors.Is(err, errWallsNotUp) {
			t.Fatalf("before the walls are up: %v", err)
		}
	}
	if starts != 1 {
		t.Fatalf("Start pressed %d times while waiting, want 1", starts)
	}
	walls <- cycle.Hand{Number: 1, Set: 'B', Dice: [2]int{1, 1}, Walls: w}
	dl, err := d.Deal(t.Context(), g)
	if err != nil {
		t.Fatal(err)
	}
	// Dice 1+1 from dealer East: the sum 2 picks South's wall (seat 1),
	// broken after 2 stacks; the first tile is its stack 3's upper tile,
	// laid sixth (index 5).
	if want := reg[w.Sides[1][5]].Tile; dl.Wall[0] != want || dl.Dice != [2]int{1, 1} {
		t.Errorf("first tile %v dice %v, want %v and 1+1", dl.Wall[0], dl.Dice, want)
	}
	if _, err := g.StartHand(dl); err != nil {
		t.Fatalf("the referee refused the machine's deal: %v", err)
	}
	// The next hand asks for Start again.
	if _, err := d.Deal(t.Context(), g); !errors.Is(err, errWallsNotUp) || starts != 2 {
		t.Errorf("next hand: %v, %d presses", err, starts)
	}
}

// jantaku run --machine on the simulator plays hands dealt from the
// machine's walls, the simulated players pressing Start between hands.
// The simulated machine runs on a paced clock, so however busy the CPU, a
// motor cannot seem to stall; if the machine faults all the same, the test
// stops at once and says so.
func TestRunMachineDealsTheWalls(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	out := &lineWatch{match: "msg=fault", on: cancel}
	args := []string{"--sim", "--machine", "--speed", "50", "--hands", "3", "--pace", "1ms", "--seed", "3",
		"--data", t.TempDir(), "--mqtt", freeAddr(t), "--ws", freeAddr(t), "--http", "-"}
	stdout := &syncBuf{}
	if err := runCmd(ctx, args, nil, stdout, out); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if ctx.Err() != nil {
		t.Fatalf("stopped before three walls-up: %v\n%s", ctx.Err(), out)
	}
	// The log goes to standard error, as without --machine; standard
	// output holds the table's summary only.
	if strings.Contains(stdout.String(), "level=") || !strings.Contains(out.String(), "level=INFO") {
		t.Errorf("log lines on standard output:\n%s", stdout)
	}
	// Walls 1 and 2 are each dealt once, in order; the third walls-up
	// stops the run, whether or not the game took those walls yet.
	var dealt []string
	for _, l := range strings.Split(out.String(), "\n") {
		if i := strings.Index(l, "hand="); i >= 0 && strings.Contains(l, "dealt from the machine's walls") {
			dealt = append(dealt, strings.Fields(l[i:])[0])
		}
		// The broker's store reports its empty $SYS record at first start.
		if strings.Contains(l, "level=ERROR") && !strings.Contains(l, "key=SYS") {
			t.Errorf("error logged: %s", l)
		}
	}
	if len(dealt) < 2 || len(dealt) > 3 || dealt[0] != "hand=1" || dealt[1] != "hand=2" || len(dealt) == 3 && dealt[2] != "hand=3" {
		t.Errorf("hands dealt from the walls: %v, want hand=1 and hand=2 (then hand=3 or nothing)\n%s", dealt, out)
	}
}

// lineWatch is a log sink that calls on once a line containing match is
// written: a test stops at the first sign of failure instead of waiting out
// its deadline.
type lineWatch struct {
	syncBuf
	match string
	on    func()
	once  sync.Once
}

func (w *lineWatch) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(w.match)) {
		w.once.Do(w.on)
	}
	return w.syncBuf.Write(p)
}
