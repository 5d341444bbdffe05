package registry

import (
	"errors"
	"fmt"
	"sort"

	"go.etcd.io/bbolt"
	"jantaku/drivers/rfid"
	"jantaku/rules/tile"
)

// Entry is what a tag identifies.
type Entry struct {
	Set  byte // 'A' or 'B'
	Tile tile.Tile
}

func (e Entry) String() string { return fmt.Sprintf("%s#%d of set %c", e.Tile, e.Tile.Copy, e.Set) }

// Registry looks tags up.
type Registry interface {
	Lookup(uid rfid.UID) (Entry, bool)
}

// Memory is a Registry in a map.
type Memory map[rfid.UID]Entry

// Lookup implements Registry.
func (m Memory) Lookup(uid rfid.UID) (Entry, bool) {
	e, ok := m[uid]
	return e, ok
}

// Store is a Registry in a bbolt file.
type Store struct{ db *bbolt.DB }

var bucket = []byte("tags")

// Open opens (creating if needed) the registry file at path.
func Open(path string) (*Store, error) {
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		return nil, fmt.Errorf("registry %s: %w", path, err)
	}
	if err := db.Update(func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("registry %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// ErrConflict is returned by Put when a tag or a tile is already registered
// differently.
var ErrConflict = errors.New("registry: conflict")

func encode(e Entry) []byte {
	id := e.Tile.ID()
	red := byte(0)
	if e.Tile.Red {
		red = 1
	}
	return []byte{e.Set, byte(id >> 8), byte(id), red}
}

func decode(b []byte) (Entry, error) {
	if len(b) != 4 {
		return Entry{}, fmt.Errorf("registry: bad record of %d bytes", len(b))
	}
	var reds [3]bool
	t, err := tile.FromID(int(b[1])<<8|int(b[2]), reds)
	if err != nil {
		return Entry{}, err
	}
	t.Red = b[3] == 1
	return Entry{Set: b[0], Tile: t}, nil
}

// Put registers uid as e, durably (committed and synced when Put returns).
// A tag already registered as another tile, or a tile already carried by
// another tag, is an ErrConflict naming both.
func (s *Store) Put(uid rfid.UID, e Entry) error {
	if e.Set != 'A' && e.Set != 'B' {
		return fmt.Errorf("registry: set %q, want A or B", e.Set)
	}
	return s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucket)
		if old := b.Get([]byte(uid)); old != nil {
			if oe, err := decode(old); err == nil && oe != e {
				return fmt.Errorf("%w: tag %s is already %s", ErrConflict, uid, oe)
			}
		}
		c := b.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if oe, err := decode(v); err == nil && oe == e && string(k) != string(uid) {
				return fmt.Errorf("%w: %s is already tag %s", ErrConflict, e, k)
			}
		}
		return b.Put([]byte(uid), encode(e))
	})
}

// Delete forgets uid.
func (s *Store) Delete(uid rfid.UID) error {
	return s.db.Update(func(tx *bbolt.Tx) error { return tx.Bucket(bucket).Delete([]byte(uid)) })
}

// Lookup implements Registry.
func (s *Store) Lookup(uid rfid.UID) (Entry, bool) {
	var e Entry
	var ok bool
	_ = s.db.View(func(tx *bbolt.Tx) error {
		if v := tx.Bucket(bucket).Get([]byte(uid)); v != nil {
			var err error
			e, err = decode(v)
			ok = err == nil
		}
		return nil
	})
	return e, ok
}

// All returns the whole registry in memory.
func (s *Store) All() (Memory, error) {
	m := Memory{}
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
			e, err := decode(v)
			if err != nil {
				return fmt.Errorf("tag %s: %w", k, err)
			}
			m[rfid.UID(k)] = e
			return nil
		})
	})
	return m, err
}

// Sorted returns the UIDs of m in order.
func (m Memory) Sorted() []rfid.UID {
	out := make([]rfid.UID, 0, len(m))
	for u := range m {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
