package board

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"jantaku/drivers/rfid/pn5180"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
)

// A chip-select decoder (profile decoders, docs/wiring.md "Revision 3")
// puts many PN5180s behind one SPI port: the port's chip select enables
// two 74HC154s, whose outputs are the readers' NSS, and the Pi's address
// lines pick the output; the same lines make a CD74HC4067 pair put the
// addressed reader's BUSY on one Pi line. The kernel's spidev takes one
// Connect per port, and the address must not change under a frame or
// between reading a reader's BUSY and the frame that follows it, so the
// board opens the port once and each reader gets a port whose frames
// and BUSY reads take the decoder's lock and set the address first. The
// PN5180 driver polls BUSY with Read, so the mux needs no edges.
type decoder struct {
	name string
	conn spi.Conn
	addr []gpio.PinOut
	busy gpio.PinIn

	mu  sync.Mutex
	cur int // the output the address lines select; -1 unknown
}

// selectOutput drives the address lines to out, writing only the lines
// that differ from the last frame's. d.mu held.
func (d *decoder) selectOutput(out int) error {
	for i, p := range d.addr {
		bit := out>>i&1 != 0
		if d.cur >= 0 && d.cur>>i&1 != 0 == bit {
			continue
		}
		if err := p.Out(gpio.Level(bit)); err != nil {
			d.cur = -1 // the lines are in some state between
			return fmt.Errorf("decoder %s: address line %d (%s): %w", d.name, i, p, err)
		}
	}
	d.cur = out
	return nil
}

// decodedPort is one decoder output as the reader on it sees its SPI
// port.
type decodedPort struct {
	d     *decoder
	out   int
	speed physic.Frequency // the shared connection's clock
}

func (p *decodedPort) String() string { return fmt.Sprintf("%s output %d", p.d.name, p.out) }

// Connect returns the output's connection; the clock is the decoder's
// port's, set once for every reader on it.
func (p *decodedPort) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	if m != spi.Mode0 || bits != 8 {
		return nil, fmt.Errorf("%s: SPI mode %v, %d bits: the decoder's port is connected in mode 0, 8 bits", p, m, bits)
	}
	if f > 0 && f < p.speed {
		return nil, fmt.Errorf("%s: SPI clock %v is below the decoder's port's %v", p, f, p.speed)
	}
	return &decodedConn{p}, nil
}

// decodedConn sends frames on the decoder's connection to one output.
type decodedConn struct{ *decodedPort }

func (c *decodedConn) Duplex() conn.Duplex { return c.d.conn.Duplex() }

func (c *decodedConn) Tx(w, r []byte) error {
	c.d.mu.Lock()
	defer c.d.mu.Unlock()
	if err := c.d.selectOutput(c.out); err != nil {
		return err
	}
	return c.d.conn.Tx(w, r)
}

func (c *decodedConn) TxPackets(p []spi.Packet) error {
	c.d.mu.Lock()
	defer c.d.mu.Unlock()
	if err := c.d.selectOutput(c.out); err != nil {
		return err
	}
	return c.d.conn.TxPackets(p)
}

// decodedBusy is one output's BUSY as the mux passes it. A failed address
// write reads High: busy, so the driver waits, then reports BUSY stuck
// rather than sending to whichever chip the lines select.
type decodedBusy struct{ *decodedPort }

func (b *decodedBusy) Read() gpio.Level {
	b.d.mu.Lock()
	defer b.d.mu.Unlock()
	if err := b.d.selectOutput(b.out); err != nil {
		return gpio.High
	}
	return b.d.busy.Read()
}

// In does nothing: the board set the mux's line as an input once.
func (b *decodedBusy) In(gpio.Pull, gpio.Edge) error { return nil }

// WaitForEdge reports no edge: the mux's line serves every output, and
// the driver polls it.
func (b *decodedBusy) WaitForEdge(time.Duration) bool { return false }
func (b *decodedBusy) Halt() error                    { return nil }
func (b *decodedBusy) Name() string                   { return b.String() + " BUSY" }
func (b *decodedBusy) Number() int                    { return -1 }
func (b *decodedBusy) Function() string               { return "In/mux" }
func (b *decodedBusy) Pull() gpio.Pull                { return gpio.Float }
func (b *decodedBusy) DefaultPull() gpio.Pull         { return gpio.Float }

