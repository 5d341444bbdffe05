package chips

import (
	"fmt"
	"sync"
)

// PCA9685 registers and bits (NXP PCA9685 datasheet, section 7.3).
const (
	pcaMode1    = 0x00
	pcaLED0     = 0x06 // LED0_ON_L; each channel takes 4 registers
	pcaAllLED   = 0xFA // ALL_LED_ON_L … ALL_LED_OFF_H
	pcaPrescale = 0xFE

	mode1AI      = 0x20 // register auto-increment
	mode1Sleep   = 0x10
	mode1AllCall = 0x01
	fullBit      = 0x10 // bit 4 of LEDn_ON_H (full on) and LEDn_OFF_H (full off)

	// AllCallAddr is the PCA9685's all-call address at power-up
	// (ALLCALLADR 0xE0, 7-bit 0x70).
	AllCallAddr = 0x70
)

// PCA9685 is an emulated PCA9685 at Addr.
type PCA9685 struct {
	Addr uint16

	mu   sync.Mutex
	regs [256]byte
	ptr  byte
	oe   bool // OE pin high: outputs disabled
}

// NewPCA9685 returns a PCA9685 at addr in its power-up state: MODE1 =
// SLEEP | ALLCALL, every channel full off, OE low (outputs enabled).
func NewPCA9685(addr uint16) *PCA9685 {
	p := &PCA9685{Addr: addr}
	p.regs[pcaMode1] = mode1Sleep | mode1AllCall
	p.regs[0x01] = 0x04 // MODE2: OUTDRV
	p.regs[0x02], p.regs[0x03], p.regs[0x04] = 0xE2, 0xE4, 0xE8
	p.regs[0x05] = AllCallAddr << 1
	for ch := 0; ch < 16; ch++ {
		p.regs[pcaLED0+4*ch+3] = fullBit
	}
	p.regs[pcaPrescale] = 0x1E
	return p
}

// Answers implements Chip: its address, and the all-call address while
// MODE1.ALLCALL is set.
func (p *PCA9685) Answers(addr uint16) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return addr == p.Addr || p.regs[pcaMode1]&mode1AllCall != 0 && uint16(p.regs[0x05]>>1) == addr
}

// Tx implements Chip.
func (p *PCA9685) Tx(addr uint16, w, r []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(w) > 0 {
		p.ptr = w[0]
		for _, v := range w[1:] {
			p.write(p.ptr, v)
			p.next()
		}
	}
	for i := range r {
		r[i] = p.regs[p.ptr]
		p.next()
	}
	return nil
}

func (p *PCA9685) next() {
	if p.regs[pcaMode1]&mode1AI == 0 {
		return // without auto-increment every byte goes to the same register
	}
	if p.ptr == 0x45 {
		p.ptr = 0x00 // LED15_OFF_H rolls over to MODE1
		return
	}
	p.ptr++
}

func (p *PCA9685) write(reg, v byte) {
	switch {
	case reg >= pcaAllLED && reg < pcaAllLED+4:
		// ALL_LED writes every channel's register of the same rank.
		for ch := 0; ch < 16; ch++ {
			p.regs[pcaLED0+4*ch+int(reg-pcaAllLED)] = v
		}
		p.regs[reg] = v
	case reg == pcaPrescale && p.regs[pcaMode1]&mode1Sleep == 0:
		// PRE_SCALE is writable only in sleep mode.
	default:
		p.regs[reg] = v
	}
}

// PowerCycle is a brown-out: the chip restarts in its power-up state
// (asleep, every channel full off), keeping its address.
func (p *PCA9685) PowerCycle() {
	n := NewPCA9685(p.Addr)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.regs, p.ptr = n.regs, 0
}

// SetOE sets the level of the active-low output-enable pin: high
// disables every output.
func (p *PCA9685) SetOE(high bool) {
	p.mu.Lock()
	p.oe = high
	p.mu.Unlock()
}

// Duty returns channel ch's output as the H-bridge sees it, 0 (off) to 1
// (full on): off while OE is high or the chip sleeps (no oscillator).
func (p *PCA9685) Duty(ch int) float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ch < 0 || ch > 15 || p.oe || p.regs[pcaMode1]&mode1Sleep != 0 {
		return 0
	}
	base := pcaLED0 + 4*ch
	onH, offH := p.regs[base+1], p.regs[base+3]
	switch {
	case offH&fullBit != 0:
		return 0 // full off wins over full on
	case onH&fullBit != 0:
		return 1
	}
	on := int(p.regs[base]) | int(onH&0x0F)<<8
	off := int(p.regs[base+2]) | int(offH&0x0F)<<8
	d := (off - on + 4096) % 4096
	return float64(d) / 4096
}

// High reports whether channel ch drives its output high at all (a logic
// input of an H-bridge driven by a full-on or PWM channel).
func (p *PCA9685) High(ch int) bool { return p.Duty(ch) > 0 }

// Reg returns register reg.
func (p *PCA9685) Reg(reg byte) byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.regs[reg]
}

func (p *PCA9685) String() string { return fmt.Sprintf("PCA9685@0x%02X", p.Addr) }
