package mqtttest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"log/slog"

	"jantaku/mqtt/access"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/topic"
)

// Broker is a broker under test.
type Broker interface {
	Name() string // "embedded" or "mosquitto"
	URL() string  // tcp://127.0.0.1:PORT
	// Stop stops the broker (keeping its persistent state if it has any);
	// Start starts it again on the same port.
	Stop()
	Start()
}

// Options configure a test broker.
type Options struct {
	// Persist keeps sessions, queued messages and retained messages across
	// Stop and Start (bolt store for the embedded broker, persistence for
	// mosquitto).
	Persist bool
	// Extra is appended to mosquitto.conf (e.g. "max_queued_messages 0").
	Extra string
}

// Password is the password of every test user: its name prefixed "pw-".
func Password(user string) string { return "pw-" + user }

// Table is the table of the test policy: prefix "jantaku", id "t1".
func Table() topic.Table {
	t, _ := topic.New("jantaku", "t1")
	return t
}

// Config returns the test access configuration: one user per role, named
// after the role ("table", "operator", "seat0".."seat3", "broadcast",
// "display"), with Password(name).
func Config() access.Config {
	c := access.Config{Prefix: "jantaku", Table: "t1"}
	for _, r := range access.Roles() {
		c.Users = append(c.Users, access.User{Name: string(r), Role: r, Password: Password(string(r))})
	}
	return c
}

// Policy compiles Config.
func Policy(t testing.TB) *access.Policy {
	t.Helper()
	p, err := access.Compile(Config())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FreePort returns a TCP port that was free on 127.0.0.1 a moment ago.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Patience bounds every wait on a real broker or client: an answer on
// loopback takes milliseconds, so only a broken test or broker uses it up,
// however busy the machine.
const Patience = time.Minute

// waitPort waits until something accepts on addr, failing after Patience.
func waitPort(t testing.TB, addr string, up bool) error {
	t.Helper()
	deadline := time.Now().Add(Patience)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			if up {
				return nil
			}
		} else if !up {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("%s did not come %s within %v", addr, map[bool]string{true: "up", false: "down"}[up], Patience)
}

// Embedded is the embedded broker under test.
type Embedded struct {
	t      testing.TB
	policy *access.Policy
	cfg    broker.Config
	b      *broker.Broker
	log    *slog.Logger
}

// StartEmbedded starts the embedded broker with policy on a free loopback
// port (and a WebSocket listener on another); t.Cleanup stops it.
func StartEmbedded(t testing.TB, policy *access.Policy, o Options) *Embedded {
	t.Helper()
	e := &Embedded{t: t, policy: policy, cfg: broker.Config{
		TCP:       "127.0.0.1:" + strconv.Itoa(FreePort(t)),
		WebSocket: "127.0.0.1:" + strconv.Itoa(FreePort(t)),
	}}
	if o.Persist {
		e.cfg.Store = filepath.Join(t.TempDir(), "broker.db")
	}
	e.Start()
	t.Cleanup(e.Stop)
	return e
}

// Name implements Broker.
func (e *Embedded) Name() string { return "embedded" }

// URL implements Broker.
func (e *Embedded) URL() string { return "tcp://" + e.cfg.TCP }

// WebSocketURL returns the WebSocket listener's URL.
func (e *Embedded) WebSocketURL() string { return "ws://" + e.cfg.WebSocket }

// Start implements Broker.
func (e *Embedded) Start() {
	e.t.Helper()
	if e.b != nil {
		return
	}
	b, err := broker.Start(e.cfg, e.policy, e.log)
	if err != nil {
		e.t.Fatal(err)
	}
	e.b = b
}

// Stop implements Broker.
func (e *Embedded) Stop() {
	if e.b == nil {
		return
	}
	if err := e.b.Close(); err != nil {
		e.t.Errorf("embedded broker close: %v", err)
	}
	e.b = nil
}

// Mosquitto is a mosquitto process under test.
type Mosquitto struct {
	t    testing.TB
	bin  string
	conf string
	port int
	cmd  *exec.Cmd
	done chan error
	log  string
}

// MosquittoPath returns the mosquitto binary, or "" if it is not installed.
func MosquittoPath() string {
	if p, err := exec.LookPath("mosquitto"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/mosquitto"); err == nil {
		return "/usr/sbin/mosquitto"
	}
	return ""
}

// RequireMosquitto returns the mosquitto binary; when it is absent it skips
// the test, or fails it if the environment variable CI is set.
func RequireMosquitto(t testing.TB) string {
	t.Helper()
	bin := MosquittoPath()
	if bin == "" {
		msg := "mosquitto is not installed (not on PATH nor /usr/sbin/mosquitto); run scripts/deps as root to install it"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + " (CI is set, so this fails)")
		}
		t.Skip(msg)
	}
	return bin
}

