package pn5180test

import (
	"encoding/binary"
	"testing"
	"time"

	"jantaku/drivers/rfid/iso15693"
	"periph.io/x/conn/v3/gpio"
)

// host speaks the PN5180 host interface frame by frame, as a driver
// would, to reach what package pn5180 does not send (Select, the
// non-addressed Reset to Ready).
type host struct {
	t *testing.T
	c *Chip
}

func (h host) frame(w ...byte) []byte {
	h.t.Helper()
	for i := 0; h.c.Busy().Read() == gpio.High; i++ {
		if i > 100 {
			h.t.Fatal("BUSY stuck")
		}
	}
	r := make([]byte, len(w))
	if err := h.c.Tx(w, r); err != nil {
		h.t.Fatal(err)
	}
	return r
}

func (h host) reg(cmd, addr byte, v uint32) {
	h.frame(binary.LittleEndian.AppendUint32([]byte{cmd, addr}, v)...)
}

func (h host) readReg(addr byte) uint32 {
	h.frame(cmdReadRegister, addr)
	return binary.LittleEndian.Uint32(h.frame(0xFF, 0xFF, 0xFF, 0xFF))
}

func newHost(t *testing.T, tags ...*iso15693.Tag) host {
	h := host{t, NewChip("SPI1.0")}
	h.c.SetTags(0, tags...)
	h.frame(cmdLoadRFConfig, rfTx15693, rfRx15693)
	h.reg(cmdWriteRegisterOr, regCRCTxConfig, 1)
	h.reg(cmdWriteRegisterOr, regCRCRxConfig, 1)
	h.reg(cmdWriteRegister, regTimer1Config, 1)
	h.frame(cmdRFOn, 0)
	return h
}

// send transmits a request and returns the answer's bytes (CRC
// stripped) and RX_STATUS, or ok false for silence.
func (h host) send(req []byte) (rx []byte, status uint32, ok bool) {
	h.t.Helper()
	h.reg(cmdWriteRegisterAnd, regSystemConfig, ^uint32(7))
	h.reg(cmdWriteRegisterOr, regSystemConfig, 3)
	h.reg(cmdWriteRegister, regIRQClear, 0xFFFFF)
	h.frame(append([]byte{cmdSendData, 0}, req...)...)
	irq := h.readReg(regIRQStatus)
	if irq&irqGeneral != 0 {
		h.t.Fatalf("% X: general error", req)
	}
	if irq&irqRx == 0 {
		return nil, 0, false
	}
	status = h.readReg(regRxStatus)
	h.frame(cmdReadData, 0)
	return h.frame(make([]byte, status&0x1FF)...), status, true
}

// answers reports whether the tag uid answers a one-slot inventory
// masked with its UID.
func (h host) answers(uid uint64) bool {
	rx, _, ok := h.send(iso15693.InventoryRequest(uid, 64, true))
	return ok && len(rx) == iso15693.ResponseLen && binary.LittleEndian.Uint64(rx[2:]) == uid
}

