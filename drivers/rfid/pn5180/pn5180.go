package pn5180

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Host interface commands (datasheet §11.4.3.3).
const (
	cmdWriteRegister    = 0x00
	cmdWriteRegisterOr  = 0x01
	cmdWriteRegisterAnd = 0x02
	cmdWriteRegisterMul = 0x03
	cmdReadRegister     = 0x04
	cmdReadEEPROM       = 0x07
	cmdSendData         = 0x09
	cmdReadData         = 0x0A
	cmdLoadRFConfig     = 0x11
	cmdRFOn             = 0x16
	cmdRFOff            = 0x17
)

// WRITE_REGISTER_MULTIPLE's operations, one a set (NXP's NFC Reader
// Library: PHHAL_HW_PN5180_WRITE_MULTIPLE_TYPE_*), and the most sets a
// frame carries: 42, the datasheet's cap as this project has it (the
// library sends up to 43).
const (
	opWrite   = 0x01
	opOrMask  = 0x02
	opAndMask = 0x03
	maxSets   = 42
)

// Registers and bits (datasheet §11.5).
const (
	regSystemConfig = 0x00
	regIRQStatus    = 0x02
	regIRQClear     = 0x03
	regTimer1Reload = 0x0C
	regTimer1Config = 0x0F
	regCRCRxConfig  = 0x12
	regRxStatus     = 0x13
	regCRCTxConfig  = 0x19
	regRFStatus     = 0x1D

	irqRx      = 1 << 0
	irqTx      = 1 << 1
	irqTimer1  = 1 << 12
	irqGeneral = 1 << 17

	rxIntegrity = 1 << 16
	rxProtocol  = 1 << 17
	rxColl      = 1 << 18

	// TIMER1 as the receive timeout: enabled, started when transmission
	// ends, stopped when reception starts; 6.78 MHz ticks.
	timer1Config = 1 | 1<<11 | 1<<19
	timer1Hz     = 6_780_000

	rfTx15693 = 0x0D // LOAD_RF_CONFIG: ISO 15693 ASK 100 %, 26 kbit/s
	rfRx15693 = 0x8D

	eeDieID          = 0x00 // 16 bytes, unique to each chip
	eeProductVersion = 0x10

	// DieIDLen is the length of a PN5180's die identifier.
	DieIDLen = 16
)

// Config holds Open's optional settings.
type Config struct {
	Name  string           // for errors; the port's name if empty
	Speed physic.Frequency // SPI clock; 0 means 7 MHz (the chip's maximum)
	Clock clock.Clock      // nil for the real clock
	// BusyPolls bounds how many times BUSY is read before the chip is
	// called stuck (0 means 100000: milliseconds on any host).
	BusyPolls int
	// Timeout is how long the chip waits for a tag's answer after a
	// frame: TIMER1, which reception starting stops. 0 means the
	// standard's t3 (380 µs: an answer's SOF ends within it); every
	// silent slot of an inventory lasts this long, so a longer one slows
	// every read, and a shorter one would cut answers off (Open refuses
	// it).
	Timeout time.Duration
	// MaxRounds bounds the requests of one inventory (0 means 64).
	MaxRounds int
	// FieldReset is how long WakeAll keeps the field off for every tag
	// to lose power and forget Stay Quiet (0 means DefaultFieldReset).
	FieldReset time.Duration
	// DieID, if set, is the die identifier (EEPROM 0x00–0x0F) the chip
	// must have: Open, and every check after it, refuse another chip
	// with ErrWrongChip. A board records each reader's when the table is
	// assembled, so that modules swapped between zones are caught.
	DieID []byte
	// CheckEvery, if set, makes the Dev read the die identifier again at
	// its first call that long after the last check, and before every
	// WakeAll, and fail with ErrWrongChip when another chip answers: a
	// chip select decoded from address lines that fails after Open sends
	// the frames to another zone's reader, which answers as well as this
	// one would. Without DieID, the one read at Open is expected. Zero:
	// no check after Open.
	CheckEvery time.Duration
}

