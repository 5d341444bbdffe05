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
