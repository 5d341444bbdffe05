package rfidtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
)

// Reader is a fake rfid.Reader with a built-in rfid.Mux: each antenna
// channel has the tags in its field, and ReadUID reads the selected one.
// Set the fields before use; change the field with SetTags.
type Reader struct {
	Name     string
	Clock    clock.Clock   // nil: the real clock
	ReadTime time.Duration // time one read attempt takes (a real MFRC522: ~25ms)
	Antennas int           // channels; 0 means 1
	// MissRate is the chance that a tag in the field is not read in one
	// attempt; GhostRate the chance that an attempt returns a tag of
	// Ghosts (a neighbour's tag bleeding over) instead.
	MissRate, GhostRate float64
	Rand                *rand.Rand // a fixed seed if nil

	mu      sync.Mutex
	tags    map[int][]rfid.UID
	ghosts  []rfid.UID
	sel     int
	dead    error
	halted  bool
	reads   int
	selects []int
}

func (r *Reader) String() string { return r.Name }

// SetTags puts tags in antenna ch's field (replacing what was there).
func (r *Reader) SetTags(ch int, tags ...rfid.UID) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.tags == nil {
		r.tags = map[int][]rfid.UID{}
	}
	r.tags[ch] = append([]rfid.UID(nil), tags...)
}

// SetGhosts sets the tags a ghost read may return.
func (r *Reader) SetGhosts(tags ...rfid.UID) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ghosts = append([]rfid.UID(nil), tags...)
}

// Kill makes every later read fail with err (nil revives the reader).
func (r *Reader) Kill(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dead = err
}

// Reads returns the number of read attempts so far.
func (r *Reader) Reads() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads
}

// Selected returns the channels selected so far, in order.
func (r *Reader) Selected() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int(nil), r.selects...)
}

// Channels implements rfid.Mux.
func (r *Reader) Channels() int { return max(r.Antennas, 1) }

// Select implements rfid.Mux.
func (r *Reader) Select(ch int) error {
	if ch < 0 || ch >= r.Channels() {
		return fmt.Errorf("rfidtest %s: channel %d out of range 0–%d", r.Name, ch, r.Channels()-1)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sel = ch
	r.selects = append(r.selects, ch)
	return nil
}

// Halt implements conn.Resource.
func (r *Reader) Halt() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.halted = true
	return nil
}

// Halted reports whether Halt was called.
func (r *Reader) Halted() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.halted
}

// ReadUID implements rfid.Reader. Each attempt takes ReadTime; with
// several tags in the field the first answers (anticollision picks one).
func (r *Reader) ReadUID(ctx context.Context, timeout time.Duration) (rfid.UID, error) {
	clk := r.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	deadline := clk.Now().Add(timeout)
	for {
		if err := clock.Sleep(ctx, clk, r.ReadTime); err != nil {
			return "", err
		}
		uid, err := r.attempt()
		if !errors.Is(err, rfid.ErrNoTag) || !clk.Now().Add(r.ReadTime).Before(deadline) {
			return uid, err
		}
	}
}

func (r *Reader) attempt() (rfid.UID, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads++
	if r.dead != nil {
		return "", fmt.Errorf("rfidtest %s: reader failed: %w", r.Name, r.dead)
	}
	if r.halted {
		return "", fmt.Errorf("rfidtest %s: %w", r.Name, rfid.ErrHalted)
	}
	if r.Rand == nil {
		r.Rand = rand.New(rand.NewPCG(5, 22))
	}
	if len(r.ghosts) > 0 && r.GhostRate > 0 && r.Rand.Float64() < r.GhostRate {
		return r.ghosts[r.Rand.IntN(len(r.ghosts))], nil
	}
	tags := r.tags[r.sel]
	if len(tags) == 0 || (r.MissRate > 0 && r.Rand.Float64() < r.MissRate) {
		return "", rfid.ErrNoTag
	}
	return tags[0], nil
}

// Inventory implements rfid.MultiReader: every tag of the selected
// antenna, each missed with MissRate, and a ghost with GhostRate. It
// takes ReadTime.
func (r *Reader) Inventory(ctx context.Context) ([]rfid.UID, error) {
	clk := r.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	if err := clock.Sleep(ctx, clk, r.ReadTime); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads++
	if r.dead != nil {
		return nil, fmt.Errorf("rfidtest %s: reader failed: %w", r.Name, r.dead)
	}
	if r.halted {
		return nil, fmt.Errorf("rfidtest %s: %w", r.Name, rfid.ErrHalted)
	}
	if r.Rand == nil {
		r.Rand = rand.New(rand.NewPCG(5, 22))
	}
	var out []rfid.UID
	for _, u := range r.tags[r.sel] {
		if r.MissRate == 0 || r.Rand.Float64() >= r.MissRate {
			out = append(out, u)
		}
	}
	if len(r.ghosts) > 0 && r.GhostRate > 0 && r.Rand.Float64() < r.GhostRate {
		out = append(out, r.ghosts[r.Rand.IntN(len(r.ghosts))])
	}
	return out, nil
}

var (
	_ rfid.MultiReader = (*Reader)(nil)
	_ rfid.Reader      = (*Reader)(nil)
	_ rfid.Mux         = (*Reader)(nil)
)
