package rfid

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/pin"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522"
	"periph.io/x/devices/v3/mfrc522/commands"
)

// PICC commands (ISO/IEC 14443-3).
const (
	piccREQA   = 0x26
	piccSEL1   = 0x93 // SEL of cascade level 1; levels 2 and 3 are +2, +4
	piccHLTA   = 0x50
	cascadeTag = 0x88
	sakMore    = 0x04 // SAK bit: UID not complete
)

// MFRC522 registers and bits used here (datasheet §9.2).
const (
	regCommand     = 0x01
	regComIrq      = 0x04
	regError       = 0x06
	regFIFOData    = 0x09
	regFIFOLevel   = 0x0A
	regControl     = 0x0C
	regBitFraming  = 0x0D
	regColl        = 0x0E
	regTxControl   = 0x14
	regRxThreshold = 0x18
	regTMode       = 0x2A
	regTPrescaler  = 0x2B
	regTReloadH    = 0x2C
	regTReloadL    = 0x2D

	cmdIdle       = 0x00
	cmdTransceive = 0x0C

	irqTimer = 0x01
	irqIdle  = 0x10
	irqRx    = 0x20

	errProtocol = 0x01
	errParity   = 0x02
	errColl     = 0x08
	errBufOvfl  = 0x10
)

// maxTags bounds the tags one inventory selects: a zone holds at most a
// hand and a half of tiles, and a runaway loop on a noisy field ends.
const maxTags = 64

// ErrSeveral is returned by ReadUID when several tags answer where one is
// expected (a gate with the next tile too close): worth retrying, never
// guessed.
var ErrSeveral = errors.New("rfid: several tags in field")

var _ MultiReader = (*MFRC522)(nil)

// MFRC522 is a Reader on an NXP MFRC522 over SPI. It runs ISO/IEC
// 14443-3 type A anticollision itself over the chip's registers (periph's
// CardWrite reports a collision as an error with no bits): REQA, the
// bit-oriented anticollision loop with BitFramingReg and CollReg at
// cascade levels 1–3, SELECT with CRC_A from the chip's coprocessor, the
// SAK's CRC checked, and HLTA, until no tag answers.
type MFRC522 struct {
	name      string
	dev       *mfrc522.Dev
	clk       clock.Clock
	poll      time.Duration
	reset     time.Duration
	threshold byte

	mu       sync.Mutex
	halted   bool
	needInit bool
}

// MFRC522Config holds the optional settings of OpenMFRC522.
type MFRC522Config struct {
	Name  string        // for logs and errors; the SPI port's name if empty
	IRQ   gpio.PinIn    // may be nil: reading polls and never uses it
	Gain  int           // antenna gain 0–7; 0 means the driver default (4)
	Poll  time.Duration // pause between polls in ReadUID; 0 means 5ms
	Clock clock.Clock   // nil for the real clock
	// FieldReset is how long the field is off, and then on again before
	// the first request, at the start of an inventory: tags halted by the
	// last one lose power and answer again (ISO/IEC 14443-3 asks 5 ms of
	// field before a request). 0 means 5ms.
	FieldReset time.Duration
	// MinLevel and CollLevel set RxThresholdReg (datasheet §9.3.3.6): the
	// weakest signal decoded (0–15) and how strong the weaker of two
	// colliding signals must be to count as a collision (0–7). 0 means
	// the chip's defaults (8 and 4). A weak neighbour's tag stays below
	// MinLevel on a well-tuned gate.
	MinLevel, CollLevel int
}

