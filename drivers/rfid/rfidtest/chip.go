package rfidtest

import (
	"math/rand/v2"
	"sync"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// ChipMode is how a Chip answers on the bus.
type ChipMode int

// Chip modes.
const (
	Working ChipMode = iota // an MFRC522
	Garbage                 // random bytes on MISO (a bad wire, a wrong chip)
	Silent                  // MISO reads 0 (nothing connected)
)

// MFRC522 registers (datasheet §9.2).
const (
	regCommand     = 0x01
	regCommIrq     = 0x04
	regDivIrq      = 0x05
	regError       = 0x06
	regFIFOData    = 0x09
	regFIFOLevel   = 0x0A
	regControl     = 0x0C
	regBitFraming  = 0x0D
	regColl        = 0x0E
	regTxControl   = 0x14
	regRxThreshold = 0x18
	regCRCH        = 0x21
	regCRCL        = 0x22
	regTMode       = 0x2A
	regTPrescaler  = 0x2B
	regTReloadH    = 0x2C
	regTReloadL    = 0x2D
	regVersion     = 0x37
)

// ComIrqReg and ErrorReg bits.
const (
	irqTimer = 0x01
	irqErr   = 0x02
	irqIdle  = 0x10
	irqRx    = 0x20
	irqTx    = 0x40

	errProtocol = 0x01
	errParity   = 0x02
	errCRC      = 0x04
	errColl     = 0x08
	errBufOvfl  = 0x10
)

// MFRC522 commands (CommandReg bits 3–0).
const (
	cmdIdle       = 0x00
	cmdCalcCRC    = 0x03
	cmdTransceive = 0x0C
	cmdSoftReset  = 0x0F
)

const fifoSize = 64

// Chip is a register-level MFRC522 behind an spi.Port: its Tx decodes
// register reads and writes (single and burst, datasheet §8.1.2), runs the
// commands the drivers use (SoftReset, CalcCRC on the CRC coprocessor,
// Transceive) and answers ISO/IEC 14443-A frames for the tags in its
// field, each with its own state machine (IDLE, READY, ACTIVE, HALT and
// the starred states of a tag woken from HALT).
//
// The radio is modelled bit by bit: the answers of every tag that answers
// a frame are superposed, a bit where tags disagree is a collision if the
// weaker signal reaches RxThresholdReg's CollLevel relative to the
// stronger one (else the stronger wins, as a Manchester decoder does), and
// nothing is received from tags below MinLevel. A collision sets ErrorReg
// CollErr and CollReg CollPos, the 1-based position of the first colliding
// bit among the bits stored in the FIFO counted from bit 0 of the first
// FIFO byte (so with RxAlign a the first received bit is position a+1);
// bits after it read 0 (ValuesAfterColl = 0). A frame no tag answers runs
// the timer out (TimerIRq), as TAuto starts it after transmission.
//
// Airtime adds up the time the radio would have spent: frames at
// 106 kbit/s with parity, frame delay times and timer runs.
type Chip struct {
	Mode ChipMode
	Rand *rand.Rand // for Garbage, intermittent tags and noise; fixed seed if nil
	// NoiseRate is the chance that an answer arrives with a parity error
	// (a motor's noise, a hand over the antenna).
	NoiseRate float64

	mu      sync.Mutex
	regs    [64]byte
	fifo    []byte
	cmd     byte
	tags    []*Tag
	airtime time.Duration
	frames  int
	Halted  bool // the driver powered the chip down (PowerDown)
}

// Tag is an ISO/IEC 14443-A tag in a Chip's field.
type Tag struct {
	UID []byte // 4, 7 or 10 bytes
	SAK byte   // the SAK of the last cascade level (0x00: NTAG21x)
	// Strength is the tag's signal at the reader relative to a tag on the
	// antenna: 1 (or 0) for a tag in the zone, below 1 for a tag in a
	// neighbouring zone read through cross-talk.
	Strength float64
	// Presence is the chance the tag is powered during one frame: 1 (or
	// 0) for a tag in the field, between for a tag half in it, which
	// drops out (and loses its state) now and then.
	Presence float64
	// BadCRC makes the tag answer SELECT with a wrong CRC_A (a damaged
	// tag, or noise a parity check does not catch).
	BadCRC bool

	state tagState
	level int  // cascade level being resolved, 0-based
	star  bool // woken from HALT: errors send it back to HALT
}

type tagState uint8

const (
	tagIdle tagState = iota
	tagReady
	tagActive
	tagHalt
)

// NewChip returns a working chip with no tag in its field.
func NewChip() *Chip {
	c := &Chip{}
	c.reset()
	return c
}

// SetTag puts one tag with uid (4, 7 or 10 bytes) in the field, replacing
// the tags there; nil empties the field.
func (c *Chip) SetTag(uid []byte) {
	if len(uid) == 0 {
		c.SetTags()
		return
	}
	c.SetTags(&Tag{UID: uid})
}

// SetTags replaces the tags in the field. The chip keeps the pointers: a
// test may change a tag's Strength or Presence between reads.
func (c *Chip) SetTags(tags ...*Tag) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags = nil
	for _, t := range tags {
		t.UID = append([]byte(nil), t.UID...)
		t.state, t.level, t.star = tagIdle, 0, false
		c.tags = append(c.tags, t)
	}
}

