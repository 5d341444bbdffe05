// Package sdnotify tells systemd how a daemon started as Type=notify is
// doing (sd_notify(3)): READY=1 once it serves, WATCHDOG=1 while it is
// alive, STOPPING=1 when it shuts down. It is the protocol only, a datagram
// to the unix socket named by $NOTIFY_SOCKET, in pure Go.
//
// Outside systemd ($NOTIFY_SOCKET unset) every call does nothing.
package sdnotify

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// Notifier sends state lines to systemd. The zero Notifier and a nil one
// send nothing.
type Notifier struct {
	socket string // $NOTIFY_SOCKET: a path, or "@name" in the abstract namespace
	// watchdog is half systemd's watchdog timeout, the interval Watchdog
	// pings at; 0 when systemd watches nothing.
	watchdog time.Duration
}

// FromEnv returns the notifier systemd's environment describes: the socket
// of $NOTIFY_SOCKET and the watchdog of $WATCHDOG_USEC, when $WATCHDOG_PID
// is unset or this process. A malformed $WATCHDOG_USEC is an error; the
// notifier is still usable for READY and STOPPING.
func FromEnv() (*Notifier, error) {
	n := &Notifier{socket: os.Getenv("NOTIFY_SOCKET")}
	us := os.Getenv("WATCHDOG_USEC")
	if us == "" {
		return n, nil
	}
	if pid := os.Getenv("WATCHDOG_PID"); pid != "" && pid != strconv.Itoa(os.Getpid()) {
		return n, nil // the watchdog is another process's
	}
	v, err := strconv.ParseUint(us, 10, 63)
	if err != nil || v == 0 {
		return n, fmt.Errorf("sdnotify: WATCHDOG_USEC=%q is not a positive number of microseconds", us)
	}
	n.watchdog = time.Duration(v) * time.Microsecond / 2
	return n, nil
}

// Enabled reports whether systemd listens: $NOTIFY_SOCKET was set.
func (n *Notifier) Enabled() bool { return n != nil && n.socket != "" }

// WatchdogInterval is how often Watchdog pings: half of $WATCHDOG_USEC, or
// 0 when systemd watches nothing.
func (n *Notifier) WatchdogInterval() time.Duration {
	if n == nil || n.socket == "" {
		return 0
	}
	return n.watchdog
}

// Send sends state lines such as "READY=1" or "STATUS=serving" in one
// datagram. It does nothing when systemd does not listen.
func (n *Notifier) Send(state ...string) error {
	if !n.Enabled() {
		return nil
	}
	for _, s := range state {
		if s == "" || strings.ContainsRune(s, '\n') || !strings.Contains(s, "=") {
			return fmt.Errorf("sdnotify: %q is not a VARIABLE=value line", s)
		}
	}
	name := n.socket
	if name[0] == '@' {
		name = "\x00" + name[1:] // the abstract namespace
	}
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		return fmt.Errorf("sdnotify: %w", err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(strings.Join(state, "\n") + "\n")); err != nil {
		return fmt.Errorf("sdnotify: %w", err)
	}
	return nil
}

// Ready tells systemd the service is up; status is shown by systemctl
// status (empty: none).
func (n *Notifier) Ready(status string) error {
	if status == "" {
		return n.Send("READY=1")
	}
	return n.Send("READY=1", "STATUS="+oneLine(status))
}

// Stopping tells systemd the service is shutting down.
func (n *Notifier) Stopping() error { return n.Send("STOPPING=1") }

// ErrNotAlive wraps what alive answered when Watchdog held back a ping.
var ErrNotAlive = errors.New("sdnotify: not alive")

// Watchdog pings systemd's watchdog every WatchdogInterval until ctx ends,
// each time only after alive answers nil within the interval: a stuck or
// dead loop stops the pings and systemd restarts the service. onMiss (may
// be nil) hears each held-back ping. It returns at once when systemd
// watches nothing, so callers may always start it.
func (n *Notifier) Watchdog(ctx context.Context, alive func(context.Context) error, onMiss func(error)) {
	every := n.WatchdogInterval()
	if every <= 0 {
		return
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		actx, cancel := context.WithTimeout(ctx, every)
		err := alive(actx)
		cancel()
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = n.Send("WATCHDOG=1")
		} else {
			err = fmt.Errorf("%w: %w", ErrNotAlive, err)
		}
		if err != nil && onMiss != nil {
			onMiss(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
