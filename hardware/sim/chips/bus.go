package chips

import (
	"errors"
	"fmt"
	"sync"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
)

// Chip is one emulated I2C device.
type Chip interface {
	// Answers reports whether the chip ACKs addr.
	Answers(addr uint16) bool
	// Tx runs one transaction addressed to the chip: w written, then r
	// read (after a repeated start).
	Tx(addr uint16, w, r []byte) error
}

// ErrNoAck is returned for an address no chip answers.
var ErrNoAck = errors.New("no ACK")

// ErrCollision is returned when two chips answer a read: their bytes
// fight on the wire.
var ErrCollision = errors.New("two chips answer the address: bus collision")

// Bus is an emulated I2C bus. Attach chips with Add; inject faults with
// Fail. It implements i2c.BusCloser.
type Bus struct {
	Name string

	mu    sync.Mutex
	chips []Chip
	fail  map[uint16]error // by address; 0xFFFF: every address
	txs   int
}

// everyAddr in Fail fails every transaction.
const everyAddr = 0xFFFF

// Add attaches chips to the bus.
func (b *Bus) Add(c ...Chip) {
	b.mu.Lock()
	b.chips = append(b.chips, c...)
	b.mu.Unlock()
}

// Fail makes every transaction to addr fail with err (a chip that lost
// power, a loose connector); err nil heals it.
func (b *Bus) Fail(addr uint16, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail == nil {
		b.fail = map[uint16]error{}
	}
	if err == nil {
		delete(b.fail, addr)
		return
	}
	b.fail[addr] = err
}

// FailAll makes every transaction fail with err (SDA held low, the bus
// cable pulled); nil heals it.
func (b *Bus) FailAll(err error) { b.Fail(everyAddr, err) }

// Transactions returns the number of transactions so far.
func (b *Bus) Transactions() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.txs
}

func (b *Bus) String() string {
	if b.Name == "" {
		return "chips.Bus"
	}
	return b.Name
}

// Close implements i2c.BusCloser.
func (b *Bus) Close() error { return nil }

// SetSpeed implements i2c.Bus.
func (b *Bus) SetSpeed(physic.Frequency) error { return nil }

// Tx implements i2c.Bus.
func (b *Bus) Tx(addr uint16, w, r []byte) error {
	b.mu.Lock()
	b.txs++
	err := b.fail[everyAddr]
	if err == nil {
		err = b.fail[addr]
	}
	var to []Chip
	for _, c := range b.chips {
		if c.Answers(addr) {
			to = append(to, c)
		}
	}
	b.mu.Unlock()
	switch {
	case err != nil:
		return fmt.Errorf("%s: 0x%02X: %w", b, addr, err)
	case len(to) == 0:
		return fmt.Errorf("%s: 0x%02X: %w", b, addr, ErrNoAck)
	case len(to) > 1 && len(r) > 0:
		return fmt.Errorf("%s: 0x%02X: %w", b, addr, ErrCollision)
	}
	var errs []error
	for _, c := range to {
		errs = append(errs, c.Tx(addr, w, r))
	}
	return errors.Join(errs...)
}

var _ i2c.BusCloser = (*Bus)(nil)