// OpenMFRC522 initialises the reader on port with its reset pin and checks
// that an MFRC522 answers: a missing or dead reader is an error here, not a
// garbled read later.
func OpenMFRC522(port spi.Port, reset gpio.PinOut, cfg MFRC522Config) (*MFRC522, error) {
	name := cfg.Name
	if name == "" {
		name = fmt.Sprint(port)
	}
	if port == nil || reset == nil {
		return nil, fmt.Errorf("rfid %s: the SPI port and the reset pin are required", name)
	}
	if cfg.MinLevel < 0 || cfg.MinLevel > 15 || cfg.CollLevel < 0 || cfg.CollLevel > 7 {
		return nil, fmt.Errorf("rfid %s: min level %d (0–15) or collision level %d (0–7) out of range", name, cfg.MinLevel, cfg.CollLevel)
	}
	irq := cfg.IRQ
	if irq == nil {
		irq = noIRQ{}
	} else {
		irq = positiveIRQ{irq}
	}
	dev, err := mfrc522.NewSPI(port, reset, irq)
	if err != nil {
		return nil, fmt.Errorf("rfid %s: %w", name, err)
	}
	v, err := dev.LowLevel.DevRead(commands.VersionReg)
	if err != nil {
		return nil, fmt.Errorf("rfid %s: reading the version: %w", name, err)
	}
	switch v {
	case 0x88, 0x90, 0x91, 0x92, 0x12, 0xB2: // NXP 0.0/1.0/2.0 and known clones
	default:
		return nil, fmt.Errorf("rfid %s: no MFRC522 answers: version register reads 0x%02X", name, v)
	}
	if cfg.Gain != 0 {
		dev.LowLevel.SetAntennaGain(cfg.Gain)
	}
	r := &MFRC522{name: name, dev: dev, clk: cfg.Clock, poll: cfg.Poll, reset: cfg.FieldReset, needInit: true}
	if r.clk == nil {
		r.clk = clock.Real{}
	}
	if r.poll <= 0 {
		r.poll = 5 * time.Millisecond
	}
	if r.reset <= 0 {
		r.reset = 5 * time.Millisecond
	}
	r.threshold = byte(cmp.Or(cfg.MinLevel, 8))<<4 | byte(cmp.Or(cfg.CollLevel, 4))
	return r, nil
}

func (r *MFRC522) String() string { return r.name }

// Halt implements conn.Resource: it powers the chip down. Later calls do
// nothing (periph's Halt panics on a second call).
func (r *MFRC522) Halt() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.halted {
		return nil
	}
	r.halted = true
	return r.dev.Halt()
}

// ReadUID implements Reader: it inventories the field until one tag
// answers or timeout passes. Several tags are an error wrapping
// ErrSeveral and ErrGarbled (a gate seeing the next tile), never a guess.
func (r *MFRC522) ReadUID(ctx context.Context, timeout time.Duration) (UID, error) {
	deadline := r.clk.Now().Add(timeout)
	for {
		uids, err := r.Inventory(ctx)
		switch {
		case err != nil && !errors.Is(err, ErrGarbled):
			return "", err
		case len(uids) == 1 && err == nil:
			return uids[0], nil
		case len(uids) > 1:
			return "", fmt.Errorf("rfid %s: %w: %v: %w", r.name, ErrSeveral, uids, ErrGarbled)
		case err != nil:
			return "", err
		}
		if r.clk.Now().Add(r.poll).After(deadline) {
			return "", ErrNoTag
		}
		if err := clock.Sleep(ctx, r.clk, r.poll); err != nil {
			return "", err
		}
	}
}

// Inventory returns the UID of every tag in the field, in the order
// anticollision selected them. It resets the field first, so tags halted
// by the last inventory answer again. An empty field is no tags and no
// error. An error wrapping ErrGarbled comes with the tags read before it;
// a failed reader returns no tags.
func (r *MFRC522) Inventory(ctx context.Context) ([]UID, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.halted {
		return nil, fmt.Errorf("rfid %s: %w", r.name, ErrHalted)
	}
	if err := r.init(); err != nil {
		return nil, err
	}
	ll := r.dev.LowLevel
	if err := ll.ClearBitmask(regTxControl, 0x03); err != nil {
		return nil, r.fail(err)
	}
	if err := clock.Sleep(ctx, r.clk, r.reset); err != nil {
		return nil, err
	}
	if err := ll.SetBitmask(regTxControl, 0x03); err != nil {
		return nil, r.fail(err)
	}
	if err := clock.Sleep(ctx, r.clk, r.reset); err != nil {
		return nil, err
	}
	var (
		out     []UID
		seen    = map[UID]bool{}
		garbled error
		quiet   int
	)
	for range maxTags + 8 {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		uid, err := r.selectOne()
		switch {
		case errors.Is(err, ErrNoTag):
			// A tag knocked back to IDLE by an error answers the next
			// request: one more before calling the field empty.
			quiet++
			if garbled == nil || quiet > 1 {
				return out, garbled
			}
			continue
		case errors.Is(err, ErrGarbled):
			garbled = err
			quiet = 0
			continue
		case err != nil:
			return nil, err
		}
		quiet = 0
		if !seen[uid] { // a tag that dropped out and back answers twice
			seen[uid] = true
			out = append(out, uid)
		}
		if len(out) >= maxTags {
			break
		}
	}
	return out, garbled
}