// Airtime returns the radio time spent so far.
func (c *Chip) Airtime() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.airtime
}

// Frames returns the number of frames transceived so far.
func (c *Chip) Frames() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.frames
}

func (c *Chip) reset() {
	c.regs = [64]byte{}
	c.regs[regTxControl] = 0x80
	c.regs[regRxThreshold] = 0x84
	c.regs[regVersion] = 0x92
	c.fifo = nil
	c.cmd = 0
	c.fieldOff()
}

func (c *Chip) fieldOff() {
	for _, t := range c.tags {
		t.state, t.level, t.star = tagIdle, 0, false
	}
}

func (c *Chip) String() string                                            { return "rfidtest.Chip" }
func (c *Chip) Close() error                                              { return nil }
func (c *Chip) LimitSpeed(physic.Frequency) error                         { return nil }
func (c *Chip) Duplex() conn.Duplex                                       { return conn.Full }
func (c *Chip) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return c, nil }

// TxPackets implements spi.Conn: each packet is one Tx.
func (c *Chip) TxPackets(p []spi.Packet) error {
	for _, pk := range p {
		if err := c.Tx(pk.W, pk.R); err != nil {
			return err
		}
	}
	return nil
}

// Tx implements spi.Conn. The first byte is an address byte (bit 7 read,
// bits 6–1 the register); a write writes every following byte to that
// register; a read treats every byte but the last as an address and
// answers each on the next byte, as the chip's SPI burst does.
func (c *Chip) Tx(w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch c.Mode {
	case Silent:
		clear(r)
		return nil
	case Garbage:
		for i := range r {
			r[i] = byte(c.rnd().UintN(256))
		}
		return nil
	}
	if len(w) < 2 {
		return nil
	}
	if w[0]&0x80 != 0 {
		for i := 0; i+1 < len(w); i++ {
			v := c.read((w[i] >> 1) & 0x3F)
			if i+1 < len(r) {
				r[i+1] = v
			}
		}
		if len(r) > 0 {
			r[0] = 0
		}
		return nil
	}
	reg := (w[0] >> 1) & 0x3F
	for _, v := range w[1:] {
		c.write(reg, v)
	}
	clear(r)
	return nil
}

func (c *Chip) rnd() *rand.Rand {
	if c.Rand == nil {
		c.Rand = rand.New(rand.NewPCG(1, 2))
	}
	return c.Rand
}

func (c *Chip) read(reg byte) byte {
	switch reg {
	case regFIFOData:
		if len(c.fifo) == 0 {
			return 0
		}
		b := c.fifo[0]
		c.fifo = c.fifo[1:]
		return b
	case regFIFOLevel:
		return byte(len(c.fifo))
	case regCommand:
		return c.regs[regCommand]&0x30 | c.cmd
	}
	return c.regs[reg]
}

func (c *Chip) write(reg, v byte) {
	switch reg {
	case regCommand:
		c.regs[regCommand] = v & 0x30
		if v&0x10 != 0 { // PowerDown, as periph's Halt sends
			c.Halted = true
		}
		c.command(v & 0x0F)
	case regCommIrq, regDivIrq: // bit 7 set: set the marked bits, else clear them
		if v&0x80 != 0 {
			c.regs[reg] |= v & 0x7F
		} else {
			c.regs[reg] &^= v & 0x7F
		}
	case regFIFOData:
		if len(c.fifo) >= fifoSize {
			c.regs[regError] |= errBufOvfl
			return
		}
		c.fifo = append(c.fifo, v)
	case regFIFOLevel:
		if v&0x80 != 0 {
			c.fifo = nil
			c.regs[regError] &^= errBufOvfl
		}
	case regBitFraming:
		c.regs[reg] = v & 0x7F
		if v&0x80 != 0 && c.cmd == cmdTransceive {
			c.transceive()
		}
	case regTxControl:
		c.regs[reg] = v
		if v&0x03 == 0 {
			c.fieldOff() // the tags lose power and every state
		}
	case regError, regVersion, regControl:
		// read-only (ControlReg's StartSend/StopSend are not modelled)
	default:
		c.regs[reg] = v
	}
}

