package tests

// The reliability suite: the table daemon killed, its journal cut, its
// broker away, its disk full, its machine failing. Each case ends in a
// correct state or a safe stop with a clear error, and asserts which.
// JANTAKU_RELIABILITY_TRIALS sets the number of kills (default 5; the long
// run in docs/benchmarks.md uses 200).

import (
	"jantaku/internal/testdir"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/archive"
	"jantaku/tablecore/journal"
)

// fastGame is a riichi east-only game with every seat simulated at 1 ms a
// move: a few thousand inputs a minute, each journaled and fsynced.
func fastGame(data, mqttAddr string, games int) []string {
	return []string{"--data", data, "--mqtt", mqttAddr, "--ws", "-", "--pace", "1ms", "--seed", "42",
		"--rules", "riichi/tenhou", "--options", `{"length":"tonpuusen"}`, "--games", strconv.Itoa(games)}
}

// continuation finds the journal that continues the game whose records
// before were: the current journal, or an archived game's journal if the
// game finished since.
func continuation(t *testing.T, data string, before []journal.Event) (string, []journal.Event) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(data, "game-*.jnl"))
	files = append([]string{filepath.Join(data, "table.jnl")}, files...)
	for _, f := range files {
		evs := records(t, f)
		if len(evs) > 0 && samePrefix(evs, before[:1]) < 0 {
			return f, evs
		}
	}
	return "", nil
}