// StartMosquitto starts mosquitto on a free port of 127.0.0.1 with
// allow_anonymous false and the password_file and acl_file generated from
// policy; t.Cleanup stops it.
func StartMosquitto(t testing.TB, policy *access.Policy, o Options) *Mosquitto {
	t.Helper()
	bin := RequireMosquitto(t)
	dir := t.TempDir()
	pw, acl, err := policy.WriteMosquitto(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := &Mosquitto{t: t, bin: bin, port: FreePort(t), conf: filepath.Join(dir, "mosquitto.conf"), log: filepath.Join(dir, "mosquitto.log")}
	conf := []string{
		"# generated by jantaku/mqtt/mqtttest",
		"user root", // stay the user the test runs as (root in CI): no privilege drop
		fmt.Sprintf("listener %d 127.0.0.1", m.port),
		// the settings the table generates for mosquitto
		strings.TrimSpace(string(policy.MosquittoConf(pw, acl))),
		"log_dest file " + m.log,
		"log_type error",
		"log_type warning",
		"log_type notice",
	}
	if o.Persist {
		conf = append(conf, "persistence true", "persistence_location "+dir+"/", "autosave_interval 1")
	}
	if o.Extra != "" {
		conf = append(conf, o.Extra)
	}
	if err := os.WriteFile(m.conf, []byte(strings.Join(conf, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m.Start()
	t.Cleanup(m.Stop)
	return m
}

// Name implements Broker.
func (m *Mosquitto) Name() string { return "mosquitto" }

// URL implements Broker.
func (m *Mosquitto) URL() string { return "tcp://127.0.0.1:" + strconv.Itoa(m.port) }

// Start implements Broker.
func (m *Mosquitto) Start() {
	m.t.Helper()
	if m.cmd != nil {
		return
	}
	cmd := exec.Command(m.bin, "-c", m.conf)
	out, err := os.OpenFile(m.log+".stderr", os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		m.t.Fatal(err)
	}
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		m.t.Fatalf("start mosquitto: %v", err)
	}
	m.cmd = cmd
	m.done = make(chan error, 1)
	go func() { m.done <- cmd.Wait() }() // ends when the process does; Stop waits for it
	if err := waitPort(m.t, "127.0.0.1:"+strconv.Itoa(m.port), true); err != nil {
		m.Stop()
		m.t.Fatalf("mosquitto: %v\n%s", err, m.Log())
	}
}

// Stop implements Broker: SIGTERM (mosquitto saves its persistence file)
// and wait, SIGKILL after 10s.
func (m *Mosquitto) Stop() {
	if m.cmd == nil {
		return
	}
	_ = m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.done:
	case <-time.After(10 * time.Second):
		_ = m.cmd.Process.Kill()
		<-m.done
	}
	m.cmd = nil
}

// Log returns mosquitto's log so far.
func (m *Mosquitto) Log() string {
	a, errA := os.ReadFile(m.log)
	b, errB := os.ReadFile(m.log + ".stderr")
	return string(a) + string(b) + fmt.Sprint(errors.Join(errA, errB))
}

// Each runs f as a subtest against the embedded broker and against
// mosquitto, both with policy.
func Each(t *testing.T, policy *access.Policy, o Options, f func(t *testing.T, b Broker)) {
	t.Run("embedded", func(t *testing.T) { f(t, StartEmbedded(t, policy, o)) })
	t.Run("mosquitto", func(t *testing.T) { f(t, StartMosquitto(t, policy, o)) })
}

// SetLog sets the broker's logger from its next Start (for debugging a test).
func (e *Embedded) SetLog(l *slog.Logger) { e.log = l }