// statusPoll is how often the IRQ status is read once an exchange has
// had the time to end and has not: a chip slower than the standard's
// timings, or a tag's answer longer than wanted.
const statusPoll = 100 * time.Microsecond

// DefaultFieldReset is Config.FieldReset's default: 5.1 ms, the NFC
// Forum's tFIELD_OFF. ISO/IEC 15693 gives no figure, so a table's tags
// may need more.
const DefaultFieldReset = 5100 * time.Microsecond

// Dev is a PN5180 reading ISO/IEC 15693 tags. It implements
// rfid.MultiReader.
type Dev struct {
	name  string
	conn  spi.Conn
	busy  gpio.PinIn
	reset gpio.PinOut
	clk   clock.Clock
	cfg   Config

	mu       sync.Mutex
	halted   bool
	needInit bool
	txCRC    bool // CRC_TX_CONFIG's enable bit as last written
	// checkState: the next request reads RF_STATUS to check the chip
	// waits to transmit. Set by init and fail; a clean exchange leaves
	// the chip in WaitTransmit, so the requests after it skip the check.
	checkState bool
	held       bool      // HoldField: the field stays on between calls
	dieID      []byte    // the die identifier expected (nil: not checked)
	checked    time.Time // the latest check of it
}

// Errors of the chip itself (a bus or wiring fault, not the radio).
var (
	ErrBusyStuck = errors.New("pn5180: BUSY stays high")
	ErrChip      = errors.New("pn5180: chip error")
	// ErrWrongChip: the chip that answers is not the one expected
	// (Config.DieID, or the one that answered at Open).
	ErrWrongChip = errors.New("pn5180: another chip answers")
)

// Open resets the PN5180 on port with its BUSY and RST lines, checks that
// it answers with a plausible product version, and loads the ISO 15693
// RF configuration. A missing chip is an error here.
func Open(port spi.Port, busy gpio.PinIn, reset gpio.PinOut, cfg Config) (*Dev, error) {
	name := cfg.Name
	if name == "" {
		name = fmt.Sprint(port)
	}
	if port == nil || busy == nil || reset == nil {
		return nil, fmt.Errorf("pn5180 %s: the SPI port, BUSY and RST pins are required", name)
	}
	if cfg.Speed <= 0 {
		cfg.Speed = 7 * physic.MegaHertz
	}
	if cfg.Speed > 7*physic.MegaHertz {
		return nil, fmt.Errorf("pn5180 %s: SPI clock %s above the chip's 7 MHz", name, cfg.Speed)
	}
	if cfg.BusyPolls <= 0 {
		cfg.BusyPolls = 100000
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = iso15693.T3
	}
	if cfg.Timeout < iso15693.T3 {
		return nil, fmt.Errorf("pn5180 %s: receive timeout %v shorter than ISO 15693's t3 (%v): tags' answers would be cut off", name, cfg.Timeout, iso15693.T3)
	}
	if cfg.MaxRounds <= 0 {
		cfg.MaxRounds = 64
	}
	if cfg.FieldReset <= 0 {
		cfg.FieldReset = DefaultFieldReset
	}
	if cfg.DieID != nil && len(cfg.DieID) != DieIDLen {
		return nil, fmt.Errorf("pn5180 %s: die ID % X: want %d bytes", name, cfg.DieID, DieIDLen)
	}
	c, err := port.Connect(cfg.Speed, spi.Mode0, 8)
	if err != nil {
		return nil, fmt.Errorf("pn5180 %s: %w", name, err)
	}
	if err := busy.In(gpio.Float, gpio.NoEdge); err != nil { // push-pull from the chip
		return nil, fmt.Errorf("pn5180 %s: BUSY: %w", name, err)
	}
	d := &Dev{name: name, conn: c, busy: busy, reset: reset, clk: cfg.Clock, cfg: cfg, needInit: true, dieID: cfg.DieID}
	if d.clk == nil {
		d.clk = clock.Real{}
	}
	if err := d.init(context.Background()); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Dev) String() string { return d.name }

