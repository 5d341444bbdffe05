package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/tile"
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

func TestDescribeLegal(t *testing.T) {
	ts := tile.MustParse("1m2m3m4m5m6m")
	var legal []game.Action
	for _, x := range ts {
		legal = append(legal, game.Action{Kind: game.Discard, Tile: x})
	}
	legal = append(legal, game.Action{Kind: game.Pass})
	for s := tile.Man; s <= tile.Sou; s++ {
		legal = append(legal, game.Action{Kind: game.Missing, Suit: s})
	}
	got := describeLegal(legal)
	want := "discard (6 tiles), pass, missing-suit (" + tile.Man.String() + " " + tile.Pin.String() + " " + tile.Sou.String() + ")"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A journal of other rules than those asked for is archived as it stood
// and a game of the asked rules begins; without rules asked for, the
// journal's game resumes.
func TestOtherRulesArchiveTheUnfinishedGame(t *testing.T) {
	s, _ := newService(t, "sichuan", []bool{true, true, true, true}, 0)
	dir := s.dir
	ctx := context.Background()
	if _, err := s.step(ctx); err != nil { // the first hand is dealt
		t.Fatal(err)
	}
	s.close()

	again := func(ruleset string, given bool) *service {
		s2 := &service{log: slog.New(slog.DiscardHandler), dir: dir, ruleset: ruleset, rulesGiven: given, now: time.Now,
			pub: &recorder{}, bots: []bool{true, true, true, true}}
		if err := s2.open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s2.close)
		return s2
	}
	s2 := again("riichi", false)
	if s2.t.Name != "sichuan" {
		t.Fatalf("without --rules the game resumed as %s, want sichuan", s2.t.Name)
	}
	s2.close()
	s3 := again("riichi", true)
	if s3.t.Name != "riichi" {
		t.Fatalf("with --rules riichi the game is %s", s3.t.Name)
	}
	games, err := s3.arch.List()
	if err != nil || len(games) != 1 || games[0].Ruleset != "sichuan" {
		t.Fatalf("archive %+v %v, want the unfinished sichuan game", games, err)
	}
}
