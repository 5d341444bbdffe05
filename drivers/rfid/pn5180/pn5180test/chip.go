package pn5180test

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"jantaku/drivers/rfid/iso15693"
	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Host interface commands (PN5180 datasheet §11.4.3.3).
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

// WRITE_REGISTER_MULTIPLE: sets of a register address, an operation
// and a 32-bit little-endian value, 6 bytes each. NXP's NFC Reader
// Library sends up to 258 bytes (43 sets); the emulator takes 42 at most,
// the cap this project has from the datasheet and could not confirm, so
// a driver that keeps within it works on either.
const (
	wmWrite   = 0x01
	wmOrMask  = 0x02
	wmAndMask = 0x03
	wmSetLen  = 6
	wmMaxSets = 42
)

// Registers (datasheet §11.5).
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
	numRegs         = 0x30
)

// IRQ_STATUS bits.
const (
	irqRx       = 1 << 0
	irqTx       = 1 << 1
	irqIdle     = 1 << 2
	irqTimer1   = 1 << 12
	irqGeneral  = 1 << 17
	rxIntegrity = 1 << 16 // RX_STATUS
	rxProtocol  = 1 << 17
	rxColl      = 1 << 18
)

// Transceive states in RF_STATUS bits 26–24.
const (
	stateIdle         = 0
	stateWaitTransmit = 1
)

// ISO 15693 RF configurations of LOAD_RF_CONFIG: ASK 100 %, 26 kbit/s.
const (
	rfTx15693 = 0x0D
	rfRx15693 = 0x8D
)

// Chip is an emulated PN5180. Its spi.Conn frames are commands; Busy is
// its BUSY output. Set the fields before use.
type Chip struct {
	// Antenna, if set, says which antenna the RF switch in front of the
	// chip selects (the board wires it to the switch's select lines);
	// nil means antenna 0.
	Antenna func() int
	// Receiver decodes slots with several answers.
	Receiver iso15693.Receiver
	// NoiseRate is the chance that a decoded answer fails its CRC.
	NoiseRate float64
	// BusyReads is how many reads of BUSY see it high after a command
	// (0 means 1): the driver must wait for it.
	BusyReads int
	// Absent makes the chip answer nothing (MISO low, BUSY low): an
	// unplugged module.
	Absent bool
	// Garble, if set, may change each frame a tag's answer puts on the
	// air (CRC included) before the chip decodes it: a test's way to a
	// given CRC error or a frame of the wrong length.
	Garble func(frame []byte) []byte
	Rand   *rand.Rand // fixed seed if nil
	// DieID is the chip's die identifier, EEPROM 0x00–0x0F: unique to
	// each chip. NewChip derives it from the chip's name.
	DieID [16]byte
	// Clock, if set, makes an exchange take its air time on it: sent at
	// t, it ends at t plus its air time, and until then IRQ_STATUS shows
	// no answer and no timeout, RX_STATUS nothing received, as a real
	// chip's while the radio works. Nil: every exchange ends as it is
	// sent (the radio's time is still counted, Airtime).
	Clock interface{ Now() time.Time }

	name string
	busy *busyPin

	mu        sync.Mutex
	regs      [numRegs]uint32
	tags      map[int][]*iso15693.Tag
	rfOn      bool
	rfConfig  [2]byte
	pending   []byte // the answer a read command left for the next frame
	rx        []byte
	inv       *inventory
	busyLeft  int
	stateful  bool // a tag may be quiet or selected: switching antennas unpowers it
	airtime   time.Duration
	airEnd    time.Time // with Clock: when the exchange under way ends
	frames    int
	bytes     int
	violation int
	halted    bool
}

// inventory is the 16-slot inventory in progress.
type inventory struct {
	req   iso15693.Request
	slot  int
	slots [][]*iso15693.Tag
}

// NewChip returns an emulated PN5180 with no tags.
func NewChip(name string) *Chip {
	c := &Chip{name: name, tags: map[int][]*iso15693.Tag{}}
	h := fnv.New128a()
	h.Write([]byte(name))
	copy(c.DieID[:], h.Sum(nil))
	c.busy = &busyPin{Pin: gpiotest.Pin{N: name + ".BUSY"}, c: c}
	c.reset()
	return c
}

