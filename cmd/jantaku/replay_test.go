package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplayCommand(t *testing.T) {
	dir := os.Getenv("JANTAKU_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	file := filepath.Join(dir, "tenhou", "mjx", "tenhou6", "2010081709gm-00a9-0000-fe3371ad.json")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("corpus not found at %s (set JANTAKU_CORPUS): %v", dir, err)
	}
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