// Halt implements conn.Resource: the field goes off and the chip is held
// in reset. Later calls do nothing.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.halted {
		return nil
	}
	d.halted, d.held = true, false
	err := d.command(cmdRFOff, 0)
	if rerr := d.reset.Out(gpio.Low); err == nil {
		err = rerr
	}
	return err
}

// init resets the chip, checks it and loads the ISO 15693 configuration.
func (d *Dev) init(ctx context.Context) error {
	if err := d.reset.Out(gpio.Low); err != nil {
		return d.fail(err)
	}
	if err := clock.Sleep(ctx, d.clk, time.Millisecond); err != nil {
		return err
	}
	if err := d.reset.Out(gpio.High); err != nil {
		return d.fail(err)
	}
	if err := clock.Sleep(ctx, d.clk, 2*time.Millisecond); err != nil {
		return err
	}
	v, err := d.read([]byte{cmdReadEEPROM, eeProductVersion, 2}, 2)
	if err != nil {
		return d.fail(err)
	}
	if v[1] == 0 || v[1] == 0xFF {
		return d.fail(fmt.Errorf("no PN5180 answers: product version reads % X", v))
	}
	if d.cfg.DieID != nil || d.cfg.CheckEvery > 0 {
		if err := d.checkDie(); err != nil {
			return err
		}
	}
	if err := d.write([]byte{cmdLoadRFConfig, rfTx15693, rfRx15693}); err != nil {
		return d.fail(err)
	}
	ticks := uint32(math.Ceil(d.cfg.Timeout.Seconds() * timer1Hz)) // never shorter than asked
	if err := d.writeRegs(
		regSet{regTimer1Reload, opWrite, ticks},
		regSet{regTimer1Config, opWrite, timer1Config},
		regSet{regCRCRxConfig, opOrMask, 1},
		regSet{regCRCTxConfig, opOrMask, 1},
	); err != nil {
		return d.fail(err)
	}
	d.txCRC = true
	d.needInit, d.checkState = false, true
	return nil
}

func reg(cmd, addr byte, v uint32) []byte {
	return binary.LittleEndian.AppendUint32([]byte{cmd, addr}, v)
}

// regSet is one register write: op is opWrite, opOrMask or opAndMask.
type regSet struct {
	addr, op byte
	v        uint32
}

// writeRegs sends sets in order: one set as the single-register command
// (6 bytes), several as one WRITE_REGISTER_MULTIPLE frame of 1 + 6 bytes
// a set, which the chip applies in order as the single commands would.
// On a bus other readers share, frames are the cost: each is a
// transfer of its own.
func (d *Dev) writeRegs(sets ...regSet) error {
	for len(sets) > 0 {
		n := min(len(sets), maxSets)
		if n == 1 {
			cmd := byte(cmdWriteRegister)
			switch sets[0].op {
			case opOrMask:
				cmd = cmdWriteRegisterOr
			case opAndMask:
				cmd = cmdWriteRegisterAnd
			}
			if err := d.write(reg(cmd, sets[0].addr, sets[0].v)); err != nil {
				return err
			}
		} else {
			f := make([]byte, 1, 1+6*n)
			f[0] = cmdWriteRegisterMul
			for _, s := range sets[:n] {
				f = binary.LittleEndian.AppendUint32(append(f, s.addr, s.op), s.v)
			}
			if err := d.write(f); err != nil {
				return err
			}
		}
		sets = sets[n:]
	}
	return nil
}

