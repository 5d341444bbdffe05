package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/internal/testdir"
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
		"--data", testdir.InMemory(t), "--mqtt", freeAddr(t), "--ws", freeAddr(t), "--http", "-"}
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

// jantaku run --sim --sensing --humans 1,3: the seats people play are
// taken, not refused, and the hand is played through sensing with those
// seats left to their seat pages while the simulated dealer's discard is
// read off the surface.
func TestRunSensingWithPeople(t *testing.T) {
	runSensed(t, []string{"--humans", "1,3"}, `msg="the hand is played through sensing" people="[1 3]"`)
}

// TestRunSensingHeldFields: --surface held plays the simulated hands
// through a reader per zone holding its field on, and the table takes
// the actions sensing reads there.
func TestRunSensingHeldFields(t *testing.T) {
	runSensed(t, []string{"--surface", "held"}, `msg="the hand is played through sensing" people=[] held_fields=true`)
}

// runSensed runs a simulated table with --sensing and the flags given
// until sensing has taken an action; the log must say started.
func runSensed(t *testing.T, flags []string, started string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	out := &lineWatch{match: "msg=\"sensing: accepted\"", on: cancel}
	args := append([]string{"--sim", "--sensing", "--speed", "50", "--seed", "3", "--log-level", "debug",
		"--data", testdir.InMemory(t), "--mqtt", freeAddr(t), "--ws", freeAddr(t), "--http", "-"}, flags...)
	if err := runCmd(ctx, args, nil, &syncBuf{}, out); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	log := out.String()
	if !strings.Contains(log, started) {
		t.Fatalf("no %s in the log:\n%s", started, log)
	}
	if ctx.Err() == context.DeadlineExceeded {
		t.Fatalf("sensing took no action in five minutes:\n%s", log)
	}
}

// --surface is refused with a value it does not know, without --sensing,
// and on hardware, where the profile says what the readers are.
func TestRunSurfaceFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sim", "--sensing", "--surface", "zones"}, `--surface "zones": want switched`},
		{[]string{"--sim", "--surface", "held"}, "add --sensing"},
		{[]string{"--profile", "../../hardware/profile/default.yaml", "--sensing", "--surface", "held"}, "--surface is for the simulated table"},
	} {
		var out bytes.Buffer
		err := runCmd(t.Context(), append(c.args, "--data", testdir.InMemory(t)), nil, &out, &out)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run %v: %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
}
