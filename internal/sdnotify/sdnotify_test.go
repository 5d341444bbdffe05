package sdnotify

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// listen opens a unixgram socket as systemd does and points $NOTIFY_SOCKET
// at it; it returns a channel of the datagrams received.
func listen(t *testing.T, name string) <-chan string {
	t.Helper()
	addr := &net.UnixAddr{Name: name, Net: "unixgram"}
	env := name
	if name[0] == '@' {
		addr.Name = "\x00" + name[1:]
	}
	c, err := net.ListenUnixgram("unixgram", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("NOTIFY_SOCKET", env)
	got := make(chan string, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for {
			n, _, err := c.ReadFromUnix(buf)
			if err != nil {
				return
			}
			got <- string(buf[:n])
		}
	}()
	t.Cleanup(func() { c.Close(); <-done })
	return got
}

func next(t *testing.T, got <-chan string) string {
	t.Helper()
	select {
	case s := <-got:
		return s
	case <-time.After(time.Minute): // a hang guard; a datagram comes in milliseconds
		t.Fatal("no datagram")
		return ""
	}
}

func TestReadyAndStopping(t *testing.T) {
	got := listen(t, filepath.Join(t.TempDir(), "notify"))
	t.Setenv("WATCHDOG_USEC", "")
	n, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if !n.Enabled() || n.WatchdogInterval() != 0 {
		t.Fatalf("enabled %v, watchdog %v", n.Enabled(), n.WatchdogInterval())
	}
	if err := n.Ready("table t1: riichi\nsecond line"); err != nil {
		t.Fatal(err)
	}
	if s := next(t, got); s != "READY=1\nSTATUS=table t1: riichi second line\n" {
		t.Errorf("ready sent %q", s)
	}
	if err := n.Stopping(); err != nil {
		t.Fatal(err)
	}
	if s := next(t, got); s != "STOPPING=1\n" {
		t.Errorf("stopping sent %q", s)
	}
	if err := n.Send("no equals sign"); err == nil {
		t.Error("a line without = was sent")
	}
}

func TestAbstractSocket(t *testing.T) {
	got := listen(t, "@jantaku-sdnotify-test-"+strconv.Itoa(os.Getpid()))
	n, _ := FromEnv()
	if err := n.Ready(""); err != nil {
		t.Fatal(err)
	}
	if s := next(t, got); s != "READY=1\n" {
		t.Errorf("sent %q", s)
	}
}

func TestOutsideSystemd(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "")
	t.Setenv("WATCHDOG_USEC", "1000000")
	n, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if n.Enabled() || n.WatchdogInterval() != 0 {
		t.Errorf("enabled %v, watchdog %v without a socket", n.Enabled(), n.WatchdogInterval())
	}
	if err := n.Ready("x"); err != nil {
		t.Error(err)
	}
	var nilN *Notifier
	if err := nilN.Stopping(); err != nil {
		t.Error(err)
	}
	// Returns at once: nothing to watch.
	nilN.Watchdog(context.Background(), func(context.Context) error { return nil }, nil)
}

func TestNoListener(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", filepath.Join(t.TempDir(), "gone"))
	n, _ := FromEnv()
	if err := n.Ready(""); err == nil {
		t.Error("no error sending to a socket nobody listens on")
	}
}

func TestFromEnvWatchdog(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "/run/systemd/notify")
	for _, c := range []struct {
		usec, pid string
		want      time.Duration
		err       bool
	}{
		{"30000000", "", 15 * time.Second, false},
		{"30000000", strconv.Itoa(os.Getpid()), 15 * time.Second, false},
		{"30000000", "1", 0, false}, // another process's watchdog
		{"", "", 0, false},
		{"thirty", "", 0, true},
		{"0", "", 0, true},
		{"-5", "", 0, true},
	} {
		t.Setenv("WATCHDOG_USEC", c.usec)
		t.Setenv("WATCHDOG_PID", c.pid)
		n, err := FromEnv()
		if (err != nil) != c.err || n.WatchdogInterval() != c.want {
			t.Errorf("WATCHDOG_USEC=%q WATCHDOG_PID=%q: interval %v, err %v; want %v, error %v", c.usec, c.pid, n.WatchdogInterval(), err, c.want, c.err)
		}
	}
}

// TestWatchdog: pings come while alive answers, stop while it fails or
// does not answer, and Watchdog returns when ctx ends.
func TestWatchdog(t *testing.T) {
	got := listen(t, filepath.Join(t.TempDir(), "notify"))
	t.Setenv("WATCHDOG_USEC", "40000") // a ping every 20 ms
	t.Setenv("WATCHDOG_PID", "")
	n, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if n.WatchdogInterval() != 20*time.Millisecond {
		t.Fatalf("interval %v", n.WatchdogInterval())
	}
	var state atomic.Int32   // 0 alive, 1 failing, 2 stuck
	var allowed atomic.Int64 // alive's nil answers: the pings sent
	misses := make(chan error, 64)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		n.Watchdog(ctx, func(ctx context.Context) error {
			switch state.Load() {
			case 1:
				return errors.New("journal down")
			case 2:
				<-ctx.Done() // the owner loop never answers
				return ctx.Err()
			}
			allowed.Add(1)
			return nil
		}, func(err error) { misses <- err })
	}()
	received := int64(0)
	ping := func() {
		t.Helper()
		if s := next(t, got); s != "WATCHDOG=1\n" {
			t.Fatalf("sent %q", s)
		}
		received++
	}
	for range 3 {
		ping()
	}
	miss := func() {
		t.Helper()
		select {
		case err := <-misses:
			if !errors.Is(err, ErrNotAlive) {
				t.Errorf("miss %v is not ErrNotAlive", err)
			}
		case <-time.After(time.Minute): // a hang guard; a datagram comes in milliseconds
			t.Fatal("no miss reported")
		}
	}
	for _, st := range []int32{1, 2} {
		state.Store(st)
		miss()
		// Every ping sent before the first miss arrives; none after it.
		for received < allowed.Load() {
			ping()
		}
		miss()
		miss()
		select {
		case s := <-got:
			t.Fatalf("state %d: sent %q while not alive", st, s)
		default:
		}
	}
	state.Store(0)
	ping()
	cancel()
	for {
		select {
		case <-done:
			return
		case <-misses:
		case <-time.After(time.Minute): // a hang guard; a datagram comes in milliseconds
			t.Fatal("Watchdog did not return when ctx ended")
		}
	}
}

func TestSendRejectsMultiline(t *testing.T) {
	listen(t, filepath.Join(t.TempDir(), "notify"))
	n, _ := FromEnv()
	if err := n.Send("STATUS=a\nREADY=1"); err == nil || !strings.Contains(err.Error(), "VARIABLE=value") {
		t.Errorf("err %v", err)
	}
}
