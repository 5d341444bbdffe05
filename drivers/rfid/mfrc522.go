package rfid

import (
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

// PICC commands (ISO 14443-3).
const (
	piccWUPA   = 0x52
	piccCL1    = 0x93
	piccCL2    = 0x95
	piccHLTA   = 0x50
	cascadeTag = 0x88
)

// MFRC522 is a Reader on an NXP MFRC522 over SPI.
type MFRC522 struct {
	name string
	dev  *mfrc522.Dev
	clk  clock.Clock
	poll time.Duration

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
		if err := dev.SetAntennaGain(cfg.Gain); err != nil {
			return nil, fmt.Errorf("rfid %s: %w", name, err)
		}
	}
	r := &MFRC522{name: name, dev: dev, clk: cfg.Clock, poll: cfg.Poll, needInit: cfg.Gain != 0}
	if r.clk == nil {
		r.clk = clock.Real{}
	}
	if r.poll <= 0 {
		r.poll = 5 * time.Millisecond
	}
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

// ReadUID implements Reader.
func (r *MFRC522) ReadUID(ctx context.Context, timeout time.Duration) (UID, error) {
	deadline := r.clk.Now().Add(timeout)
	for {
		uid, err := r.once()
		if !errors.Is(err, ErrNoTag) {
			return uid, err
		}
		if r.clk.Now().Add(r.poll).After(deadline) {
			return "", err
		}
		if err := clock.Sleep(ctx, r.clk, r.poll); err != nil {
			return "", err
		}
	}
}

// once makes one card request and, when a card answers, reads its UID.
func (r *MFRC522) once() (UID, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.halted {
		return "", fmt.Errorf("rfid %s: %w", r.name, ErrHalted)
	}
	ll := r.dev.LowLevel
	if r.needInit {
		if err := ll.Init(); err != nil {
			return "", r.fail(err)
		}
		r.needInit = false
	}
	// WUPA, 7 bits: wakes idle and halted cards alike.
	if err := ll.DevWrite(commands.BitFramingReg, 0x07); err != nil {
		return "", r.fail(err)
	}
	_, bits, err := ll.CardWrite(commands.PCD_TRANSCEIVE, []byte{piccWUPA})
	if err != nil {
		// The driver reports the chip's timer running out (no card
		// answered) as an error like any other; the timer bit tells.
		if irq, rerr := ll.DevRead(commands.CommIrqReg); rerr == nil && irq&0x01 != 0 {
			return "", ErrNoTag
		}
		return "", r.fail(err)
	}
	if bits != 16 {
		return "", fmt.Errorf("rfid %s: answer to request is %d bits, want 16: %w", r.name, bits, ErrGarbled)
	}
	cl1, err := r.anticoll(piccCL1)
	if err != nil {
		return "", err
	}
	if err := r.selectLevel(cl1); err != nil {
		return "", err
	}
	uid := cl1[:4]
	if cl1[0] == cascadeTag {
		cl2, err := r.anticoll(piccCL2)
		if err != nil {
			return "", err
		}
		uid = append(append([]byte{}, cl1[1:4]...), cl2[:4]...)
	}
	r.haltCard()
	return FromBytes(uid), nil
}

func (r *MFRC522) anticoll(level byte) ([]byte, error) {
	ll := r.dev.LowLevel
	if err := ll.DevWrite(commands.BitFramingReg, 0x00); err != nil {
		return nil, r.fail(err)
	}
	back, _, err := ll.CardWrite(commands.PCD_TRANSCEIVE, []byte{level, 0x20})
	if err != nil {
		return nil, fmt.Errorf("rfid %s: anticollision: %v: %w", r.name, err, ErrGarbled)
	}
	if len(back) != 5 {
		return nil, fmt.Errorf("rfid %s: anticollision answer is %d bytes, want 5: %w", r.name, len(back), ErrGarbled)
	}
	if back[0]^back[1]^back[2]^back[3] != back[4] {
		return nil, fmt.Errorf("rfid %s: UID check byte 0x%02X does not match % X: %w", r.name, back[4], back[:4], ErrGarbled)
	}
	return back, nil
}

func (r *MFRC522) selectLevel(cl []byte) error {
	ll := r.dev.LowLevel
	buf := append([]byte{piccCL1, 0x70}, cl[:5]...)
	crc, err := ll.CRC(buf)
	if err != nil {
		return r.fail(err)
	}
	back, bits, err := ll.CardWrite(commands.PCD_TRANSCEIVE, append(buf, crc...))
	if err != nil || bits != 24 || len(back) < 1 {
		return fmt.Errorf("rfid %s: select answered %d bits (err %v): %w", r.name, bits, err, ErrGarbled)
	}
	return nil
}

// haltCard sends HLTA so the card rests until the next WUPA. A card does
// not answer HLTA, so the chip's timer runs out: that is not an error.
func (r *MFRC522) haltCard() {
	ll := r.dev.LowLevel
	buf := []byte{piccHLTA, 0x00}
	if crc, err := ll.CRC(buf); err == nil {
		_, _, _ = ll.CardWrite(commands.PCD_TRANSCEIVE, append(buf, crc...))
	}
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
