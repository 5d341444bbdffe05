package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"jantaku/tablecore/journal"
)

// The real daemon, built once for the tests that run it.
var daemonBin struct {
	once sync.Once
	path string
	err  error
}

// TestMain removes the daemon built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if daemonBin.path != "" {
		os.RemoveAll(filepath.Dir(daemonBin.path))
	}
	os.Exit(code)
}

// daemonPath builds cmd/jantaku into a temporary folder the first time a
// test needs it.
func daemonPath(t *testing.T) string {
	t.Helper()
	daemonBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "jantaku-daemon-")
		if err != nil {
			daemonBin.err = err
			return
		}
		daemonBin.path = filepath.Join(dir, "jantaku")
		cmd := exec.Command("go", "build", "-o", daemonBin.path, "./cmd/jantaku")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			daemonBin.err = fmt.Errorf("go build ./cmd/jantaku: %v\n%s", err, out)
		}
	})
	if daemonBin.err != nil {
		t.Fatal(daemonBin.err)
	}
	return daemonBin.path
}

// The addresses freeTCP handed out: tests that run in parallel must not be
// given a port another was given and has not bound yet.
var givenPorts struct {
	mu   sync.Mutex
	addr map[string]bool
}

// freeTCP returns a loopback address that was free a moment ago and that
// no other test of this run was given.
func freeTCP(t *testing.T) string {
	t.Helper()
	givenPorts.mu.Lock()
	defer givenPorts.mu.Unlock()
	if givenPorts.addr == nil {
		givenPorts.addr = map[string]bool{}
	}
	for {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		a := ln.Addr().String()
		ln.Close()
		if !givenPorts.addr[a] {
			givenPorts.addr[a] = true
			return a
		}
	}
}

// daemon is one run of "jantaku run".
type daemon struct {
	t    *testing.T
	cmd  *exec.Cmd
	http string
	log  *os.File
	done chan error
}

// health is the part of /healthz's body the tests read.
type health struct {
	Status  string   `json:"status"`
	Reasons []string `json:"reasons"`
	Journal struct {
		Records  uint64 `json:"records"`
		Writable bool   `json:"writable"`
		Error    string `json:"error"`
	} `json:"journal"`
}

// startDaemon starts the binary (or the command wrap returns for it) with
// args and the --http address given, logging to logPath (appended), and
// waits until /healthz answers.
func startDaemon(t *testing.T, httpAddr, logPath string, args []string, wrap func(bin string, args []string) *exec.Cmd) *daemon {
	t.Helper()
	bin := daemonPath(t)
	args = append([]string{"run", "--http", httpAddr}, args...)
	var cmd *exec.Cmd
	if wrap != nil {
		cmd = wrap(bin, args)
	} else {
		cmd = exec.Command(bin, args...)
	}
	lf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	d := &daemon{t: t, cmd: cmd, http: httpAddr, log: lf, done: make(chan error, 1)}
	go func() { d.done <- cmd.Wait(); lf.Close() }()
	t.Cleanup(d.kill)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, _, err := d.health(); err == nil {
			return d
		}
		select {
		case err := <-d.done:
			d.done <- err
			b, _ := os.ReadFile(logPath)
			t.Fatalf("the daemon exited at start: %v\n%s", err, tail(b))
		default:
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(logPath)
			t.Fatalf("the daemon did not answer /healthz within 30 s\n%s", tail(b))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// health asks /healthz.
func (d *daemon) health() (int, health, error) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + d.http + "/healthz")
	if err != nil {
		return 0, health{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, health{}, err
	}
	var h health
	if err := json.Unmarshal(b, &h); err != nil {
		return resp.StatusCode, h, fmt.Errorf("/healthz body %q: %w", b, err)
	}
	return resp.StatusCode, h, nil
}

// kill sends SIGKILL (to the process group when the command made one) and
// waits for the exit.
func (d *daemon) kill() {
	select {
	case err := <-d.done:
		d.done <- err
		return
	default:
	}
	if d.cmd.SysProcAttr != nil && d.cmd.SysProcAttr.Setpgid {
		syscall.Kill(-d.cmd.Process.Pid, syscall.SIGKILL)
	} else {
		d.cmd.Process.Signal(syscall.SIGKILL)
	}
	err := <-d.done
	d.done <- err
}

// wait waits at most timeout for the daemon to exit by itself.
func (d *daemon) wait(timeout time.Duration) (error, bool) {
	select {
	case err := <-d.done:
		d.done <- err
		return err, true
	case <-time.After(timeout):
		return nil, false
	}
}

func tail(b []byte) string {
	const n = 4000
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// linesWith returns the lines of b that contain any of subs, the last 40.
func linesWith(b []byte, subs ...string) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		for _, s := range subs {
			if strings.Contains(l, s) {
				out = append(out, l)
				break
			}
		}
	}
	return strings.Join(out[max(0, len(out)-40):], "\n")
}

// records reads the whole records of the journal at path (a torn last
// record is not one); an absent file has none.
func records(t *testing.T, path string) []journal.Event {
	t.Helper()
	var evs []journal.Event
	err := journal.Replay(path, func(e journal.Event) error { evs = append(evs, e); return nil })
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return evs
}

// samePrefix reports the first of want's records that got does not hold
// identically (-1: got starts with all of want).
func samePrefix(got, want []journal.Event) int {
	for i, w := range want {
		if i >= len(got) {
			return i
		}
		g := got[i]
		if g.Seq != w.Seq || !g.Time.Equal(w.Time) || g.Seat != w.Seat || !bytes.Equal(g.Payload, w.Payload) {
			return i
		}
	}
	return -1
}

// envInt reads a positive integer from the environment.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