// init (re)initialises the chip after opening and after a failure: the
// periph driver's setup, then the timer and thresholds this driver needs.
func (r *MFRC522) init() error {
	if !r.needInit {
		return nil
	}
	ll := r.dev.LowLevel
	if err := ll.Init(); err != nil {
		return r.fail(err)
	}
	// Timer: TAuto, prescaler 169 (25 µs ticks), reload 40: a tag that
	// has not answered 1 ms after the frame is not there (it answers
	// after 91 µs at 106 kbit/s); periph's 15 ms would make every empty
	// request cost 15 ms.
	for _, w := range [][2]byte{{regTMode, 0x80}, {regTPrescaler, 0xA9}, {regTReloadH, 0}, {regTReloadL, 40}, {regRxThreshold, r.threshold}} {
		if err := ll.DevWrite(int(w[0]), w[1]); err != nil {
			return r.fail(err)
		}
	}
	r.needInit = false
	return nil
}

// selectOne wakes the idle tags with REQA, resolves one UID through every
// cascade level, and halts that tag.
func (r *MFRC522) selectOne() (UID, error) {
	// The ATQA is not checked: tags differ in it (UID size), so a
	// collision there is normal; any answer means tags are READY.
	if _, _, _, err := r.transceive([]byte{piccREQA}, 7, 0); err != nil {
		return "", err
	}
	var uid []byte
	for level := 0; level < 3; level++ {
		sel := byte(piccSEL1 + 2*level)
		cl, err := r.anticollision(sel)
		if err != nil {
			return "", err
		}
		sak, err := r.selectLevel(sel, cl)
		if err != nil {
			return "", err
		}
		if sak&sakMore == 0 {
			uid = append(uid, cl[:4]...)
			r.haltTag()
			return FromBytes(uid), nil
		}
		if cl[0] != cascadeTag {
			return "", fmt.Errorf("rfid %s: SAK says UID incomplete but cascade level %d starts 0x%02X: %w", r.name, level+1, cl[0], ErrGarbled)
		}
		uid = append(uid, cl[1:4]...)
	}
	return "", fmt.Errorf("rfid %s: UID longer than three cascade levels: %w", r.name, ErrGarbled)
}

// anticollision resolves one tag's 40 bits (4 UID bytes and BCC) of the
// cascade level sel. Each round sends the bits known so far; the tags
// whose UID starts with them answer the rest; at the first colliding bit
// this driver takes the 1 branch and asks again.
func (r *MFRC522) anticollision(sel byte) ([5]byte, error) {
	var cl [5]byte
	known := 0
	for round := 0; round < 41; round++ {
		nbytes, nbits := known/8, known%8
		frame := append([]byte{sel, byte(2+nbytes)<<4 | byte(nbits)}, cl[:(known+7)/8]...)
		resp, _, coll, err := r.transceive(frame, nbits, nbits)
		if errors.Is(err, ErrNoTag) {
			return cl, fmt.Errorf("rfid %s: a tag left during anticollision: %w", r.name, ErrGarbled)
		}
		if err != nil {
			return cl, err
		}
		for i, b := range resp {
			if nbytes+i >= len(cl) {
				break
			}
			if i == 0 {
				low := byte(1)<<nbits - 1
				cl[nbytes] = cl[nbytes]&low | b&^low
				continue
			}
			cl[nbytes+i] = b
		}
		if coll == 0 {
			if cl[0]^cl[1]^cl[2]^cl[3] != cl[4] {
				return cl, fmt.Errorf("rfid %s: UID check byte 0x%02X does not match % X: %w", r.name, cl[4], cl[:4], ErrGarbled)
			}
			return cl, nil
		}
		at := nbytes*8 + coll - 1 // CollPos counts from bit 0 of the first FIFO byte
		if at < known || at >= 40 {
			return cl, fmt.Errorf("rfid %s: collision at bit %d with %d bits known: %w", r.name, at, known, ErrGarbled)
		}
		cl[at/8] |= 1 << (at % 8)
		// Bits after the collision read 0; they are asked again.
		for i := at + 1; i < 40; i++ {
			cl[i/8] &^= 1 << (i % 8)
		}
		known = at + 1
	}
	return cl, fmt.Errorf("rfid %s: anticollision did not converge: %w", r.name, ErrGarbled)
}

