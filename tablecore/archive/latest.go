package archive

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// ErrEmpty: the archive holds no game.
var ErrEmpty = errors.New("the archive holds no game yet")

// Latest returns the ID of the game archived last, or ErrEmpty.
func (a *Archive) Latest() (uint64, error) {
	var id uint64
	err := a.db.View(func(tx *bolt.Tx) error {
		// IDs are big-endian keys, so the last key is the highest ID.
		if k, _ := tx.Bucket(summaries).Cursor().Last(); len(k) == 8 {
			id = binary.BigEndian.Uint64(k)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("archive: latest: %w", err)
	}
	if id == 0 {
		return 0, ErrEmpty
	}
	return id, nil
}
