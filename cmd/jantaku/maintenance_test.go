package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// maintenance runs "jantaku maintenance args..." in-process with stdin.
func maintenance(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := maintenanceCmd(t.Context(), args, strings.NewReader(stdin), &out, &errb)
	return out.String() + errb.String(), err
}

func TestMaintenanceCheckProfile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(good, profile.DefaultYAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	// As docs/install.md writes it, and with the file as an argument.
	for _, args := range [][]string{{"check", "--profile", good}, {"check", good}} {
		out, err := maintenance(t, "", args...)
		if err != nil || !strings.Contains(out, "profile jantaku-hat-v1 is valid") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	bad := filepath.Join(dir, "bad.yaml")
	text := strings.Replace(string(profile.DefaultYAML()), "lid:   {pin: GPIO22, pull: up, nc: true}", "lid:   {pin: GPIO15, pull: down}", 1)
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := maintenance(t, "", "check", "--profile", bad)
	if err == nil || !strings.Contains(err.Error(), "GPIO15 is the UART's RXD") || !strings.Contains(err.Error(), "input lid guards motion") {
		t.Errorf("check of a profile with a normally-open lid on the UART: %v", err)
	}
	out, err := maintenance(t, "", "wiring", "--svg", "--profile", good)
	if err != nil || !strings.HasPrefix(out, "<svg") {
		t.Errorf("wiring --svg: %v\n%.200s", err, out)
	}
}

func TestMaintenanceBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"jog", "trey", "--sim"}, `unknown motor "trey" (motors: conveyor0, conveyor1`},
		{[]string{"jog", "tray", "--sim", "--dir", "up"}, `--dir "up": want fwd or rev`},
		{[]string{"jog", "tray", "--sim", "--speed", "2"}, "speed 2 out of range (0, 1]"},
		{[]string{"jog", "tray", "--sim", "--for", "1m"}, "at most 10s"},
		{[]string{"watch", "lid0", "--sim"}, `unknown sensor "lid0" (inputs: estop, eye0, eye1`},
		{[]string{"scan", "seat9.hand", "--sim", "--rounds", "1"}, `unknown antenna "seat9.hand" (all, or a zone: deadwall, drop, seat0.discards`},
		{[]string{"read", "inline7", "--sim"}, `unknown reader "inline7" (readers: inline0, inline1, inline2, inline3, surface`},
		{[]string{"register", "zz", "1m", "0", "A"}, `bad UID "zz": not hex`},
		{[]string{"register", "--sim", "--label", "C"}, `--label "C": want A or B`},
		{[]string{"register", "--sim", "--at", "nowhere"}, `--at "nowhere": not a zone`},
		{[]string{"frob"}, `unknown subcommand "frob"`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				out, err := maintenance(t, "", append(c.args, "--db", filepath.Join(t.TempDir(), "t.db"))...)
				if err == nil {
					t.Fatalf("no error; output:\n%s", out)
				}
				if !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %q lacks %q", err, c.want)
				}
				if !isUsage(err) {
					t.Errorf("error %q is not a usage error (exit code 2)", err)
				}
			})
		})
	}
}

func TestMaintenanceWatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(3)
		tb := openSim(t.Context(), profile.Default(), simConfig{clk: clock.Real{}, tray: sim.List(set, 'A')})
		defer tb.close()
		var out bytes.Buffer
		mc := &maint{stdout: &out}
		go func() {
			time.Sleep(100 * time.Millisecond)
			tb.sim.OpenLid(true)
			time.Sleep(2500 * time.Millisecond) // longer than a wait slice
			tb.sim.OpenLid(false)
		}()
		if err := mc.watch(t.Context(), tb, "lid", 5*time.Second); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		lines := strings.Split(strings.TrimSpace(got), "\n")
		want := []string{"lid is inactive (Ctrl-C to stop)", "lid active", "lid inactive", "2 edges"}
		if len(lines) != len(want) {
			t.Fatalf("watch printed:\n%s\nwant %d lines", got, len(want))
		}
		for i, w := range want {
			if !strings.HasSuffix(lines[i], w) {
				t.Errorf("line %d = %q, want … %q", i, lines[i], w)
			}
		}
		// Each line starts with the time of the edge.
		if !strings.HasPrefix(lines[1], time.Now().Add(-4900*time.Millisecond).Format("15:04:05.")) {
			t.Errorf("edge line %q does not start with its time", lines[1])
		}

		out.Reset()
		go func() { time.Sleep(time.Second); tb.sim.Start.Press() }()
		if err := mc.watch(t.Context(), tb, "start", 3*time.Second); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); !strings.Contains(got, "start pressed") || !strings.Contains(got, "1 presses") {
			t.Errorf("watch start:\n%s", got)
		}
	})
}

