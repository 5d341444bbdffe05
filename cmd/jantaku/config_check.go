package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

	"jantaku/hardware/profile"
	"jantaku/mqtt/display"
	"jantaku/rules/rulesets"

	"jantaku/internal/suggest"
)

// checkRun is "jantaku run --check": the settings, from the file and the
// flags together, make a table that can start.
func checkRun(w io.Writer, file, rules, options, humans, prof string) error {
	var opts json.RawMessage
	if options != "" {
		opts = json.RawMessage(options)
	}
	if _, err := rulesets.New(rules, opts); err != nil {
		return usageError{err}
	}
	if _, err := parseSeats(humans); err != nil {
		return usageError{err}
	}
	if prof != "" {
		if _, err := profile.LoadFile(prof); err != nil {
			return err
		}
	}
	if file == "" {
		file = "the flags"
	}
	fmt.Fprintf(w, "%s: ok (ruleset %s)\n", file, rules)
	return nil
}

// didYouMean suggests the closest of names to s, if one is close.
func didYouMean(s string, names []string) string {
	best, bestD := "", min(2, max(1, len([]rune(s))/3))+1
	for _, n := range names {
		if d := suggest.Distance(strings.ToLower(s), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// pageWebSocket is where the display pages find the broker's WebSocket
// listener at addr: its URL, or, when it listens on every interface
// (ws: 0.0.0.0:1884, so phones on the network reach it), no URL and its
// port, so each page uses the host it was loaded from.
func pageWebSocket(addr string) (url string, port int) {
	host, p, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err == nil && (host == "" || ip != nil && ip.IsUnspecified()) {
		if n, err := strconv.Atoi(p); err == nil {
			return "", n
		}
	}
	return display.WebSocketFor(addr), 0
}
