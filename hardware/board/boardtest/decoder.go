package boardtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"jantaku/drivers/rfid/pn5180/pn5180test"
	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
)

// decoders registers, for each chip-select decoder of the profile, its
// SPI port as the two 74HC154s see it and its BUSY line as the two
// CD74HC4067s put it, with a PN5180 emulator on each output the profile
// gives a reader, by reader name in r.PN5180. The readers' RST lines
// follow the expander pins (or Pi lines) the board drives them from.
func (r *Rig) decoders(t testing.TB, skipped func(string) bool) {
	for dn, d := range r.p.Decoders {
		dc := &decoderChip{name: dn, address: d.Address, chips: map[int]*pn5180test.Chip{}}
		r.decs[dn] = dc
		for name, rd := range r.p.Readers {
			if rd.Decoder != dn {
				continue
			}
			c := pn5180test.NewChip(name)
			r.PN5180[name] = c
			dc.chips[rd.Output] = c
			r.resetLine(t, rd.Reset, c)
		}
		if !skipped(d.SPI) {
			pt := &port{PortCloser: dc}
			r.ports[d.SPI] = pt
			if err := spireg.Register(d.SPI, nil, -1, func() (spi.PortCloser, error) { return pt, nil }); err != nil {
				t.Fatal(err)
			}
			spiName := d.SPI
			t.Cleanup(func() { _ = spireg.Unregister(spiName) })
		}
		if !skipped(d.Busy) {
			r.busy(t, d.Busy, muxBusy{d: dc})
		}
	}
}

// resetLine wires a PN5180's RST to the pin the board drives it from.
// Until the board drives the pin, a pull-down holds the chip in reset.
func (r *Rig) resetLine(t testing.TB, pin string, c *pn5180test.Chip) {
	rst := c.Reset()
	if m, on, ok := r.Expander(pin); ok {
		if err := m.Watch(on, func(high, out bool) { _ = rst.Out(gpio.Level(high && out)) }); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !strings.HasPrefix(pin, "GPIO") {
		return
	}
	_ = rst.Out(gpio.Low)
	p := &resetPin{Pin: gpiotest.Pin{N: pin, Num: gpioNum(pin)}, rst: rst}
	r.Pins[pin] = &p.Pin
	if err := gpioreg.Register(p); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gpioreg.Unregister(pin) })
}

// resetPin is a Pi line driving a chip's RST.
type resetPin struct {
	gpiotest.Pin
	rst gpio.PinOut
}

func (p *resetPin) Out(l gpio.Level) error {
	if err := p.Pin.Out(l); err != nil {
		return err
	}
	return p.rst.Out(l)
}

// decoderChip is a decoder's SPI port: each frame goes to the chip on
// the output the address lines select as the decoders see them (the
// levels of the lines registered in gpioreg, whatever drives them).
// Nothing drives MISO on an output without a chip: the frame reads 0xFF
// (MISO's pull-up) and no chip sees it.
type decoderChip struct {
	name    string
	address []string
	chips   map[int]*pn5180test.Chip

	mu     sync.Mutex
	frames map[int]int // frames per output
}

// output returns the output the address lines select now.
func (d *decoderChip) output() int {
	out := 0
	for i, n := range d.address {
		if p := gpioreg.ByName(n); p != nil && p.Read() == gpio.High {
			out |= 1 << i
		}
	}
	return out
}

func (d *decoderChip) String() string                                            { return "decoder " + d.name }
func (d *decoderChip) Close() error                                              { return nil }
func (d *decoderChip) LimitSpeed(physic.Frequency) error                         { return nil }
func (d *decoderChip) Duplex() conn.Duplex                                       { return conn.Half }
func (d *decoderChip) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return d, nil }

func (d *decoderChip) Tx(w, r []byte) error {
	out := d.output()
	d.mu.Lock()
	if d.frames == nil {
		d.frames = map[int]int{}
	}
	d.frames[out]++
	d.mu.Unlock()
	c, ok := d.chips[out]
	if !ok {
		for i := range r {
			r[i] = 0xFF
		}
		return nil
	}
	return c.Tx(w, r)
}

// TxPackets sends each packet as one frame.
func (d *decoderChip) TxPackets(p []spi.Packet) error {
	for _, pk := range p {
		if err := d.Tx(pk.W, pk.R); err != nil {
			return err
		}
	}
	return nil
}

// muxBusy is the CD74HC4067 pair's output: the BUSY of the chip on the
// addressed output. An output without a chip is an open mux input that
// the board pulls down: Low.
type muxBusy struct {
	pinStub
	d *decoderChip
}

func (m muxBusy) Read() gpio.Level {
	if c, ok := m.d.chips[m.d.output()]; ok {
		return c.Busy().Read()
	}
	return gpio.Low
}

func (m muxBusy) String() string   { return fmt.Sprintf("decoder %s BUSY mux", m.d.name) }
func (m muxBusy) Name() string     { return m.String() }
func (m muxBusy) Function() string { return "In/mux" }

// DecoderFrames returns the SPI frames decoder n has sent to output out
// so far, whether a chip is on it or not.
func (r *Rig) DecoderFrames(n string, out int) int {
	d, ok := r.decs[n]
	if !ok {
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.frames[out]
}