func (c *Chip) command(v byte) {
	switch v {
	case cmdSoftReset:
		c.reset()
		return
	case cmdCalcCRC:
		crc := crcA(c.fifo)
		c.fifo = nil
		c.regs[regCRCL], c.regs[regCRCH] = byte(crc), byte(crc>>8)
		c.regs[regDivIrq] |= 0x04
		c.cmd = cmdIdle
		return
	}
	c.cmd = v
}

// The radio's timing at 106 kbit/s (ISO/IEC 14443-2/-3): a bit is 128/fc,
// every byte carries a parity bit, and a tag answers 1236/fc (n=9) after
// the reader's last pause.
const (
	bitTime = 128 * time.Second / 13_560_000
	fdt     = 1236 * time.Second / 13_560_000
)

// timeout is the timer's run as the registers set it (TAuto: started at
// the end of transmission).
func (c *Chip) timeout() time.Duration {
	pre := int(c.regs[regTMode]&0x0F)<<8 | int(c.regs[regTPrescaler])
	reload := int(c.regs[regTReloadH])<<8 | int(c.regs[regTReloadL])
	return time.Duration(float64((2*pre+1)*(reload+1)) / 13.56e6 * 1e9)
}

func frameTime(bits int) time.Duration {
	return time.Duration(bits+bits/8+2) * bitTime // parity, start and end of frame
}

// transceive sends the FIFO as a frame and receives the tags' answer.
func (c *Chip) transceive() {
	txLast := int(c.regs[regBitFraming] & 0x07)
	rxAlign := int(c.regs[regBitFraming]>>4) & 0x07
	frame := c.fifo
	c.fifo = nil
	c.frames++
	c.regs[regError] = 0
	c.regs[regColl] = c.regs[regColl]&0x80 | 0x20 // CollPosNotValid until a collision
	c.regs[regControl] = 0
	c.regs[regCommIrq] |= irqTx
	nbits := len(frame) * 8
	if txLast != 0 && len(frame) > 0 {
		nbits = (len(frame)-1)*8 + txLast
	}
	c.airtime += frameTime(nbits)
	if len(frame) == 0 || c.regs[regTxControl]&0x03 == 0 {
		c.airtime += c.timeout()
		c.regs[regCommIrq] |= irqTimer
		return
	}
	var answers []answer
	for _, t := range c.tags {
		if p := t.Presence; p > 0 && p < 1 && c.rnd().Float64() >= p {
			t.state, t.level, t.star = tagIdle, 0, false // dropped out: power lost
			continue
		}
		if bits := t.receive(frame, nbits); bits != nil {
			answers = append(answers, answer{bits: bits, strength: t.strength()})
		}
	}
	th := c.regs[regRxThreshold]
	minLevel := float64(th>>4) / 16
	collLevel := float64(th&0x07) / 8
	var heard []answer
	for _, a := range answers {
		if a.strength >= minLevel {
			heard = append(heard, a)
		}
	}
	if len(heard) == 0 {
		c.airtime += c.timeout()
		c.regs[regCommIrq] |= irqTimer
		return
	}
	n := 0
	for _, a := range heard {
		n = max(n, len(a.bits))
	}
	c.airtime += fdt + frameTime(n)
	got := make([]bool, n)
	coll := -1
	for i := 0; i < n; i++ {
		var one, zero float64
		for _, a := range heard { // below MinLevel a signal is not evaluated
			if i < len(a.bits) {
				if a.bits[i] {
					one = max(one, a.strength)
				} else {
					zero = max(zero, a.strength)
				}
			}
		}
		if one > 0 && zero > 0 && min(one, zero)/max(one, zero) >= collLevel {
			coll = i
			break
		}
		got[i] = one > zero
	}
	out := make([]byte, (rxAlign+n+7)/8)
	for i, b := range got {
		if b {
			p := rxAlign + i
			out[p/8] |= 1 << (p % 8)
		}
	}
	c.fifo = out
	c.regs[regControl] = byte((rxAlign + n) % 8)
	c.regs[regCommIrq] |= irqRx | irqIdle
	if coll >= 0 {
		pos := rxAlign + coll + 1
		c.regs[regError] |= errColl
		c.regs[regCommIrq] |= irqErr
		if pos <= 32 {
			c.regs[regColl] = c.regs[regColl]&0x80 | byte(pos&0x1F)
		}
		return
	}
	if c.NoiseRate > 0 && c.rnd().Float64() < c.NoiseRate {
		c.regs[regError] |= errParity
		c.regs[regCommIrq] |= irqErr
		i := c.rnd().IntN(len(out))
		out[i] ^= 1 << c.rnd().IntN(8)
	}
}

