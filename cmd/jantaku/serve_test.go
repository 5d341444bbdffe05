package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/tablecore/archive"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeTablePlaysAGame runs the game side of the daemon on loopback:
// broker, publisher, displays and simulated players, until one game is
// played and archived; the displays answer meanwhile.
func TestServeTablePlaysAGame(t *testing.T) {
	dir := t.TempDir()
	web := freeAddr(t)
	cfg := tableConfig{Dir: dir, Ruleset: "riichi/tenhou", MQTT: freeAddr(t), WS: freeAddr(t), HTTP: web, Pace: time.Millisecond, Games: 1, Seed: 7}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out := &syncBuf{}
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), out) }()
	var page string
	for i := 0; i < 200 && page == ""; i++ {
		time.Sleep(20 * time.Millisecond)
		resp, err := http.Get("http://" + web + "/display/centre.html")
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page = string(b)
	}
	if !strings.Contains(page, "<html") {
		t.Fatalf("the centre screen was not served: %q", page)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the game did not finish in time")
	}
	if !strings.Contains(out.String(), "displays: http://") {
		t.Fatalf("no display address printed: %s", out.String())
	}
	a, err := archive.Open(filepath.Join(dir, "archive.db"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	games, _ := a.List()
	if len(games) != 1 {
		t.Fatalf("%d games archived", len(games))
	}
	if fi, err := os.Stat(filepath.Join(dir, "access.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v %v", fi, err)
	}
}