func TestNetworkCommands(t *testing.T) {
	a, b := &iso15693.Tag{UID: 0xE004015A00000101}, &iso15693.Tag{UID: 0xE004015A00000202}
	h := newHost(t, a, b)
	air := func(f func()) time.Duration { t0 := h.c.Airtime(); f(); return h.c.Airtime() - t0 }

	if d := air(func() {
		if _, _, ok := h.send(iso15693.StayQuietRequest(a.UID)); ok {
			t.Error("an answer to Stay Quiet")
		}
	}); d != iso15693.ExchangeTime(12, 0) {
		t.Errorf("Stay Quiet: %v of air, want %v", d, iso15693.ExchangeTime(12, 0))
	}
	if h.answers(a.UID) || !h.answers(b.UID) {
		t.Fatal("after Stay Quiet of a: a answers, or b does not")
	}

	// A quiet tag ignores a non-addressed Reset to Ready: b answers alone.
	var rx []byte
	var ok bool
	if d := air(func() { rx, _, ok = h.send(iso15693.ResetToReadyAllRequest()) }); d != iso15693.ExchangeTime(4, 3) {
		t.Errorf("Reset to Ready, non-addressed: %v of air, want %v", d, iso15693.ExchangeTime(4, 3))
	}
	if !ok || iso15693.ParseStatus(rx) != nil {
		t.Errorf("Reset to Ready, non-addressed: answer % X (heard %v), want 00", rx, ok)
	}
	if h.answers(a.UID) {
		t.Error("a non-addressed Reset to Ready woke a quiet tag")
	}

	// Select of a wakes it; Select of b sends a back to Ready.
	rx, _, ok = h.send(iso15693.SelectRequest(a.UID))
	if !ok || iso15693.ParseStatus(rx) != nil || !a.Selected || a.Quiet || !h.answers(a.UID) {
		t.Fatalf("Select of quiet a: answer % X, heard %v, %+v", rx, ok, a)
	}
	h.send(iso15693.SelectRequest(b.UID))
	if a.Selected || !b.Selected {
		t.Errorf("Select of b: a %+v, b %+v", a, b)
	}

	// Both Ready and as strong: their answers collide.
	h.send(iso15693.ResetToReadyAllRequest())
	_, st, ok := h.send(iso15693.ResetToReadyAllRequest())
	if !ok || st&rxColl == 0 {
		t.Errorf("two tags answering Reset to Ready: RX_STATUS %08X, want a collision", st)
	}

	// Field off: every tag forgets.
	h.send(iso15693.StayQuietRequest(a.UID))
	h.send(iso15693.StayQuietRequest(b.UID))
	h.frame(cmdRFOff, 0)
	h.frame(cmdRFOn, 0)
	if !h.answers(a.UID) || !h.answers(b.UID) {
		t.Error("quiet tags still quiet after the field went off")
	}

	// A frame the tags do not understand is silence, not an error.
	if _, _, ok := h.send([]byte{0x02, 0x20, 0x00}); ok {
		t.Error("an answer to Read Single Block, which the model does not have")
	}
}

// TIMER1 is the receive timeout: a silent slot lasts its whole reload,
// and a reload shorter than t1 and the answer's SOF cuts a present tag's
// answer off (the chip reports the timeout, not the tag).
func TestReceiveTimeout(t *testing.T) {
	a := &iso15693.Tag{UID: 0xE004015A00000101}
	h := newHost(t, a)
	air := func(f func()) time.Duration { t0 := h.c.Airtime(); f(); return h.c.Airtime() - t0 }
	req := func(uid uint64) []byte { return iso15693.InventoryRequest(uid, 64, true) }
	reqAir := iso15693.RequestTime(len(req(a.UID)) + 2)

	h.reg(cmdWriteRegister, regTimer1Reload, 6780) // 1 ms
	if d := air(func() {
		if h.answers(a.UID ^ 1) {
			t.Error("an absent UID answered")
		}
	}); d != reqAir+time.Millisecond {
		t.Errorf("silent slot with a 1 ms timeout: %v of air, want %v", d, reqAir+time.Millisecond)
	}
	if !h.answers(a.UID) {
		t.Error("with a 1 ms timeout the tag is not heard")
	}

	h.reg(cmdWriteRegister, regTimer1Reload, 2000) // 295 µs: before t1 + SOF (377.5 µs)
	h.reg(cmdWriteRegister, regIRQClear, 0xFFFFF)
	if d := air(func() {
		if h.answers(a.UID) {
			t.Error("a timeout shorter than t1 heard the tag")
		}
	}); d != reqAir+iso15693.SlotTime(true) {
		t.Errorf("cut-off answer: %v of air, want %v (the tag answers all the same)", d, reqAir+iso15693.SlotTime(true))
	}
	if h.readReg(regIRQStatus)&irqTimer1 == 0 {
		t.Error("cut-off answer: no TIMER1 interrupt")
	}
}

// set is one WRITE_REGISTER_MULTIPLE set.
func set(addr, op byte, v uint32) []byte {
	return binary.LittleEndian.AppendUint32([]byte{addr, op}, v)
}

