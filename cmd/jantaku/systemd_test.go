package main

import (
	"context"
	"io"
	"jantaku/internal/testdir"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Under systemd (a real unixgram socket in $NOTIFY_SOCKET) the table says
// READY=1 once it serves, feeds the watchdog while its owner loop runs and
// says STOPPING=1 when it stops.
func TestServeTableNotifiesSystemd(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "notify")
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "200000") // pings every 100 ms
	t.Setenv("WATCHDOG_PID", "")
	got := make(chan string, 100)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, _, err := c.ReadFromUnix(buf)
			if err != nil {
				close(got)
				return
			}
			got <- string(buf[:n])
		}
	}()
	next := func() string {
		t.Helper()
		select {
		case s := <-got:
			return s
		case <-time.After(30 * time.Second):
			t.Fatal("nothing sent to systemd")
			return ""
		}
	}

	cfg := tableConfig{Dir: testdir.InMemory(t), Ruleset: "riichi/tenhou", MQTT: freeAddr(t), WS: "-", HTTP: "-", Humans: []int{0, 1, 2, 3}, Pace: time.Millisecond, Seed: 5}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard) }()

	if s := next(); !strings.HasPrefix(s, "READY=1\nSTATUS=jantaku ") || !strings.Contains(s, ": table jantaku/t1: ruleset riichi/tenhou, MQTT ") {
		t.Fatalf("first message %q, want READY=1 with the status", s)
	}
	for range 3 {
		if s := next(); s != "WATCHDOG=1\n" {
			t.Fatalf("sent %q, want WATCHDOG=1", s)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for {
		switch s := next(); s {
		case "STOPPING=1\n":
			return
		case "WATCHDOG=1\n": // sent before the table stopped
		default:
			t.Fatalf("sent %q while stopping", s)
		}
	}
}