// fail marks the chip for a reset, and its next request for the state
// check, and wraps err. The reset drops the field, so a held field is
// no longer held.
func (d *Dev) fail(err error) error {
	d.needInit, d.held, d.checkState = true, false, true
	return fmt.Errorf("pn5180 %s: reader failed: %w", d.name, err)
}

// waitBusy waits until BUSY is low: the chip takes no frame before.
func (d *Dev) waitBusy() error {
	for range d.cfg.BusyPolls {
		if d.busy.Read() == gpio.Low {
			return nil
		}
	}
	return ErrBusyStuck
}

// write sends one command frame.
func (d *Dev) write(frame []byte) error {
	if err := d.waitBusy(); err != nil {
		return err
	}
	return d.conn.Tx(frame, make([]byte, len(frame)))
}

// read sends a command frame and reads n bytes of answer in the next.
func (d *Dev) read(frame []byte, n int) ([]byte, error) {
	if err := d.write(frame); err != nil {
		return nil, err
	}
	if err := d.waitBusy(); err != nil {
		return nil, err
	}
	w := make([]byte, n)
	for i := range w {
		w[i] = 0xFF
	}
	r := make([]byte, n)
	if err := d.conn.Tx(w, r); err != nil {
		return nil, err
	}
	return r, nil
}