// WRITE_REGISTER_MULTIPLE applies its sets in order, each as the
// single-register command of its operation; a malformed frame changes
// nothing and raises the general error, as a malformed single write does.
func TestWriteRegisterMultiple(t *testing.T) {
	h := newHost(t)
	frame := func(sets ...[]byte) []byte {
		f := []byte{cmdWriteRegisterMul}
		for _, s := range sets {
			f = append(f, s...)
		}
		return f
	}

	// In order on one register: 0x0F0F0F0F, | 0x30, & ^0x0F = 0x0F0F0F30.
	h.frame(frame(
		set(regTimer1Reload, wmWrite, 0x0F0F0F0F),
		set(regTimer1Reload, wmOrMask, 0x30),
		set(regTimer1Reload, wmAndMask, ^uint32(0x0F)),
	)...)
	if v := h.readReg(regTimer1Reload); v != 0x0F0F0F30 {
		t.Errorf("write, OR, AND in one frame: TIMER1_RELOAD %08X, want 0F0F0F30", v)
	}

	// Idle, Transceive and the IRQ clear of a request in one frame: the
	// chip waits to transmit, and the IRQs the last exchange left are
	// gone. The clear is a set like any other: an error raised before
	// the frame goes with it.
	h.frame(0x7F, 0) // an unknown command: the general error
	if h.readReg(regIRQStatus)&irqGeneral == 0 {
		t.Fatal("an unknown command raised no general error")
	}
	h.frame(frame(
		set(regSystemConfig, wmAndMask, ^uint32(7)),
		set(regSystemConfig, wmOrMask, 3),
		set(regIRQClear, wmWrite, 0xFFFFF),
	)...)
	if st := h.readReg(regRFStatus) >> 24 & 7; st != stateWaitTransmit {
		t.Errorf("Idle then Transceive in one frame: transceive state %d, want %d", st, stateWaitTransmit)
	}
	if irq := h.readReg(regIRQStatus); irq != 0 {
		t.Errorf("IRQ clear in one frame: IRQ_STATUS %08X, want 0", irq)
	}

	// The cap: 42 sets are taken, 43 are not.
	var sets [][]byte
	for i := range wmMaxSets {
		sets = append(sets, set(regTimer1Reload, wmWrite, uint32(i)))
	}
	h.frame(frame(sets...)...)
	if v, irq := h.readReg(regTimer1Reload), h.readReg(regIRQStatus); v != wmMaxSets-1 || irq != 0 {
		t.Errorf("%d sets: TIMER1_RELOAD %d, IRQ_STATUS %08X; want %d and 0", wmMaxSets, v, irq, wmMaxSets-1)
	}

	good := set(regTimer1Reload, wmWrite, 0xDEAD)
	for _, c := range []struct {
		name string
		w    []byte
	}{
		{"no set", frame()},
		{"a set cut short", frame(good, good[:5])},
		{"a byte too many", append(frame(good), 0)},
		{"operation 0", frame(good, set(regTimer1Reload, 0, 1))},
		{"operation 4", frame(good, set(regTimer1Reload, 4, 1))},
		{"a register out of range", frame(good, set(numRegs, wmWrite, 1))},
		{"43 sets", frame(append(sets, good)...)},
	} {
		h.reg(cmdWriteRegister, regTimer1Reload, 7)
		h.reg(cmdWriteRegister, regIRQClear, 0xFFFFF)
		h.frame(c.w...)
		if v := h.readReg(regTimer1Reload); v != 7 {
			t.Errorf("%s: TIMER1_RELOAD %d, want 7 unchanged (the frame refused whole)", c.name, v)
		}
		if h.readReg(regIRQStatus)&irqGeneral == 0 {
			t.Errorf("%s: no general error", c.name)
		}
	}
}

// A chip that resets itself forgets its registers, its field and its RF
// configuration: a request sent as if nothing happened is refused with
// the general error, never taken for a slot nobody answered.
func TestResetItself(t *testing.T) {
	a := &iso15693.Tag{UID: 0xE004015A00000101}
	h := newHost(t, a)
	if !h.answers(a.UID) {
		t.Fatal("the tag does not answer")
	}
	h.c.ResetItself()
	if h.c.RFOn() {
		t.Error("the field is still on after the chip reset")
	}
	h.reg(cmdWriteRegisterAnd, regSystemConfig, ^uint32(7))
	h.reg(cmdWriteRegisterOr, regSystemConfig, 3)
	h.reg(cmdWriteRegister, regIRQClear, 0xFFFFF)
	h.frame(append([]byte{cmdSendData, 0}, iso15693.InventoryRequest(a.UID, 64, true)...)...)
	if irq := h.readReg(regIRQStatus); irq&irqGeneral == 0 || irq&(irqRx|irqTimer1) != 0 {
		t.Errorf("a request after the chip reset itself: IRQ_STATUS %08X, want the general error alone", irq)
	}
}