// decoder opens decoder n once: its SPI port, connected at the PN5180's
// 7 MHz or its bus's spi_speed, its address lines as outputs and its
// BUSY line as an input. nil if it failed (reported).
func (o *opener) decoder(n string) *decoder {
	if d, ok := o.decs[n]; ok {
		return d
	}
	o.decs[n] = nil
	pd := o.p.Decoders[n]
	part := "decoder " + n
	d := &decoder{name: n, cur: -1}
	for _, a := range pd.Address {
		p := o.outPin(pd.Line, part, a)
		if p == nil {
			return nil
		}
		d.addr = append(d.addr, p)
	}
	busy, _, err := o.pin(pd.Busy)
	if err != nil {
		if err != errReported {
			o.fail(pd.Line, part, "busy %v", err)
		}
		return nil
	}
	if err := busy.In(gpio.PullDown, gpio.NoEdge); err != nil {
		o.fail(pd.Line, part, "busy %s: %v", pd.Busy, err)
		return nil
	}
	d.busy = busy
	port, err := spireg.Open(pd.SPI)
	if err != nil {
		o.fail(pd.Line, part, "SPI port %s not found on this board (enable SPI1 with dtoverlay=spi1-3cs; ports found: %s): %v", pd.SPI, spiPorts(), err)
		return nil
	}
	f := 7 * physic.MegaHertz // the PN5180's maximum: only PN5180s are on a decoder
	if c, ok := o.p.SPISpeed[profile.SPIBus(pd.SPI)]; ok {
		if err := port.LimitSpeed(physic.Frequency(c)); err != nil {
			_ = port.Close()
			o.fail(pd.Line, part, "SPI port %s: limiting the clock to %v: %v", pd.SPI, physic.Frequency(c), err)
			return nil
		}
		f = min(f, physic.Frequency(c))
	}
	c, err := port.Connect(f, spi.Mode0, 8)
	if err != nil {
		_ = port.Close()
		o.fail(pd.Line, part, "SPI port %s: %v", pd.SPI, err)
		return nil
	}
	d.conn = c
	o.b.closers = append(o.b.closers, port.Close)
	o.decs[n] = d
	return d
}

// decodedReaders opens the readers on decoders. Each comes up twice, in
// descending then ascending output order, every reader not yet up in
// that pass held in reset: a reader whose frames reach another output's
// chip (an address line stuck or miswired, a 74HC154 output swapped)
// finds that chip in reset in one of the two passes, and no chip on an
// output without one, so it reads no product version and fails to open,
// by its own name, instead of reading another zone's tags as its own.
// Frames never go to a chip held in reset on a sound board.
func (o *opener) decodedReaders() {
	type zr struct {
		name  string
		r     profile.Reader
		port  *decodedPort
		reset gpio.PinOut
	}
	var all []zr
	for _, n := range sortedKeys(o.p.Readers) {
		r := o.p.Readers[n]
		if r.Decoder == "" {
			continue
		}
		reset := o.outPin(r.Line, "reader "+n, r.Reset)
		d := o.decoder(r.Decoder)
		if d == nil || reset == nil {
			continue
		}
		all = append(all, zr{n, r, &decodedPort{d: d, out: r.Output, speed: o.p.SPIClock(n)}, reset})
	}
	slices.SortFunc(all, func(a, b zr) int {
		if c := strings.Compare(a.r.Decoder, b.r.Decoder); c != 0 {
			return c
		}
		return a.r.Output - b.r.Output
	})
	hold := func() bool {
		ok := true
		for _, z := range all {
			if err := z.reset.Out(gpio.Low); err != nil {
				ok = false
				o.fail(z.r.Line, "reader "+z.name, "holding it in reset (%s): %v", z.r.Reset, err)
			}
		}
		return ok
	}
	failed := map[string]bool{}
	for pass := range 2 {
		if !hold() {
			return
		}
		order := slices.Clone(all)
		below := "above"
		if pass == 0 {
			slices.Reverse(order)
			below = "below"
		}
		for _, z := range order {
			// The die identifier: the one recorded, or the one read as the
			// reader opens, read again every DieCheck, so that an address
			// line failing later stops the reader, not a zone read as
			// another's.
			rd, err := pn5180.Open(z.port, &decodedBusy{z.port}, z.reset, pn5180.Config{
				Name: z.name, Speed: z.r.MaxSPI(), Clock: o.opt.Clock,
				DieID: z.r.DieIDBytes(), CheckEvery: o.p.Decoders[z.r.Decoder].DieCheckEvery(),
			})
			if err != nil {
				switch {
				case failed[z.name]:
				case errors.Is(err, pn5180.ErrWrongChip) && z.r.DieID != "":
					o.fail(z.r.Line, "reader "+z.name, "on %s: not the chip its die_id records: %v (modules swapped, or its frames reach another output: check the decoder's address lines; a new module's identifier: jantaku maintenance readers)", o.p.ChipSelectOf(z.name), err)
				default:
					o.fail(z.r.Line, "reader "+z.name, "on %s, brought up with the outputs %s it held in reset: %v (do its frames reach another output? check the decoder's address lines)", o.p.ChipSelectOf(z.name), below, err)
				}
				failed[z.name] = true
				continue
			}
			if pass == 1 && !failed[z.name] {
				o.b.Readers[z.name] = rd
			}
		}
	}
}

func spiPorts() string {
	var have []string
	for _, ref := range spireg.All() {
		have = append(have, ref.Name)
	}
	return listOrNone(have)
}