func TestMaintenanceScanAndRead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "tags.db")
		set, _ := tile.Standard(3)
		st, err := registry.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		b := set.Tiles()
		for i, u := range sim.List(set, 'B')[:6] {
			if err := st.Put(u, registry.Entry{Set: 'B', Tile: b[i]}); err != nil {
				t.Fatal(err)
			}
		}
		st.Close()

		out, err := maintenance(t, "", "scan", "all", "--sim", "--rounds", "2", "--db", db)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if n := len(profile.Default().Zones); len(lines) != 2*n {
			t.Errorf("2 rounds over %d zones printed %d lines:\n%s", n, len(lines), out)
		}
		// The sim leaves tile i+4 of set B on the i-th zone (sorted):
		// deadwall holds tile 4, registered as 2m#0.
		if !strings.Contains(lines[0], "deadwall        surface/16  "+string(sim.List(set, 'B')[4])+" (2m#0 of set B)") {
			t.Errorf("first line %q", lines[0])
		}
		out, err = maintenance(t, "", "scan", "--sim", "seat3.hand", "--rounds", "1")
		if err != nil || !strings.Contains(out, "seat3.hand      surface/13  ") || strings.Count(out, "\n") != 1 {
			t.Errorf("scan one zone: %v\n%s", err, out)
		}

		out, err = maintenance(t, "", "read", "2", "--sim", "--db", db)
		if err != nil {
			t.Fatal(err)
		}
		if want := "inline2  " + string(sim.List(set, 'B')[2]) + "  1m#2 of set B"; !strings.Contains(out, want) {
			t.Errorf("read 2: %q lacks %q", out, want)
		}
	})
}

func TestGuidedRegister(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "tags.db")
		set, _ := tile.Standard(3)
		tiles := set.Tiles()
		// The tag of tile 1 (1m copy 1) was registered earlier, wrongly,
		// as 9z of set B: registration must refuse it.
		st, err := registry.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		wrong := registry.Entry{Set: 'B', Tile: tiles[0]}
		if err := st.Put(sim.UID('A', tiles[1]), wrong); err != nil {
			t.Fatal(err)
		}
		st.Close()

		// Enter: tile 0 read; Enter: tile 1's tag is refused; garbage; a
		// typed UID for tile 1; s skips tile 2; q stops.
		out, err := maintenance(t, "\n\nzz\n01020304\ns\nq\n", "register", "--sim", "--db", db, "--set", "136", "--label", "A")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"[1/136] place 1m copy 0 (set A) on the zone seat0.hand, then Enter: registered " + string(sim.UID('A', tiles[0])) + " as 1m#0 of set A",
			"refused: tag " + string(sim.UID('A', tiles[1])) + " is already 1m#0 of set B",
			`bad UID "zz": not hex`,
			"[2/136] place 1m copy 1 (set A) on the zone seat0.hand, then Enter: registered 01020304 as 1m#1 of set A",
			"skipped 1m copy 2",
			"2 tag(s) registered in this session.",
			"Census of set A: 2 of 136 tiles registered.",
			"missing (134): 1m#2 1m#3 2m#0",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}

		// Resume: the next run starts at the first tile not registered,
		// and the registry kept the first run's tags.
		out, err = maintenance(t, "\n", "register", "--sim", "--db", db, "--at", "inline1")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"Resuming: 2 of 136 tiles are already registered.",
			"[3/136] place 1m copy 2 (set A) on the reader inline1, then Enter: registered " + string(sim.UID('A', tiles[2])),
			"Census of set A: 3 of 136 tiles registered.",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("resumed run lacks %q:\n%s", want, out)
			}
		}
		out, err = maintenance(t, "", "tags", "--db", db)
		if err != nil || strings.Count(out, "of set A") != 3 || strings.Count(out, "of set B") != 1 {
			t.Errorf("tags after registration: %v\n%s", err, out)
		}
	})
}
