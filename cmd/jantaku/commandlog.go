package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"

	"jantaku/mqtt/access"
	mqcmd "jantaku/mqtt/command"
	"jantaku/tablecore/journal"
)

// commandLog is the table's memory of executed commands (mqtt/command's
// Memory): one journal record per command (role, id, type), fsynced before
// the reply goes out, so a command delivered again after a restart (a
// retained or redelivered message, a resend) is answered and not run
// twice. It outlives games: an abort replayed into the next game is as
// dangerous as one replayed into the same.
type commandLog struct {
	path string
	now  func() time.Time

	mu   sync.Mutex
	j    *journal.Journal
	ids  map[string]mqcmd.Reply
	keys []string // oldest first, for forgetting
}

// commandLogKeep is how many executed commands are remembered; the file is
// rewritten with the newest ones when it holds four times as many.
const commandLogKeep = 4096

type commandRecord struct {
	Role string `json:"role"`
	ID   string `json:"id"`
	Type string `json:"type"`
}

// openCommandLog opens (creating) the command log at path.
func openCommandLog(path string, now func() time.Time) (*commandLog, error) {
	l := &commandLog{path: path, now: now, ids: map[string]mqcmd.Reply{}}
	j, err := journal.Open(path)
	if err != nil {
		return nil, fmt.Errorf("command log: %w", err)
	}
	var recs []commandRecord
	err = j.Replay(func(e journal.Event) error {
		var r commandRecord
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
	if len(recs) > commandLogKeep {
		recs = recs[len(recs)-commandLogKeep:]
	}
	for _, r := range recs {
		l.add(r)
	}
	l.j = j
	if j.Last() > 4*commandLogKeep {
		if err := l.compact(recs); err != nil {
			j.Close()
			return nil, err
		}
	}
	return l, nil
}

func (l *commandLog) add(r commandRecord) {
	k := r.Role + "\x00" + r.ID
	if _, ok := l.ids[k]; !ok {
		l.keys = append(l.keys, k)
	}
	l.ids[k] = mqcmd.Reply{V: mqcmd.Version, ID: r.ID, Type: r.Type, OK: true}
	if len(l.keys) > commandLogKeep {
		delete(l.ids, l.keys[0])
		l.keys = l.keys[1:]
	}
}

// compact rewrites the log with recs only, through a new file renamed over
// the old one.
func (l *commandLog) compact(recs []commandRecord) error {
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

// Recall implements mqcmd.Memory.
func (l *commandLog) Recall(role access.Role, id string) (mqcmd.Reply, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.ids[string(role)+"\x00"+id]
	return r, ok
}

// Remember implements mqcmd.Memory.
func (l *commandLog) Remember(role access.Role, id string, r mqcmd.Reply) error {
	if !r.OK {
		return errors.New("command log: only executed commands are remembered")
	}
	rec := commandRecord{Role: string(role), ID: id, Type: r.Type}
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
func (l *commandLog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.j.Close()
}

// brokerWSValue reads --broker-ws: "" or "none" (no display pages), or a
// ws:// or wss:// URL with a host.
func brokerWSValue(s string) (string, error) {
	if s == "" || s == "none" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" {
		return "", fmt.Errorf("--broker-ws %q: want ws://host:port/path, wss://host:port/path or none", s)
	}
	return s, nil
}