// selectLevel sends SELECT with CRC_A and returns the SAK once its CRC_A
// checks.
func (r *MFRC522) selectLevel(sel byte, cl [5]byte) (byte, error) {
	ll := r.dev.LowLevel
	frame := append([]byte{sel, 0x70}, cl[:]...)
	crc, err := ll.CRC(frame)
	if err != nil {
		return 0, r.fail(err)
	}
	resp, bits, _, err := r.transceive(append(frame, crc...), 0, 0)
	if errors.Is(err, ErrNoTag) {
		return 0, fmt.Errorf("rfid %s: no SAK to SELECT % X: %w", r.name, cl, ErrGarbled)
	}
	if err != nil {
		return 0, err
	}
	if bits != 24 {
		return 0, fmt.Errorf("rfid %s: SAK is %d bits, want 24: %w", r.name, bits, ErrGarbled)
	}
	want, err := ll.CRC(resp[:1])
	if err != nil {
		return 0, r.fail(err)
	}
	if resp[1] != want[0] || resp[2] != want[1] {
		return 0, fmt.Errorf("rfid %s: SAK 0x%02X CRC % X, want % X: %w", r.name, resp[0], resp[1:3], want, ErrGarbled)
	}
	return resp[0], nil
}

// haltTag sends HLTA so the selected tag rests until the field resets. A
// tag does not answer HLTA: the timer running out is success.
func (r *MFRC522) haltTag() {
	buf := []byte{piccHLTA, 0x00}
	if crc, err := r.dev.LowLevel.CRC(buf); err == nil {
		_, _, _, _ = r.transceive(append(buf, crc...), 0, 0)
	}
}

