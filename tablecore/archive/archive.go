// Package archive keeps finished games in a pure-Go embedded store
// (bbolt), one record per game: a summary to list by and the game's whole
// journal, from which every view and export of the game is rebuilt.
package archive

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"jantaku/rules/game"
)

// ErrNotFound: no game with that ID.
var ErrNotFound = errors.New("archive: no such game")

var (
	summaries = []byte("summaries")
	journals  = []byte("journals")
	digests   = []byte("digests") // SHA-256 of a journal → its game's ID
)

// Summary describes an archived game.
type Summary struct {
	ID       uint64          `json:"id"`
	Table    string          `json:"table,omitempty"`
	Ruleset  string          `json:"ruleset"`
	Options  json.RawMessage `json:"options,omitempty"`
	Started  time.Time       `json:"started"`
	Finished time.Time       `json:"finished"`
	Hands    int             `json:"hands"`
	Scores   []int           `json:"scores"`
	Players  []string        `json:"players,omitempty"`
	// Result is the final settlement (places, results after uma and
	// oka) of a ruleset that has one.
	Result *game.Settlement `json:"result,omitempty"`
}

// Archive is an open store of finished games.
type Archive struct {
	db *bolt.DB
}

// Open opens (creating if needed) the archive at path. It waits at most
// timeout for another process holding it.
func Open(path string, timeout time.Duration) (*Archive, error) {
	if timeout <= 0 {
		timeout = time.Second
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout})
	if err != nil {
		return nil, fmt.Errorf("archive: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{summaries, journals, digests} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("archive: %s: %w", path, err)
	}
	return &Archive{db: db}, nil
}

// Close closes the archive.
func (a *Archive) Close() error { return a.db.Close() }

func key(id uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], id)
	return k[:]
}

// Put stores a finished game and its journal, returning its new ID. The
// summary's ID is ignored. Both are written in one transaction. Putting
// the same journal again returns the ID it was stored under and stores
// nothing: a table killed after archiving a game but before moving its
// journal aside archives it again on restart, and must not count it twice.
func (a *Archive) Put(s Summary, journal []byte) (uint64, error) {
	var id uint64
	sum := sha256.Sum256(journal)
	err := a.db.Update(func(tx *bolt.Tx) error {
		if v := tx.Bucket(digests).Get(sum[:]); len(v) == 8 {
			id = binary.BigEndian.Uint64(v)
			return nil
		}
		b := tx.Bucket(summaries)
		n, err := b.NextSequence()
		if err != nil {
			return err
		}
		id = n
		s.ID = id
		v, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if err := b.Put(key(id), v); err != nil {
			return err
		}
		if err := tx.Bucket(digests).Put(sum[:], key(id)); err != nil {
			return err
		}
		return tx.Bucket(journals).Put(key(id), journal)
	})
	if err != nil {
		return 0, fmt.Errorf("archive: put: %w", err)
	}
	return id, nil
}

// List returns every summary, oldest first.
func (a *Archive) List() ([]Summary, error) {
	var out []Summary
	err := a.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(summaries).ForEach(func(k, v []byte) error {
			var s Summary
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("game %d: %w", binary.BigEndian.Uint64(k), err)
			}
			out = append(out, s)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("archive: list: %w", err)
	}
	return out, nil
}

// Get returns a game's summary and journal.
func (a *Archive) Get(id uint64) (Summary, []byte, error) {
	var s Summary
	var j []byte
	err := a.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(summaries).Get(key(id))
		if v == nil {
			return fmt.Errorf("game %d: %w", id, ErrNotFound)
		}
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
		j = append([]byte(nil), tx.Bucket(journals).Get(key(id))...)
		return nil
	})
	if err != nil {
		return Summary{}, nil, err
	}
	return s, j, nil
}
