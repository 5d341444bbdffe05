package command

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"jantaku/mqtt/access"
)

// TestCommandLogOutlivesRestarts: executed commands are recalled after the
// log is reopened, the file is private, and a long log is cut to its
// newest commands.
func TestCommandLogOutlivesRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "commands.jnl")
	l, err := OpenLog(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Remember(access.Operator, "a1", Reply{V: 1, ID: "a1", Type: "abort", OK: true}); err != nil {
		t.Fatal(err)
	}
	if err := l.Remember(access.Seat(1), "x", Reply{V: 1, ID: "x", Type: "pon"}); err == nil {
		t.Error("a refused command was remembered")
	}
	l.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("command log mode: %v %v, want 0600", fi, err)
	}
	l, err = OpenLog(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := l.Recall(access.Operator, "a1"); !ok || !r.OK || r.Type != "abort" {
		t.Errorf("after reopening: %+v %v", r, ok)
	}
	if _, ok := l.Recall(access.Seat(0), "a1"); ok {
		t.Error("an id is recalled for another sender")
	}
	l.Close()
}

// TestCommandLogCompacts: a log four times longer than what is kept is
// rewritten with the newest commands at the next start.
func TestCommandLogCompacts(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 16k records")
	}
	path := filepath.Join(t.TempDir(), "commands.jnl")
	l, err := OpenLog(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	// Write the records without a sync each, as a long-lived table would
	// have over months.
	var recs []logRecord
	for i := range 4*logKeep + 10 {
		recs = append(recs, logRecord{Role: "operator", ID: "c" + strconv.Itoa(i), Type: "pause"})
	}
	if err := l.compact(recs); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l, err = OpenLog(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if n := l.j.Last(); n != logKeep {
		t.Errorf("%d records after compaction, want %d", n, logKeep)
	}
	if _, ok := l.Recall(access.Operator, "c"+strconv.Itoa(4*logKeep+9)); !ok {
		t.Error("the newest command was forgotten")
	}
	if _, ok := l.Recall(access.Operator, "c0"); ok {
		t.Error("the oldest command is still remembered")
	}
}