type answer struct {
	bits     []bool
	strength float64
}

func (t *Tag) strength() float64 {
	if t.Strength <= 0 {
		return 1
	}
	return t.Strength
}

// levels returns the tag's cascade levels: 5 bytes each (CT or UID bytes,
// then BCC).
func (t *Tag) levels() [][]byte {
	u := t.UID
	var parts [][]byte
	switch len(u) {
	case 4:
		parts = [][]byte{u}
	case 7:
		parts = [][]byte{{0x88, u[0], u[1], u[2]}, u[3:7]}
	case 10:
		parts = [][]byte{{0x88, u[0], u[1], u[2]}, {0x88, u[3], u[4], u[5]}, u[6:10]}
	default:
		return nil
	}
	out := make([][]byte, len(parts))
	for i, p := range parts {
		out[i] = append(append([]byte{}, p...), p[0]^p[1]^p[2]^p[3])
	}
	return out
}

// toIdle is the state a tag falls back to on an unexpected frame.
func (t *Tag) toIdle() {
	t.level = 0
	if t.star {
		t.state = tagHalt
	} else {
		t.state = tagIdle
	}
}

// receive runs the tag's state machine on a frame of nbits and returns
// its answer's bits, LSB of each byte first (nil: silent).
func (t *Tag) receive(f []byte, nbits int) []bool {
	lv := t.levels()
	if lv == nil {
		return nil
	}
	if nbits == 7 {
		// REQA wakes an IDLE tag, WUPA an IDLE or HALT one; in READY or
		// ACTIVE either is an unexpected frame.
		if (f[0] == 0x26 && t.state == tagIdle) || (f[0] == 0x52 && (t.state == tagIdle || t.state == tagHalt)) {
			t.star = t.state == tagHalt
			t.state, t.level = tagReady, 0
			atqa := []byte{0x04, 0x00}
			switch len(t.UID) {
			case 7:
				atqa[0] = 0x44
			case 10:
				atqa[0] = 0x84
			}
			return bitsOf(atqa, 0, 16)
		}
		if t.state != tagHalt {
			t.toIdle()
		}
		return nil
	}
	switch t.state {
	case tagIdle, tagHalt:
		return nil
	case tagReady:
		sel := byte(0x93 + 2*t.level)
		if nbits < 16 || f[0] != sel {
			t.toIdle()
			return nil
		}
		nvb := f[1]
		cl := lv[t.level]
		if nvb == 0x70 {
			if nbits != 72 || crcA(f[:7]) != uint16(f[7])|uint16(f[8])<<8 {
				t.toIdle()
				return nil
			}
			for i := 0; i < 5; i++ {
				if f[2+i] != cl[i] {
					t.toIdle()
					return nil
				}
			}
			sak := t.SAK &^ 0x04
			if t.level+1 < len(lv) {
				sak = 0x04 // UID not complete
				t.level++
			} else {
				t.state = tagActive
			}
			crc := crcA([]byte{sak})
			if t.BadCRC {
				crc ^= 0x0100
			}
			return bitsOf([]byte{sak, byte(crc), byte(crc >> 8)}, 0, 24)
		}
		known := int(nvb>>4-2)*8 + int(nvb&0x0F)
		if known < 0 || known > 39 || known != nbits-16 {
			t.toIdle()
			return nil
		}
		for i := 0; i < known; i++ {
			if bitAt(f[2:], i) != bitAt(cl, i) {
				return nil // another tag's prefix: stay silent and READY
			}
		}
		return bitsOf(cl, known, 40)
	case tagActive:
		if nbits == 32 && f[0] == 0x50 && f[1] == 0x00 && crcA(f[:2]) == uint16(f[2])|uint16(f[3])<<8 {
			t.state, t.level = tagHalt, 0
			return nil
		}
		t.toIdle()
	}
	return nil
}

func bitAt(b []byte, i int) bool { return b[i/8]&(1<<(i%8)) != 0 }

func bitsOf(b []byte, from, to int) []bool {
	out := make([]bool, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, bitAt(b, i))
	}
	return out
}

// crcA is ISO/IEC 14443-A's CRC (initial 0x6363).
func crcA(b []byte) uint16 {
	crc := uint16(0x6363)
	for _, v := range b {
		v ^= byte(crc)
		v ^= v << 4
		crc = (crc >> 8) ^ uint16(v)<<8 ^ uint16(v)<<3 ^ uint16(v)>>4
	}
	return crc
}