func (c *Chip) reset() {
	c.regs = [numRegs]uint32{}
	c.rfOn = false
	c.rfConfig = [2]byte{}
	c.pending, c.rx, c.inv = nil, nil, nil
	c.quietAll(false)
}

// Busy returns the chip's BUSY line.
func (c *Chip) Busy() gpio.PinIn { return c.busy }

// Reset returns the chip's RST line: low holds it in reset, and its
// registers clear.
func (c *Chip) Reset() gpio.PinOut { return &resetPin{Pin: gpiotest.Pin{N: c.name + ".RST"}, c: c} }

// SetTags puts tags on antenna (replacing what was there). The chip keeps
// the pointers: a test may change a tag's Strength or Presence.
//
// A tag taken off an antenna leaves the field: it forgets Stay Quiet and
// Select, as do the tags of the antennas the switch does not select when
// the chip next sends, and every tag when the field goes off.
func (c *Chip) SetTags(antenna int, tags ...*iso15693.Tag) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, old := range c.tags[antenna] {
		if !slices.Contains(tags, old) {
			old.PowerOff()
		}
	}
	c.tags[antenna] = append([]*iso15693.Tag(nil), tags...)
}

// Quiet returns how many of the tags on an antenna keep Stay Quiet.
func (c *Chip) Quiet(antenna int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.tags[antenna] {
		if t.Quiet {
			n++
		}
	}
	return n
}

// Airtime returns the radio time spent so far.
func (c *Chip) Airtime() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.airtime
}

// Frames returns the SPI frames received so far.
func (c *Chip) Frames() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.frames
}

// Bytes returns the bytes of the SPI frames received so far (what the
// host clocked out, answers' dummy bytes included).
func (c *Chip) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// ResetItself resets the chip as a brown-out or a glitch on RST would,
// without the host knowing: its registers clear, the field goes off (the
// tags forget Stay Quiet), the RF configuration is lost, and it takes
// commands again at once.
func (c *Chip) ResetItself() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reset()
}

// Violations returns the frames the host sent while BUSY was high (the
// chip ignores them).
func (c *Chip) Violations() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.violation
}

// RFOn reports whether the chip's field is on.
func (c *Chip) RFOn() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rfOn
}

func (c *Chip) String() string                                            { return c.name }
func (c *Chip) Close() error                                              { return nil }
func (c *Chip) LimitSpeed(physic.Frequency) error                         { return nil }
func (c *Chip) Duplex() conn.Duplex                                       { return conn.Half }
func (c *Chip) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return c, nil }

// TxPackets implements spi.Conn: each packet is one frame.
func (c *Chip) TxPackets(p []spi.Packet) error {
	for _, pk := range p {
		if err := c.Tx(pk.W, pk.R); err != nil {
			return err
		}
	}
	return nil
}

// Tx implements spi.Conn: one frame (NSS low to high). A frame while a
// read command's answer is pending reads it out; any other is a command.
func (c *Chip) Tx(w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.frames++
	c.bytes += len(w)
	clear(r)
	if c.Absent {
		return nil
	}
	if c.busyLeft > 0 || c.halted {
		c.violation++
		return nil
	}
	c.busyLeft = max(c.BusyReads, 1)
	if c.pending != nil {
		copy(r, c.pending)
		c.pending = nil
		return nil
	}
	if len(w) == 0 {
		return nil
	}
	c.command(w[0], w[1:])
	return nil
}

func (c *Chip) rnd() *rand.Rand {
	if c.Rand == nil {
		c.Rand = rand.New(rand.NewPCG(15693, 5180))
	}
	return c.Rand
}