func (d *Dev) readReg(addr byte) (uint32, error) {
	b, err := d.read([]byte{cmdReadRegister, addr}, 4)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (d *Dev) command(cmd, arg byte) error { return d.write([]byte{cmd, arg}) }

// checkDie reads the die identifier and fails the chip if it is not the
// one expected; the first one read is expected when none was given.
// d.mu held.
func (d *Dev) checkDie() error {
	id, err := d.readDieID()
	if err != nil {
		return d.fail(err)
	}
	if d.dieID == nil {
		d.dieID = id
	} else if !bytes.Equal(id, d.dieID) {
		return d.fail(fmt.Errorf("%w: die ID %X, want %X (the chip select reaches another reader, or the module was changed)", ErrWrongChip, id, d.dieID))
	}
	d.checked = d.clk.Now()
	return nil
}

// DieID reads the chip's die identifier, unique to each chip: what a
// board records for Config.DieID.
func (d *Dev) DieID(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.ready(ctx); err != nil {
		return nil, err
	}
	id, err := d.readDieID()
	if err != nil {
		return nil, d.fail(err)
	}
	return id, nil
}

// readDieID is READ_EEPROM of the die identifier. d.mu held.
func (d *Dev) readDieID() ([]byte, error) {
	return d.read([]byte{cmdReadEEPROM, eeDieID, DieIDLen}, DieIDLen)
}

// slot is what one slot of an inventory gave.
type slot uint8

const (
	slotEmpty slot = iota
	slotTag
	slotCollided // collision or a CRC error: someone answered, unreadable
)

// transceive sends data (nil: an EOF alone, with the TX CRC off) and
// returns what the slot it opens heard. A request puts the chip in
// Transceive; the EOFs of the next slots only clear the IRQs and send,
// as the chip returns to WaitTransmit after each reception: a slot costs
// four SPI frames when nobody answers and the status is read once.
func (d *Dev) transceive(data []byte) (slot, uint64, error) {
	got, b, err := d.exchange(data, iso15693.ResponseLen)
	if err != nil || got != slotTag {
		return got, 0, err
	}
	uid, err := iso15693.ParseResponse(b)
	if err != nil {
		return slotCollided, 0, nil
	}
	return slotTag, uid, nil
}

// exchange is transceive's frames: it returns the answer's bytes
// (without CRC), read only when it is a clean frame of want bytes (want
// < 0: of any length up to 64), else slotCollided without reading it.
func (d *Dev) exchange(data []byte, want int) (slot, []byte, error) {
	// The CRC setting, Idle then Transceive for a request, and the IRQ
	// clear go out as one frame.
	sets := make([]regSet, 0, 4)
	if crc := data != nil; crc != d.txCRC {
		if crc {
			sets = append(sets, regSet{regCRCTxConfig, opOrMask, 1})
		} else {
			sets = append(sets, regSet{regCRCTxConfig, opAndMask, ^uint32(1)})
		}
		d.txCRC = crc
	}
	if data != nil {
		sets = append(sets,
			regSet{regSystemConfig, opAndMask, ^uint32(7)}, // Idle
			regSet{regSystemConfig, opOrMask, 3})           // Transceive
	}
	sets = append(sets, regSet{regIRQClear, opWrite, 0x000FFFFF})
	if err := d.writeRegs(sets...); err != nil {
		return 0, nil, d.fail(err)
	}
	// The chip is checked to wait to transmit only where that can catch
	// something: after a reset, and after an exchange that failed. A
	// clean exchange leaves it in WaitTransmit, and a chip that reset
	// itself since sends nothing: the status below shows no end of
	// transmission, and that fails.
	if data != nil && d.checkState {
		st, err := d.readReg(regRFStatus)
		if err != nil {
			return 0, nil, d.fail(err)
		}
		if state := st >> 24 & 7; state != 1 {
			return 0, nil, d.fail(fmt.Errorf("%w: transceive state %d, want 1 (WaitTransmit)", ErrChip, state))
		}
		d.checkState = false
	}
	if err := d.write(append([]byte{cmdSendData, 0}, data...)); err != nil {
		return 0, nil, d.fail(err)
	}
	// TIMER1 or the answer ends every slot; the count only bounds a
	// chip that does neither. The radio works on its own meanwhile, so
	// the status is read again only when the exchange can have ended:
	// after the frame and the receive timeout (a slot nobody answers),
	// then after the longest answer wanted. Read in a loop instead, it
	// would take the SPI bus for the whole air time, which the other
	// readers on the bus need.
	sent := d.clk.Now()
	air := iso15693.ReqEOF
	if data != nil {
		air = iso15693.RequestTime(len(data) + 2)
	}
	silentEnd := air + d.cfg.Timeout
	answerEnd := air + iso15693.T1 + iso15693.ResponseTime(max(want, 1)+2)
	// Nothing can have ended before the frame and the receive timeout:
	// the first read of the status waits for them. A chip that refused
	// the frame (reset, or not there) still shows it then (the general
	// error, or no end of transmission), and the bus carries two frames
	// fewer a poll.
	<-d.clk.After(silentEnd)
	var irq uint32
	for i := 0; ; i++ {
		var err error
		if irq, err = d.readReg(regIRQStatus); err != nil {
			return 0, nil, d.fail(err)
		}
		if irq&irqGeneral != 0 {
			return 0, nil, d.fail(fmt.Errorf("%w: general error (IRQ status %08X)", ErrChip, irq))
		}
		if irq&(irqRx|irqTimer1) != 0 {
			break
		}
		on := d.clk.Now().Sub(sent)
		if irq&irqTx == 0 && on >= air {
			// The frame has had its time on the air and the chip
			// says it sent nothing: it is not waiting to transmit
			// (a reset, a lost state) or not there.
			return 0, nil, d.fail(fmt.Errorf("%w: the frame was not sent (IRQ status %08X)", ErrChip, irq))
		}
		if i == 1000 {
			return 0, nil, d.fail(fmt.Errorf("%w: neither an answer nor the timer (IRQ status %08X)", ErrChip, irq))
		}
		wait := statusPoll
		switch {
		case on < silentEnd:
			wait = silentEnd - on
		case on < answerEnd:
			wait = answerEnd - on
		}
		<-d.clk.After(wait)
	}
	if irq&irqRx == 0 {
		return slotEmpty, nil, nil
	}
	rs, err := d.readReg(regRxStatus)
	if err != nil {
		return 0, nil, d.fail(err)
	}
	if rs&(rxColl|rxIntegrity|rxProtocol) != 0 {
		return slotCollided, nil, nil
	}
	n := int(rs & 0x1FF)
	if want >= 0 && n != want || want < 0 && (n == 0 || n > 64) {
		return slotCollided, nil, nil
	}
	b, err := d.read([]byte{cmdReadData, 0}, n)
	if err != nil {
		return 0, nil, d.fail(err)
	}
	return slotTag, b, nil
}

// Inventory implements rfid.MultiReader: it switches the field on (tags
// quiet from before wake with it), runs 16-slot inventories, asks again
// with a longer mask for each slot where answers collided or failed
// their CRC, and switches the field off. Tags are returned in the order
// read; an error wrapping rfid.ErrGarbled comes with the tags read before
// the rounds ran out.
//
// While the field is held (HoldField) it is neither switched on nor off:
// the inventory hears the tags not told StayQuiet only.
func (d *Dev) Inventory(ctx context.Context) ([]rfid.UID, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.ready(ctx); err != nil {
		return nil, err
	}
	if d.held {
		return d.inventory(ctx)
	}
	if err := d.command(cmdRFOn, 0); err != nil {
		return nil, d.fail(err)
	}
	// Tags need their field for a while before the first request
	// (ISO/IEC 15693-3 asks 1 ms).
	if err := clock.Sleep(ctx, d.clk, time.Millisecond); err != nil {
		return nil, err
	}
	uids, err := d.inventory(ctx)
	if oerr := d.command(cmdRFOff, 0); oerr != nil && err == nil {
		err = d.fail(oerr)
	}
	return uids, err
}

type mask struct {
	v uint64
	n int
}

func (d *Dev) inventory(ctx context.Context) ([]rfid.UID, error) {
	var out []rfid.UID
	seen := map[uint64]bool{}
	todo := []mask{{}}
	for round := 0; len(todo) > 0; round++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if round == d.cfg.MaxRounds {
			return out, fmt.Errorf("pn5180 %s: %d slots still unresolved after %d requests: %w", d.name, len(todo), round, rfid.ErrGarbled)
		}
		m := todo[0]
		todo = todo[1:]
		for s := 0; s < iso15693.SlotsPerReq; s++ {
			var frame []byte
			if s == 0 {
				frame = iso15693.InventoryRequest(m.v, m.n, false)
			}
			got, uid, err := d.transceive(frame)
			if err != nil {
				return nil, err
			}
			switch got {
			case slotTag:
				if !seen[uid] {
					seen[uid] = true
					out = append(out, iso15693.UID(uid))
				}
			case slotCollided:
				if m.n+4 > 64 {
					return out, fmt.Errorf("pn5180 %s: answers still collide with a full mask: %w", d.name, rfid.ErrGarbled)
				}
				todo = append(todo, mask{v: m.v | uint64(s)<<m.n, n: m.n + 4})
			}
		}
	}
	return out, nil
}

// ReadUID implements rfid.Reader: inventories until one tag answers or
// timeout passes; several tags are an error wrapping rfid.ErrSeveral and
// rfid.ErrGarbled.
func (d *Dev) ReadUID(ctx context.Context, timeout time.Duration) (rfid.UID, error) {
	deadline := d.clk.Now().Add(timeout)
	for {
		uids, err := d.Inventory(ctx)
		switch {
		case err != nil:
			return "", err
		case len(uids) == 1:
			return uids[0], nil
		case len(uids) > 1:
			return "", fmt.Errorf("pn5180 %s: %w: %v: %w", d.name, rfid.ErrSeveral, uids, rfid.ErrGarbled)
		}
		if !d.clk.Now().Add(5 * time.Millisecond).Before(deadline) {
			return "", rfid.ErrNoTag
		}
		if err := clock.Sleep(ctx, d.clk, 5*time.Millisecond); err != nil {
			return "", err
		}
	}
}

var _ rfid.MultiReader = (*Dev)(nil)
