package main

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

// The broker library logs the end of each connection as WARN msg=""
// error=…: a browser tab closed is named and logged at debug level, any
// other end is named and stays a warning.
func TestLoggerNamesConnectionEnds(t *testing.T) {
	var b bytes.Buffer
	log := newLogger(&b, slog.LevelInfo).With("component", "mqtt-broker")
	log.Warn("", "error", errors.New("websocket: close 1001 (going away)"))
	log.Warn("", "error", errors.New("read tcp 127.0.0.1:1884->127.0.0.1:5000: read: connection reset by peer"))
	if b.Len() != 0 {
		t.Errorf("a closed tab is logged at info level or above: %s", b.String())
	}
	log.Warn("", "error", errors.New("packet too large"))
	out := b.String()
	if !strings.Contains(out, `level=WARN msg="mqtt connection ended"`) || !strings.Contains(out, "packet too large") || strings.Contains(out, `msg=""`) {
		t.Errorf("got %q", out)
	}
	b.Reset()
	dbg := newLogger(&b, slog.LevelDebug)
	dbg.Warn("", "error", errors.New("EOF"))
	if !strings.Contains(b.String(), `level=DEBUG msg="mqtt connection closed by the client"`) {
		t.Errorf("debug: %q", b.String())
	}
}
