package command

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"jantaku/mqtt/access"
	"jantaku/tablecore/journal"
)

// Log is a table's memory of executed commands (a Memory kept in a
// file): one journal record per command (role, id, type), fsynced before
// the reply goes out, so a command delivered again after a restart (a
// retained or redelivered message, a resend) is answered and not run
// twice. It outlives games: an abort replayed into the next game is as
// dangerous as one replayed into the same.
type Log struct {
	path string
	now  func() time.Time

	mu   sync.Mutex
	j    *journal.Journal
	ids  map[string]Reply
	keys []string // oldest first, for forgetting
}

// logKeep is how many executed commands are remembered; the file is
// rewritten with the newest ones when it holds four times as many.
const logKeep = 4096

type logRecord struct {
	Role string `json:"role"`
	ID   string `json:"id"`
	Type string `json:"type"`
}

// OpenLog opens (creating) the command log at path; now stamps its
// records.
func OpenLog(path string, now func() time.Time) (*Log, error) {
	l := &Log{path: path, now: now, ids: map[string]Reply{}}
	j, err := journal.Open(path)
	if err != nil {
		return nil, fmt.Errorf("command log: %w", err)
	}
	var recs []logRecord
	err = j.Replay(func(e journal.Event) error {
		var r logRecord
		if err := json.Unmarshal(e.Payload, &r); err != nil {
			return fmt.Errorf("record %d: %w", e.Seq, err)
		}
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		j.Close()
		return nil, fmt.Errorf("command log %s (move it aside to start afresh): %w", path, err)
	}
	if len(recs) > logKeep {
		recs = recs[len(recs)-logKeep:]
	}
	for _, r := range recs {
		l.add(r)
	}
	l.j = j
	if j.Last() > 4*logKeep {
		if err := l.compact(recs); err != nil {
			j.Close()
			return nil, err
		}
	}
	return l, nil
}

func (l *Log) add(r logRecord) {
	k := r.Role + "\x00" + r.ID
	if _, ok := l.ids[k]; !ok {
		l.keys = append(l.keys, k)
	}
	l.ids[k] = Reply{V: Version, ID: r.ID, Type: r.Type, OK: true}
	if len(l.keys) > logKeep {
		delete(l.ids, l.keys[0])
		l.keys = l.keys[1:]
	}
}

// compact rewrites the log with recs only, through a new file renamed over
// the old one.
func (l *Log) compact(recs []logRecord) error {
	tmp := l.path + ".new"
	_ = os.Remove(tmp)
	n, err := journal.Open(tmp, journal.WithoutSync())
	if err != nil {
		return fmt.Errorf("command log: %w", err)
	}
	for _, r := range recs {
		b, _ := json.Marshal(r)
		if _, err := n.Append(context.Background(), journal.Event{Time: l.now(), Seat: -1, Payload: b}); err != nil {
			n.Close()
			return fmt.Errorf("command log: %w", err)
		}
	}
	if err := n.Close(); err != nil { // Close syncs
		return fmt.Errorf("command log: %w", err)
	}
	l.j.Close()
	if err := os.Rename(tmp, l.path); err != nil {
		return fmt.Errorf("command log: %w", err)
	}
	j, err := journal.Open(l.path)
	if err != nil {
		return fmt.Errorf("command log: %w", err)
	}
	l.j = j
	return nil
}

// Recall implements Memory.
func (l *Log) Recall(role access.Role, id string) (Reply, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.ids[string(role)+"\x00"+id]
	return r, ok
}

// Remember implements Memory.
func (l *Log) Remember(role access.Role, id string, r Reply) error {
	if !r.OK {
		return errors.New("command log: only executed commands are remembered")
	}
	rec := logRecord{Role: string(role), ID: id, Type: r.Type}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.j.Append(ctx, journal.Event{Time: l.now(), Seat: -1, Payload: b}); err != nil {
		return err
	}
	l.add(rec)
	return nil
}

// Close closes the file.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.j.Close()
}