// killTrials kills the daemon at random moments of a fast game, cutting
// the journal at a random byte after each kill when cut is set, and checks
// each restart resumes the game from exactly the records kept.
func killTrials(t *testing.T, trials int, cut bool) {
	dir := testdir.InMemory(t)
	data := filepath.Join(dir, "data")
	logPath := filepath.Join(dir, "daemon.log")
	httpAddr, mqttAddr := freeTCP(t), freeTCP(t)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))
	args := fastGame(data, mqttAddr, 0)
	d := startDaemon(t, httpAddr, logPath, args, nil)
	start := time.Now()
	resumed, dropped := 0, 0
	for trial := 0; trial < trials; trial++ {
		time.Sleep(time.Duration(20+rng.IntN(1200)) * time.Millisecond)
		d.kill()
		cur := filepath.Join(data, "table.jnl")
		before := records(t, cur)
		torn := false
		if cut && len(before) > 1 {
			// Cut the file anywhere after the game record: the restart keeps
			// the whole records before the cut, says it dropped a torn one
			// when the cut is inside a record, and loses nothing else.
			fi, err := os.Stat(cur)
			if err != nil {
				t.Fatal(err)
			}
			ends := recordEnds(before)
			at := ends[0] + 1 + rng.Int64N(fi.Size()-ends[0])
			if err := os.Truncate(cur, at); err != nil {
				t.Fatal(err)
			}
			kept := 0
			for kept < len(ends) && ends[kept] <= at {
				kept++
			}
			if !slices.Contains(ends, at) {
				dropped++
				torn = true
			}
			before = before[:kept]
		}
		logBefore, _ := os.ReadFile(logPath)
		d = startDaemon(t, httpAddr, logPath, args, nil)
		if len(before) == 0 {
			continue // killed between a finished game and the next: nothing to resume
		}
		var h health
		for i := 0; ; i++ {
			code, hh, err := d.health()
			if err == nil && code == 200 {
				h = hh
				break
			}
			if i > 600 {
				t.Fatalf("trial %d: the restarted table is not healthy within 30 s: %d %+v %v", trial, code, hh, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		var file string
		var after []journal.Event
		deadline := time.Now().Add(30 * time.Second)
		for {
			file, after = continuation(t, data, before)
			if file != "" && (len(after) > len(before) || strings.Contains(file, "game-")) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("trial %d: the restarted table did not go on from record %d (journal %q holds %d)", trial, len(before), file, len(after))
			}
			time.Sleep(20 * time.Millisecond)
		}
		if i := samePrefix(after, before); i >= 0 {
			t.Fatalf("trial %d: record %d of the %d kept before the kill differs or is gone after the restart (%s)", trial, i+1, len(before), file)
		}
		if strings.HasSuffix(file, "table.jnl") && h.Journal.Records < uint64(len(before)) {
			t.Fatalf("trial %d: the restarted table reports %d records, the journal kept %d", trial, h.Journal.Records, len(before))
		}
		newLog := strings.TrimPrefix(string(mustRead(t, logPath)), string(logBefore))
		if strings.HasSuffix(file, "table.jnl") && !strings.Contains(newLog, "resumed the game") {
			t.Fatalf("trial %d: the restart does not say it resumed the game:\n%s", trial, tail([]byte(newLog)))
		}
		if torn && !strings.Contains(newLog, "dropping torn last record") {
			t.Fatalf("trial %d: a torn record was dropped without a word in the log:\n%s", trial, tail([]byte(newLog)))
		}
		resumed++
	}
	// The game in play is played to its end: every game of the run ends
	// with a result that replays through the referee and is archived as
	// it ended.
	d.kill()
	d = startDaemon(t, httpAddr, logPath, fastGame(data, mqttAddr, 1), nil)
	if err, ok := d.wait(3 * time.Minute); !ok || err != nil {
		t.Fatalf("the last game did not end in 3 minutes (exit %v)\n%s", err, tail(mustRead(t, logPath)))
	}
	checkFinishedGames(t, data)
	t.Logf("%d kills, %d resumed mid-game, %d torn records dropped, in %v", trials, resumed, dropped, time.Since(start).Round(time.Second))
}

// recordEnds returns the byte offset just past each record of evs, as the
// journal lays them out (a 16-byte file header, 28 bytes a record header).
func recordEnds(evs []journal.Event) []int64 {
	ends := make([]int64, len(evs))
	off := int64(16)
	for i, e := range evs {
		off += 28 + int64(len(e.Payload))
		ends[i] = off
	}
	return ends
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkFinishedGames replays each archived game's journal through the
// referee: it must be over, and the archive must hold its final scores.
func checkFinishedGames(t *testing.T, data string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(data, "game-*.jnl"))
	if len(files) == 0 {
		t.Fatal("no game finished")
	}
	a, err := archive.Open(filepath.Join(data, "archive.db"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	sums, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		tb, err := tablecore.Open(t.Context(), f, rulesets.New, nil)
		if err != nil {
			t.Fatalf("a finished game's journal does not replay: %v", err)
		}
		g := tb.Game()
		st := g.Standing()
		tb.Close()
		if !g.Over() {
			t.Fatalf("%s: archived but not over", f)
		}
		found := false
		for _, s := range sums {
			if slices.Equal(s.Scores, st.Scores) && s.Hands == st.Hands {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: final scores %v after %d hands are not in the archive %+v", f, st.Scores, st.Hands, sums)
		}
	}
	if len(sums) != len(files) {
		t.Logf("note: %d games archived, %d game journals", len(sums), len(files))
	}
}

// TestKillNineResumes: SIGKILL at random moments of a game; each restart
// resumes the same game with every record kept, and the game ends with a
// consistent result.
func TestKillNineResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon")
	}
	killTrials(t, envInt("JANTAKU_RELIABILITY_TRIALS", 5), false)
}

// TestJournalCutMidWrite: after each kill the journal is cut at a random
// byte, as a write torn by a power cut leaves it; the restart keeps every
// whole record before the cut, says it dropped the torn one, and goes on.
func TestJournalCutMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon")
	}
	killTrials(t, envInt("JANTAKU_RELIABILITY_TRIALS", 5), true)
}

// fullDiskScript runs the daemon ("$@") with its data on a 4 MB tmpfs of
// its own (a user and mount namespace: no root needed), fills the disk
// when the test touches ctl/fill, copies the journal out and frees the
// disk on ctl/free, and stops the daemon and copies its data out on
// ctl/stop.
const fullDiskScript = `
mnt=$1; ctl=$2; shift 2
mount -t tmpfs -o size=4m tmpfs "$mnt" || exit 97
"$@" &
pid=$!
until [ -e "$ctl/fill" ]; do sleep 0.05; done
dd if=/dev/zero of="$mnt/filler" bs=4096 2>/dev/null
touch "$ctl/filled"
until [ -e "$ctl/free" ]; do sleep 0.05; done
cp "$mnt/data/table.jnl" "$ctl/during.jnl"
rm -f "$mnt/filler"
touch "$ctl/freed"
until [ -e "$ctl/stop" ]; do sleep 0.05; done
kill -TERM $pid
wait $pid
echo $? > "$ctl/rc"
cp -r "$mnt/data" "$ctl/data"
touch "$ctl/stopped"
`

