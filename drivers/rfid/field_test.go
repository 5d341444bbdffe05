package rfid_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
)

// answer is one scripted reply of a reader.
type answer struct {
	uids []rfid.UID
	err  error
}

// script answers each read with the next of its answers, then no tag.
type script struct {
	answers []answer
	reads   int
}

func (s *script) next() answer {
	s.reads++
	if len(s.answers) == 0 {
		return answer{err: rfid.ErrNoTag}
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a
}

func (s *script) String() string { return "script" }
func (s *script) Halt() error    { return nil }
func (s *script) ReadUID(context.Context, time.Duration) (rfid.UID, error) {
	a := s.next()
	if a.err != nil || len(a.uids) == 0 {
		return "", cmpErr(a.err, rfid.ErrNoTag)
	}
	return a.uids[0], nil
}

func cmpErr(err, or error) error {
	if err != nil {
		return err
	}
	return or
}

// multi is a script of inventories.
type multi struct{ script }

func (m *multi) Inventory(context.Context) ([]rfid.UID, error) {
	a := m.next()
	if errors.Is(a.err, rfid.ErrNoTag) {
		return nil, nil
	}
	return a.uids, a.err
}

var dead = errors.New("spi: bus gone")

func garbled() error { return fmt.Errorf("reader: %w", rfid.ErrGarbled) }

func TestReadAllOneTagReader(t *testing.T) {
	for _, c := range []struct {
		name     string
		answers  []answer
		attempts int
		want     []rfid.UID
		err      error
	}{
		{"empty field", nil, 3, []rfid.UID{}, nil},
		{"each tag once, in order", []answer{{uids: []rfid.UID{"0B"}}, {uids: []rfid.UID{"0A"}}, {uids: []rfid.UID{"0B"}}}, 3, []rfid.UID{"0A", "0B"}, nil},
		{"garbled and missed reads are retried", []answer{{err: garbled()}, {}, {uids: []rfid.UID{"0C"}}}, 3, []rfid.UID{"0C"}, nil},
		{"no more reads than attempts", []answer{{}, {}, {uids: []rfid.UID{"0C"}}}, 2, []rfid.UID{}, nil},
		{"a failure comes with the tags read", []answer{{uids: []rfid.UID{"0A"}}, {err: dead}, {uids: []rfid.UID{"0D"}}}, 3, []rfid.UID{"0A", "0D"}, dead},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &script{answers: c.answers}
			got, err := rfid.ReadAll(context.Background(), s, c.attempts)
			if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
				t.Errorf("error %v, want %v", err, c.err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("tags %q, want %q", got, c.want)
			}
			if s.reads != c.attempts {
				t.Errorf("%d reads, want %d", s.reads, c.attempts)
			}
		})
	}
}

func TestReadAllInventory(t *testing.T) {
	for _, c := range []struct {
		name    string
		answers []answer
		want    []rfid.UID
		err     error
		reads   int
	}{
		{"one inventory", []answer{{uids: []rfid.UID{"0B", "0A"}}}, []rfid.UID{"0A", "0B"}, nil, 1},
		{"a garbled inventory is taken again", []answer{{uids: []rfid.UID{"0B"}, err: garbled()}, {uids: []rfid.UID{"0A"}}}, []rfid.UID{"0A", "0B"}, nil, 2},
		{"twice garbled: what was read", []answer{{uids: []rfid.UID{"0B"}, err: garbled()}, {err: garbled()}, {uids: []rfid.UID{"0C"}}}, []rfid.UID{"0B"}, nil, 2},
		{"a failed reader is not retried", []answer{{uids: []rfid.UID{"0E"}, err: dead}, {uids: []rfid.UID{"0A"}}}, []rfid.UID{"0E"}, dead, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &multi{script{answers: c.answers}}
			got, err := rfid.ReadAll(context.Background(), m, 5)
			if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
				t.Errorf("error %v, want %v", err, c.err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("tags %q, want %q", got, c.want)
			}
			if m.reads != c.reads {
				t.Errorf("%d inventories, want %d", m.reads, c.reads)
			}
		})
	}
}

// A cancelled read ends the attempts at once.
func TestReadAllCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &script{answers: []answer{{uids: []rfid.UID{"0A"}}}}
	if _, err := rfid.ReadAll(ctx, s, 4); !errors.Is(err, context.Canceled) || s.reads != 1 {
		t.Errorf("cancelled: %v after %d reads", err, s.reads)
	}
}