func (c *Chip) command(cmd byte, p []byte) {
	reg := func() (int, uint32, bool) {
		if len(p) != 5 || int(p[0]) >= numRegs {
			c.regs[regIRQStatus] |= irqGeneral
			return 0, 0, false
		}
		return int(p[0]), binary.LittleEndian.Uint32(p[1:]), true
	}
	switch cmd {
	case cmdWriteRegister, cmdWriteRegisterOr, cmdWriteRegisterAnd:
		a, v, ok := reg()
		if !ok {
			return
		}
		switch cmd {
		case cmdWriteRegisterOr:
			v |= c.regs[a]
		case cmdWriteRegisterAnd:
			v &= c.regs[a]
		}
		c.writeReg(a, v)
	case cmdWriteRegisterMul:
		c.writeMultiple(p)
	case cmdReadRegister:
		if len(p) != 1 || int(p[0]) >= numRegs {
			c.regs[regIRQStatus] |= irqGeneral
			return
		}
		c.pending = binary.LittleEndian.AppendUint32(nil, c.readReg(int(p[0])))
	case cmdReadEEPROM:
		if len(p) != 2 {
			c.regs[regIRQStatus] |= irqGeneral
			return
		}
		ee := map[byte]byte{0x10: 0x00, 0x11: 0x04, 0x12: 0x00, 0x13: 0x04, 0x14: 0x00, 0x15: 0x01} // product, firmware, EEPROM versions 4.0 / 4.0 / 1.0
		for i, b := range c.DieID {
			ee[byte(i)] = b
		}
		out := make([]byte, p[1])
		for i := range out {
			out[i] = ee[p[0]+byte(i)]
		}
		c.pending = out
	case cmdLoadRFConfig:
		if len(p) != 2 {
			c.regs[regIRQStatus] |= irqGeneral
			return
		}
		c.rfConfig = [2]byte{p[0], p[1]}
	case cmdRFOn:
		if !c.rfOn {
			c.rfOn = true
			c.quietAll(false)
		}
		c.regs[regRFStatus] |= 1 << 19
	case cmdRFOff:
		c.rfOn = false
		c.quietAll(false) // the tags lose power and their quiet state
		c.inv = nil
		c.regs[regRFStatus] &^= 1 << 19
	case cmdSendData:
		if len(p) < 1 {
			c.regs[regIRQStatus] |= irqGeneral
			return
		}
		before := c.airtime
		c.send(p[0], p[1:])
		if c.Clock != nil {
			// The chip reports an answer at its end, before the t2
			// the air time counts after it.
			air := c.airtime - before
			if c.regs[regIRQStatus]&irqRx != 0 {
				air -= iso15693.T2
			}
			c.airEnd = c.Clock.Now().Add(air)
		}
	case cmdReadData:
		n := int(c.readReg(regRxStatus) & 0x1FF)
		out := make([]byte, n)
		copy(out, c.rx)
		c.pending = out
	default:
		c.regs[regIRQStatus] |= irqGeneral
	}
}

// writeMultiple executes WRITE_REGISTER_MULTIPLE: each set in order, as
// the single-register command of its operation would. A malformed frame
// (not a whole number of sets, none, more than wmMaxSets, an unknown
// operation or a register out of range) is refused whole, as the other
// commands refuse a bad frame: no register changes and IRQ_STATUS shows
// the general error.
func (c *Chip) writeMultiple(p []byte) {
	n := len(p) / wmSetLen
	if len(p)%wmSetLen != 0 || n == 0 || n > wmMaxSets {
		c.regs[regIRQStatus] |= irqGeneral
		return
	}
	for s := range n {
		set := p[s*wmSetLen:]
		if int(set[0]) >= numRegs || set[1] < wmWrite || set[1] > wmAndMask {
			c.regs[regIRQStatus] |= irqGeneral
			return
		}
	}
	for s := range n {
		set := p[s*wmSetLen:]
		a, v := int(set[0]), binary.LittleEndian.Uint32(set[2:])
		switch set[1] {
		case wmOrMask:
			v |= c.regs[a]
		case wmAndMask:
			v &= c.regs[a]
		}
		c.writeReg(a, v)
	}
}

func (c *Chip) readReg(a int) uint32 {
	if a == regRFStatus {
		return c.regs[a]&^(7<<24) | uint32(c.state())<<24
	}
	if c.onAir() {
		switch a {
		case regIRQStatus:
			return c.regs[a] &^ (irqRx | irqIdle | irqTimer1)
		case regRxStatus:
			return 0
		}
	}
	return c.regs[a]
}

// onAir reports whether the exchange sent last is still on the air.
func (c *Chip) onAir() bool {
	return c.Clock != nil && c.Clock.Now().Before(c.airEnd)
}

func (c *Chip) state() int {
	if c.regs[regSystemConfig]&7 == 3 {
		return stateWaitTransmit
	}
	return stateIdle
}

func (c *Chip) writeReg(a int, v uint32) {
	switch a {
	case regIRQStatus, regRxStatus, regRFStatus:
		return // read-only
	case regIRQClear:
		c.regs[regIRQStatus] &^= v
		return
	case regSystemConfig:
		if v&(1<<8) != 0 { // SOFT_RESET
			c.reset()
			return
		}
	}
	c.regs[a] = v
}