// TestFullDisk: the disk under the journal fills mid-game. The table
// takes no more inputs and says why on /healthz and in its log, keeps
// every record it wrote, and goes on by itself once there is room again.
func TestFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the daemon")
	}
	if out, err := exec.Command("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt").CombinedOutput(); err != nil {
		t.Skipf("no unprivileged mount namespace for a small filesystem (unshare -rm: %v %s)", err, out)
	}
	dir := t.TempDir()
	mnt, ctl := filepath.Join(dir, "mnt"), filepath.Join(dir, "ctl")
	for _, p := range []string{mnt, ctl} {
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	logPath := filepath.Join(dir, "daemon.log")
	wrap := func(bin string, args []string) *exec.Cmd {
		cmd := exec.Command("unshare", append([]string{"-rm", "sh", "-c", fullDiskScript, "sh", mnt, ctl, bin}, args...)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return cmd
	}
	d := startDaemon(t, freeTCP(t), logPath, fastGame(filepath.Join(mnt, "data"), freeTCP(t), 0), wrap)
	touchAndWait := func(name, answer string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(ctl, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			if _, err := os.Stat(filepath.Join(ctl, answer)); err == nil {
				return
			}
			if i > 1200 {
				t.Fatalf("no %s after %s within a minute\n%s", answer, name, tail(mustRead(t, logPath)))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// until polls /healthz until ok says so, for at most a minute.
	until := func(what string, ok func(int, health) bool) (int, health) {
		t.Helper()
		for i := 0; ; i++ {
			code, h, err := d.health()
			if err == nil && ok(code, h) {
				return code, h
			}
			if i > 1200 {
				t.Fatalf("waited a minute for %s (last: %d %+v %v)\n%s", what, code, h, err, tail(mustRead(t, logPath)))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	until("the game under way", func(_ int, h health) bool { return h.Journal.Records >= 50 })
	touchAndWait("fill", "filled")
	_, h := until("the table to see its disk full", func(code int, h health) bool { return code == 503 && !h.Journal.Writable })
	if !strings.Contains(h.Journal.Error, "no space left on device") || !strings.Contains(strings.Join(h.Reasons, ";"), "journal not writable") {
		t.Fatalf("/healthz on a full disk: %+v", h)
	}
	stuck := h.Journal.Records
	time.Sleep(time.Second)
	if code, h, err := d.health(); err != nil || code != 503 || h.Journal.Records != stuck {
		t.Fatalf("on a full disk the table went on: %d %+v %v (had %d records)", code, h, err, stuck)
	}
	touchAndWait("free", "freed")
	until("the table to go on once there is room", func(code int, h health) bool { return code == 200 && h.Journal.Records > stuck+5 })
	touchAndWait("stop", "stopped")
	d.wait(10 * time.Second)

	during := records(t, filepath.Join(ctl, "during.jnl"))
	if uint64(len(during)) != stuck {
		t.Fatalf("the journal held %d whole records on the full disk, the table reported %d", len(during), stuck)
	}
	_, after := continuation(t, filepath.Join(ctl, "data"), during)
	if i := samePrefix(after, during); i >= 0 || len(after) <= len(during) {
		t.Fatalf("record %d of the %d written before the disk filled is not in the journal afterwards (%d records)", i+1, len(during), len(after))
	}
	log := string(mustRead(t, logPath))
	for _, want := range []string{"the journal cannot record", "no space left on device", "the journal records again"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log does not say %q\n%s", want, tail([]byte(log)))
		}
	}
	if rc := strings.TrimSpace(string(mustRead(t, filepath.Join(ctl, "rc")))); rc != "0" {
		t.Errorf("the daemon exited %s after SIGTERM", rc)
	}
}
