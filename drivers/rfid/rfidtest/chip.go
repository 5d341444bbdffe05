package rfidtest

import (
	"math/rand/v2"
	"sync"

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

// Register addresses used by the fake (datasheet §9).
const (
	regCommand   = 0x01
	regCommIrq   = 0x04
	regDivIrq    = 0x05
	regError     = 0x06
	regFIFOData  = 0x09
	regFIFOLevel = 0x0A
	regControl   = 0x0C
	regBitFrame  = 0x0D
	regTxControl = 0x14
	regCRCH      = 0x21
	regCRCL      = 0x22
	regVersion   = 0x37
)

// Chip is a register-level MFRC522: an spi.Port whose Tx decodes register
// reads and writes, runs the commands periph's driver uses (soft reset,
// CRC, transceive) and answers ISO 14443-A frames for the tag in its field.
type Chip struct {
	Mode ChipMode
	Rand *rand.Rand // for Garbage; a fixed seed if nil

	mu     sync.Mutex
	regs   [64]byte
	fifo   []byte
	cmd    byte
	uid    []byte
	Halted bool // the driver powered the chip down (command 0x10)
}

// NewChip returns a working chip with no tag in its field.
func NewChip() *Chip {
	c := &Chip{}
	c.reset()
	return c
}

// SetTag puts the tag with uid (4 or 7 bytes) in the field; nil removes it.
func (c *Chip) SetTag(uid []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.uid = append([]byte(nil), uid...)
}

func (c *Chip) reset() {
	c.regs = [64]byte{}
	c.regs[regTxControl] = 0x80
	c.regs[regVersion] = 0x92
	c.fifo = nil
	c.cmd = 0
}

func (c *Chip) String() string                                            { return "rfidtest.Chip" }
func (c *Chip) Close() error                                              { return nil }
func (c *Chip) LimitSpeed(physic.Frequency) error                         { return nil }
func (c *Chip) Duplex() conn.Duplex                                       { return conn.Full }
func (c *Chip) TxPackets(p []spi.Packet) error                            { return nil }
func (c *Chip) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return c, nil }

// Tx implements spi.Conn: w is [address byte, data], as the driver sends.
func (c *Chip) Tx(w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch c.Mode {
	case Silent:
		clear(r)
		return nil
	case Garbage:
		if c.Rand == nil {
			c.Rand = rand.New(rand.NewPCG(1, 2))
		}
		for i := range r {
			r[i] = byte(c.Rand.UintN(256))
		}
		return nil
	}
	if len(w) < 2 {
		return nil
	}
	reg := (w[0] >> 1) & 0x3F
	if w[0]&0x80 != 0 {
		if len(r) >= 2 {
			r[1] = c.read(reg)
		}
		return nil
	}
	c.write(reg, w[1])
	return nil
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
	}
	return c.regs[reg]
}

func (c *Chip) write(reg, v byte) {
	switch reg {
	case regCommand:
		c.command(v & 0x1F)
	case regCommIrq, regDivIrq: // bit 7 set: set the marked bits, else clear them
		if v&0x80 != 0 {
			c.regs[reg] |= v & 0x7F
		} else {
			c.regs[reg] &^= v & 0x7F
		}
	case regFIFOData:
		c.fifo = append(c.fifo, v)
	case regFIFOLevel:
		if v&0x80 != 0 {
			c.fifo = nil
		}
	case regBitFrame:
		c.regs[reg] = v & 0x7F
		if v&0x80 != 0 && c.cmd == 0x0C {
			c.transceive()
		}
	default:
		c.regs[reg] = v
	}
}

func (c *Chip) command(v byte) {
	switch v {
	case 0x0F: // soft reset
		c.reset()
	case 0x03: // CalcCRC
		crc := crcA(c.fifo)
		c.fifo = nil
		c.regs[regCRCL], c.regs[regCRCH] = byte(crc), byte(crc>>8)
		c.regs[regDivIrq] |= 0x04
	case 0x10: // power down, as periph's Halt sends
		c.Halted = true
	}
	c.cmd = v & 0x0F
}

// transceive answers the frame in the FIFO as the tag would; with no answer
// the chip's timer runs out (TimerIRq).
func (c *Chip) transceive() {
	frame := c.fifo
	c.fifo = nil
	ans := c.answer(frame)
	if ans == nil {
		c.regs[regCommIrq] |= 0x01
		return
	}
	c.fifo = ans
	c.regs[regControl] = 0
	c.regs[regCommIrq] |= 0x30 // RxIRq | IdleIRq
}

func (c *Chip) answer(f []byte) []byte {
	u := c.uid
	if len(u) == 0 || len(f) == 0 {
		return nil
	}
	bcc := func(b []byte) []byte { return append(b, b[0]^b[1]^b[2]^b[3]) }
	switch {
	case len(f) == 1 && (f[0] == 0x26 || f[0] == 0x52): // REQA, WUPA: ATQA
		if len(u) == 7 {
			return []byte{0x44, 0x00}
		}
		return []byte{0x04, 0x00}
	case len(f) == 2 && f[0] == 0x93 && f[1] == 0x20: // anticollision CL1
		if len(u) == 7 {
			return bcc([]byte{0x88, u[0], u[1], u[2]})
		}
		return bcc(append([]byte{}, u[:4]...))
	case len(f) == 2 && f[0] == 0x95 && f[1] == 0x20 && len(u) == 7:
		return bcc(append([]byte{}, u[3:7]...))
	case len(f) == 9 && (f[0] == 0x93 || f[0] == 0x95) && f[1] == 0x70: // SELECT: SAK
		sak := byte(0x08)
		if len(u) == 7 && f[0] == 0x93 {
			sak = 0x04 // UID not complete
		}
		crc := crcA([]byte{sak})
		return []byte{sak, byte(crc), byte(crc >> 8)}
	}
	return nil // HLTA and the rest: no answer
}

// crcA is ISO 14443-A's CRC (initial 0x6363).
func crcA(b []byte) uint16 {
	crc := uint16(0x6363)
	for _, v := range b {
		v ^= byte(crc)
		v ^= v << 4
		crc = (crc >> 8) ^ uint16(v)<<8 ^ uint16(v)<<3 ^ uint16(v)>>4
	}
	return crc
}