// quietAll(false): every tag loses power and forgets Stay Quiet and
// Select.
func (c *Chip) quietAll(q bool) {
	for _, ts := range c.tags {
		for _, t := range ts {
			t.Quiet = q
			t.Selected = false
		}
	}
	c.stateful = false
}

// send transmits a frame: a request (the chip appends its CRC when
// CRC_TX_CONFIG enables it), or, with no bytes and no CRC, an EOF alone,
// which opens the next slot of an inventory.
func (c *Chip) send(validBits byte, data []byte) {
	if c.state() != stateWaitTransmit || !c.rfOn || c.rfConfig != [2]byte{rfTx15693, rfRx15693} {
		c.regs[regIRQStatus] |= irqGeneral
		return
	}
	frame := append([]byte(nil), data...)
	if c.regs[regCRCTxConfig]&1 != 0 {
		frame = iso15693.AppendCRC(frame)
	}
	c.regs[regIRQStatus] |= irqTx
	c.regs[regRxStatus] = 0
	c.rx = nil
	if len(frame) == 0 {
		c.airtime += iso15693.ReqEOF
		if c.inv == nil || c.inv.slot+1 >= len(c.inv.slots) {
			c.silence()
			return
		}
		c.inv.slot++
		c.answer(c.inv.slots[c.inv.slot])
		return
	}
	c.airtime += iso15693.RequestTime(len(frame))
	c.inv = nil
	if validBits != 0 || !iso15693.CheckCRC(frame) {
		c.silence() // tags ignore a frame whose CRC fails
		return
	}
	f, err := iso15693.ParseFrame(frame[:len(frame)-2])
	if err != nil {
		c.silence() // tags ignore what they do not understand
		return
	}
	ant := 0
	if c.Antenna != nil {
		ant = c.Antenna()
	}
	if c.stateful {
		c.unpowerOthers(ant)
	}
	if f.Cmd != iso15693.CmdInventory {
		c.network(f, ant)
		return
	}
	req := f.Inventory
	n := iso15693.SlotsPerReq
	if req.OneSlot {
		n = 1
	}
	inv := &inventory{req: req, slots: make([][]*iso15693.Tag, n)}
	for _, t := range c.tags[ant] {
		if !c.powered(t) {
			continue // out of the field for this request
		}
		if t.Fade > 0 && c.rnd().Float64() < t.Fade {
			continue // its answer is lost; it keeps its state
		}
		if s := t.Slot(req); s >= 0 && s < n {
			inv.slots[s] = append(inv.slots[s], t)
		}
	}
	c.inv = inv
	c.answer(inv.slots[0])
}

// powered draws whether a tag half in the field (0 < Presence < 1) is
// powered for this request; one that is not forgets its state.
func (c *Chip) powered(t *iso15693.Tag) bool {
	if p := t.Presence; p > 0 && p < 1 && c.rnd().Float64() >= p {
		t.PowerOff()
		return false
	}
	return true
}

// unpowerOthers: the RF switch feeds one antenna, so the tags on the
// others are unpowered and forget Stay Quiet and Select.
func (c *Chip) unpowerOthers(ant int) {
	for a, ts := range c.tags {
		if a != ant {
			for _, t := range ts {
				t.PowerOff()
			}
		}
	}
}

// network executes Stay Quiet, Select or Reset to Ready on the tags of
// antenna ant: those that answer do at once (identical frames: the
// receiver decodes one, or hears a collision if they are as strong).
func (c *Chip) network(f iso15693.Frame, ant int) {
	if f.Cmd == iso15693.CmdStayQuiet || f.Cmd == iso15693.CmdSelect {
		c.stateful = true
	}
	var answering []*iso15693.Tag
	for _, t := range c.tags[ant] {
		if c.powered(t) && t.Execute(f) {
			answering = append(answering, t)
		}
	}
	out, _ := c.Receiver.Hear(answering)
	switch out {
	case iso15693.Silent:
		c.silence()
		return
	case iso15693.Collision:
		c.airtime += iso15693.T1 + iso15693.ResponseTime(len(iso15693.Status())+2) + iso15693.T2
		c.rx = nil
		c.regs[regRxStatus] = 1<<9 | rxColl | 1<<19
		c.regs[regIRQStatus] |= irqRx | irqIdle
		return
	}
	c.airtime += iso15693.T1 + iso15693.ResponseTime(len(iso15693.Status())+2) + iso15693.T2
	c.receive(iso15693.AppendCRC(iso15693.Status()))
}