// transceive sends frame (txLast valid bits in its last byte, 0 for 8),
// stores the answer from bit rxAlign of the first FIFO byte, and returns
// the FIFO, the number of valid bits in it, and the 1-based CollPos of
// the first collision (0 for none). No answer is ErrNoTag; a parity or
// protocol error ErrGarbled; a bus failure neither.
func (r *MFRC522) transceive(frame []byte, txLast, rxAlign int) ([]byte, int, int, error) {
	ll := r.dev.LowLevel
	for _, w := range [][2]byte{{regCommand, cmdIdle}, {regComIrq, 0x7F}, {regFIFOLevel, 0x80}} {
		if err := ll.DevWrite(int(w[0]), w[1]); err != nil {
			return nil, 0, 0, r.fail(err)
		}
	}
	for _, b := range frame {
		if err := ll.DevWrite(regFIFOData, b); err != nil {
			return nil, 0, 0, r.fail(err)
		}
	}
	framing := byte(rxAlign)<<4 | byte(txLast)
	for _, w := range [][2]byte{{regBitFraming, framing}, {regCommand, cmdTransceive}, {regBitFraming, framing | 0x80}} {
		if err := ll.DevWrite(int(w[0]), w[1]); err != nil {
			return nil, 0, 0, r.fail(err)
		}
	}
	// The chip's timer ends every transceive (TAuto); polling the IRQ
	// register until it says so is bounded by the timer, and by a count
	// in case the chip is not running at all.
	var irq byte
	for i := 0; ; i++ {
		v, err := ll.DevRead(regComIrq)
		if err != nil {
			return nil, 0, 0, r.fail(err)
		}
		if v&(irqRx|irqIdle|irqTimer) != 0 {
			irq = v
			break
		}
		if i == 2000 {
			return nil, 0, 0, r.fail(fmt.Errorf("transceive: neither an answer nor the timer after %d polls (IRQ register 0x%02X)", i, v))
		}
	}
	if err := ll.DevWrite(regBitFraming, framing); err != nil {
		return nil, 0, 0, r.fail(err)
	}
	errs, err := ll.DevRead(regError)
	if err != nil {
		return nil, 0, 0, r.fail(err)
	}
	if errs&errBufOvfl != 0 {
		return nil, 0, 0, fmt.Errorf("rfid %s: FIFO overflow: %w", r.name, ErrGarbled)
	}
	if irq&irqRx == 0 && irq&irqTimer != 0 {
		return nil, 0, 0, ErrNoTag
	}
	if errs&(errParity|errProtocol) != 0 {
		return nil, 0, 0, fmt.Errorf("rfid %s: error register 0x%02X: %w", r.name, errs, ErrGarbled)
	}
	n, err := ll.DevRead(regFIFOLevel)
	if err != nil {
		return nil, 0, 0, r.fail(err)
	}
	if n > 64 {
		return nil, 0, 0, r.fail(fmt.Errorf("FIFO level %d out of range", n))
	}
	resp := make([]byte, n)
	for i := range resp {
		if resp[i], err = ll.DevRead(regFIFOData); err != nil {
			return nil, 0, 0, r.fail(err)
		}
	}
	ctl, err := ll.DevRead(regControl)
	if err != nil {
		return nil, 0, 0, r.fail(err)
	}
	bits := int(n) * 8
	if last := int(ctl & 0x07); last != 0 && n > 0 {
		bits = (int(n)-1)*8 + last
	}
	coll := 0
	if errs&errColl != 0 {
		c, err := ll.DevRead(regColl)
		if err != nil {
			return nil, 0, 0, r.fail(err)
		}
		if c&0x20 != 0 {
			return nil, 0, 0, fmt.Errorf("rfid %s: collision out of the frame: %w", r.name, ErrGarbled)
		}
		coll = int(c & 0x1F)
		if coll == 0 {
			coll = 32
		}
	}
	return resp, bits, coll, nil
}

// fail wraps a bus or chip error and schedules a re-initialisation.
func (r *MFRC522) fail(err error) error {
	r.needInit = true
	return fmt.Errorf("rfid %s: reader failed: %w", r.name, err)
}

// noIRQ stands in for an unwired IRQ line: periph's mfrc522 dereferences the
// IRQ pin in String and ReadUID, so nil is never passed.
type noIRQ struct{}

func (noIRQ) String() string                        { return "NoIRQ" }
func (noIRQ) Halt() error                           { return nil }
func (noIRQ) Name() string                          { return "NoIRQ" }
func (noIRQ) Number() int                           { return -1 }
func (noIRQ) Function() string                      { return "" }
func (noIRQ) In(gpio.Pull, gpio.Edge) error         { return nil }
func (noIRQ) Read() gpio.Level                      { return gpio.High }
func (noIRQ) WaitForEdge(time.Duration) bool        { return false }
func (noIRQ) Pull() gpio.Pull                       { return gpio.PullNoChange }
func (noIRQ) DefaultPull() gpio.Pull                { return gpio.PullNoChange }
func (noIRQ) Func() pin.Func                        { return pin.FuncNone }
func (noIRQ) SupportedFuncs() []pin.Func            { return nil }
func (noIRQ) SetFunc(pin.Func) error                { return errors.New("rfid: NoIRQ has no functions") }
func (noIRQ) PWM(gpio.Duty, physic.Frequency) error { return errors.New("rfid: NoIRQ") }

// positiveIRQ passes a real IRQ pin with WaitForEdge timeouts of zero or
// less raised to 1ms: periph's mfrc522 clears interrupts with
// WaitForEdge(0), which blocks forever on gpioioctl pins.
type positiveIRQ struct{ gpio.PinIn }

func (p positiveIRQ) WaitForEdge(d time.Duration) bool {
	return p.PinIn.WaitForEdge(max(d, time.Millisecond))
}
