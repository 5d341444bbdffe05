package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jantaku/internal/corpustest"
)

func TestReplayCommand(t *testing.T) {
	file := filepath.Join(corpustest.Dir(t, "tenhou/mjx/tenhou6/2010081709gm-00a9-0000-fe3371ad.json"), "tenhou", "mjx", "tenhou6", "2010081709gm-00a9-0000-fe3371ad.json")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"replay", file}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if !strings.Contains(out.String(), "ok: every action accepted") || !strings.Contains(out.String(), "E1-0") {
		t.Fatalf("output:\n%s", out.String())
	}
	// A truncated record is refused with a clear error, not a panic.
	b, _ := os.ReadFile(file)
	bad := filepath.Join(t.TempDir(), "cut.json")
	os.WriteFile(bad, b[:len(b)/2], 0o644)
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"replay", bad}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "did not replay") {
		t.Fatalf("truncated record: exit %d, %s %s", code, out.String(), errb.String())
	}
}

// corpusDir is the shared corpus, or skips the test saying where it looked.
func corpusDir(t *testing.T) string {
	t.Helper()
	return corpustest.Dir(t, "tenhou")
}

func TestReplayGzipDirectoryAndFlagsAnywhere(t *testing.T) {
	corpus := corpusDir(t)
	src := filepath.Join(corpus, "tenhou", "mjx", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	// Tenhou serves mjlog gzip-compressed, under the same name.
	dir := t.TempDir()
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(b)
	zw.Close()
	sub := filepath.Join(dir, "logs")
	os.Mkdir(sub, 0o755)
	if err := os.WriteFile(filepath.Join(sub, "2010081709gm-00a9-0000-fe3371ad.mjlog"), z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sub, "README.txt"), []byte("not a record"), 0o644)
	var out, errb bytes.Buffer
	// The directory first, the flag after it.
	code := run(context.Background(), []string{"replay", sub, "--length", "hanchan"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	o := out.String()
	if strings.Count(o, "ok: every action accepted") != 1 || strings.Contains(o, "README") {
		t.Fatalf("want exactly the one record replayed:\n%s", o)
	}
	// The game type and date come from the log; E2-0 of this game is an
	// exhaustive draw with seats 1 and 2 ready (the record's tenpai
	// payments: -1500 +500 +1500 -1500 with a riichi stick from seat 1).
	if !strings.Contains(o, "game type 0x00a9 as of 2010-08-17") || !strings.Contains(o, "E2-0   exhaustive draw, ready: seat 1, 2; changes [-1500 500 1500 -1500]") {
		t.Fatalf("output:\n%s", o)
	}
}

func TestReplayPathErrorOnce(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.mjlog")
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"replay", missing}, nil, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	all := out.String() + errb.String()
	if n := strings.Count(all, missing); n != 1 {
		t.Fatalf("the path appears %d times, want once:\n%s", n, all)
	}
	// A flag the command does not know is a usage error, not a file.
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"replay", missing, "--bogus"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bogus") {
		t.Fatalf("unknown flag: exit %d, %s", code, errb.String())
	}
}

func TestReplayRejectionSaysWhy(t *testing.T) {
	corpus := corpusDir(t)
	// A hanchan replayed as a tonpuusen: the referee ends the game after
	// East 4, and the rejection says why and with what scores.
	file := filepath.Join(corpus, "tenhou", "mjx", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"replay", "--length", "tonpuusen", file}, nil, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, out.String())
	}
	o := out.String()
	if !strings.Contains(o, "REJECTED: replay: the record goes on to hand S1-0, but the referee ended the game after E4-") ||
		!strings.Contains(o, "the last hand is over and seat") || !strings.Contains(o, "; scores [") {
		t.Fatalf("output:\n%s", o)
	}
	// A chip game is refused before any hand, naming the flag.
	chips := filepath.Join(corpus, "tenhou", "pantheon-gpl3", "xml", "models__chips_tonpusen.xml")
	out.Reset()
	run(context.Background(), []string{"replay", chips}, nil, &out, &errb)
	if !strings.Contains(out.String(), "game type 0x0641") || !strings.Contains(out.String(), "chips (祝儀)") || strings.Contains(out.String(), "E1-0") {
		t.Fatalf("chip game:\n%s", out.String())
	}
}