// silence ends a slot nobody answered. With TIMER1 enabled the chip
// waits its whole reload, however long: a receive timeout longer than
// the standard's t3 makes every silent slot that long.
func (c *Chip) silence() {
	c.airtime += max(iso15693.SlotTime(false), c.timer())
	if c.regs[regTimer1Config]&1 != 0 {
		c.regs[regIRQStatus] |= irqTimer1
	}
}

// timer is TIMER1's reload as a duration (6.78 MHz ticks), 0 when the
// timer is off.
func (c *Chip) timer() time.Duration {
	if c.regs[regTimer1Config]&1 == 0 {
		return 0
	}
	return time.Duration(uint64(c.regs[regTimer1Reload]) * uint64(time.Second) / 6_780_000)
}

// cutOff reports whether TIMER1 fires before a tag's answer can start
// to be received (t1 and its SOF): the chip then reports the timeout
// and hears nothing, though the tag answered.
func (c *Chip) cutOff() bool {
	d := c.timer()
	return d > 0 && d < iso15693.T1+iso15693.RespSOF
}

// answer receives one slot's answers.
func (c *Chip) answer(tags []*iso15693.Tag) {
	if len(tags) > 0 && c.cutOff() {
		c.airtime += iso15693.SlotTime(true) // the answers take the air all the same
		c.regs[regIRQStatus] |= irqTimer1
		return
	}
	out, tag := c.Receiver.Hear(tags)
	switch out {
	case iso15693.Silent:
		c.silence()
		return
	case iso15693.Collision:
		c.airtime += iso15693.SlotTime(true)
		// The subcarriers collide in the UID: the chip flags it and
		// keeps the bytes before the first colliding bit.
		c.rx = iso15693.Response(tags[0].UID, tags[0].DSFID)[:2]
		c.regs[regRxStatus] = uint32(len(c.rx)) | 1<<9 | rxColl | uint32(8*len(c.rx)+1)<<19
		c.regs[regIRQStatus] |= irqRx | irqIdle
		return
	}
	c.airtime += iso15693.SlotTime(true)
	frame := iso15693.AppendCRC(iso15693.Response(tag.UID, tag.DSFID))
	if c.NoiseRate > 0 && c.rnd().Float64() < c.NoiseRate {
		frame[2+c.rnd().IntN(8)] ^= 1 << c.rnd().IntN(8)
	}
	c.receive(frame)
}

// receive puts a decoded frame (CRC included) in the receive buffer, the
// CRC stripped and checked when CRC_RX_CONFIG enables it, with a Garble
// hook's damage first.
func (c *Chip) receive(frame []byte) {
	if c.Garble != nil {
		frame = c.Garble(frame)
	}
	status := uint32(1 << 9) // one frame
	if c.regs[regCRCRxConfig]&1 != 0 {
		if !iso15693.CheckCRC(frame) {
			status |= rxIntegrity
		}
		frame = frame[:max(len(frame)-2, 0)]
	}
	c.rx = frame
	c.regs[regRxStatus] = status | uint32(len(frame))
	c.regs[regIRQStatus] |= irqRx | irqIdle
}

// busyPin is the BUSY output: high for BusyReads reads after each frame.
type busyPin struct {
	gpiotest.Pin
	c *Chip
}

func (b *busyPin) Read() gpio.Level {
	b.c.mu.Lock()
	defer b.c.mu.Unlock()
	if b.c.busyLeft > 0 {
		b.c.busyLeft--
		return gpio.High
	}
	return gpio.Low
}

func (b *busyPin) In(gpio.Pull, gpio.Edge) error { return nil }

// resetPin is the RST input: low resets the chip and holds it.
type resetPin struct {
	gpiotest.Pin
	c *Chip
}

func (p *resetPin) Out(l gpio.Level) error {
	p.c.mu.Lock()
	defer p.c.mu.Unlock()
	p.c.halted = l == gpio.Low
	if l == gpio.Low {
		p.c.reset()
		p.c.busyLeft = 0
	}
	return nil
}

var (
	_ spi.PortCloser = (*Chip)(nil)
	_ spi.Conn       = (*Chip)(nil)
)
