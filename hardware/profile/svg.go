package profile

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"
)

// SVG returns the profile's wiring diagram (docs/wiring.svg is the default
// profile's): the Pi's lines, each I2C chip with what hangs on its pins
// and channels, the readers on their SPI ports, and the motor-power
// enable chain with the E-stop and the lid in series.
func (p *Profile) SVG() string {
	d := &svgDoc{}
	const boxW, rowH = 300, 16
	// Column 1: the Pi's lines.
	piRows := p.piRows()
	d.box(20, 60, boxW, rowH, "Raspberry Pi ("+p.Board+")", piRows)
	piBottom := 60 + 24 + rowH*len(piRows)
	// Column 2: the I2C chips, stacked, on the bus from GPIO2/GPIO3.
	x2, y := 380, 60
	busX := x2 - 20
	var chipTops []int
	for _, n := range sortedKeys(p.Chips) {
		ch := p.Chips[n]
		rows := p.chipRows(n)
		title := fmt.Sprintf("%s: %s", n, ch.Kind)
		if ch.Kind != KindSysfsPWM {
			title += fmt.Sprintf(" @ %s 0x%02X", ch.Bus, ch.Addr)
		}
		d.box(x2, y, boxW, rowH, title, rows)
		chipTops = append(chipTops, y)
		d.line(busX, y+12, x2, y+12, "#1f6feb")
		y += 24 + rowH*len(rows) + 20
	}
	if len(chipTops) > 0 {
		d.line(20+boxW, 90, busX, 90, "#1f6feb")
		d.line(busX, 90, busX, chipTops[len(chipTops)-1]+12, "#1f6feb")
		d.text(20+boxW+6, 84, "I2C1: SDA GPIO2, SCL GPIO3", "start", "#1f6feb")
	}
	// Column 3: the readers.
	x3, y3 := 740, 60
	var rrows []string
	for _, n := range sortedKeys(p.Readers) {
		r := p.Readers[n]
		if r.Decoder != "" {
			rrows = append(rrows, fmt.Sprintf("%s: %s, %s output %d at %v", n, r.ReaderKind(), r.Decoder, r.Output, p.SPIClock(n)))
		} else {
			rrows = append(rrows, fmt.Sprintf("%s: %s, %s (CS %s) at %v", n, r.ReaderKind(), r.SPI, r.ChipSelect(), p.SPIClock(n)))
		}
		s := "  reset " + r.Reset
		if b := p.BusyOf(n); b != "" {
			s += ", BUSY " + b
		}
		if r.Held {
			s += ", held"
		}
		if r.Mux != "" {
			s += ", mux " + r.Mux
		}
		rrows = append(rrows, s)
	}
	for _, n := range sortedKeys(p.Decoders) {
		d := p.Decoders[n]
		rrows = append(rrows, fmt.Sprintf("decoder %s: %s CS → 2×74HC154 enable", n, d.SPI),
			"  address "+strings.Join(d.Address, " "),
			"  BUSY mux (2×CD74HC4067) → "+d.Busy)
	}
	for _, b := range sortedKeys(p.SPISpeed) {
		rrows = append(rrows, fmt.Sprintf("%s clock at most %v", b, p.SPISpeed[b].String()))
	}
	d.box(x3, y3, 360, rowH, "tag readers (SPI)", rrows)
	d.line(20+boxW, 110, x3, 110, "#8250df")
	d.text(x3-6, 104, "SPI0: GPIO9–11, SPI1: GPIO19–21", "end", "#8250df")
	// The enable chain, below the tallest column.
	top := max(piBottom, y, y3+24+rowH*len(rrows)) + 40
	p.chainSVG(d, top)
	height := top + 260
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="1140" height="%d" viewBox="0 0 1140 %d" font-family="monospace" font-size="11">`+"\n", height, height)
	fmt.Fprintf(&b, `<rect width="1140" height="%d" fill="#ffffff"/>`+"\n", height)
	fmt.Fprintf(&b, `<text x="20" y="30" font-size="16" font-weight="bold">%s: wiring (jantaku maintenance wiring --svg)</text>`+"\n", esc(p.Name))
	b.WriteString(d.b.String())
	b.WriteString("</svg>\n")
	return b.String()
}

type svgDoc struct{ b strings.Builder }

func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

func (d *svgDoc) text(x, y int, s, anchor, color string) {
	fmt.Fprintf(&d.b, `<text x="%d" y="%d" text-anchor="%s" fill="%s">%s</text>`+"\n", x, y, anchor, color, esc(s))
}

func (d *svgDoc) line(x1, y1, x2, y2 int, color string) {
	fmt.Fprintf(&d.b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>`+"\n", x1, y1, x2, y2, color)
}

func (d *svgDoc) rect(x, y, w, h int, fill string) {
	fmt.Fprintf(&d.b, `<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="%s" stroke="#24292f"/>`+"\n", x, y, w, h, fill)
}

func (d *svgDoc) box(x, y, w, rowH int, title string, rows []string) {
	d.rect(x, y, w, 24+rowH*len(rows), "#f6f8fa")
	fmt.Fprintf(&d.b, `<text x="%d" y="%d" font-weight="bold">%s</text>`+"\n", x+8, y+16, esc(title))
	for i, r := range rows {
		d.text(x+8, y+24+rowH*i+12, r, "start", "#24292f")
	}
}

// piRows lists what each Pi line does.
func (p *Profile) piRows() []string {
	use := map[string]string{}
	add := func(pin, what string) {
		if gpioName.MatchString(pin) {
			use[pin] = what
		}
	}
	for n, in := range p.Inputs {
		add(in.Pin, "in  "+n+inputNote(in))
	}
	for n, in := range p.Buttons {
		add(in.Pin, "btn "+n)
	}
	for n, m := range p.Motors {
		add(m.IN1Pin, "out "+n+" IN1")
		add(m.IN2Pin, "out "+n+" IN2")
		add(m.Step, "out "+n+" STEP")
		add(m.Dir, "out "+n+" DIR")
		add(m.Enable, "out "+n+" EN")
	}
	add(p.Safety.Enable, "out MOTOR ENABLE (pulses)")
	for n, d := range p.Decoders {
		for i, a := range d.Address {
			add(a, fmt.Sprintf("out decoder %s address %d", n, i))
		}
		add(d.Busy, "in  decoder "+n+" BUSY (mux)")
	}
	for n, r := range p.Readers {
		add(r.IRQ, "in  "+n+" IRQ")
		add(r.Busy, "in  "+n+" BUSY")
		add(r.Reset, "out "+n+" reset")
	}
	pins := make([]string, 0, len(use))
	for k := range use {
		pins = append(pins, k)
	}
	sort.Slice(pins, func(i, j int) bool { return gpioNum(pins[i]) < gpioNum(pins[j]) })
	var rows []string
	for _, k := range pins {
		rows = append(rows, fmt.Sprintf("%-6s %s", k, use[k]))
	}
	return rows
}

func gpioNum(s string) int {
	var n int
	fmt.Sscanf(s, "GPIO%d", &n)
	return n
}

func inputNote(in Input) string {
	switch {
	case in.NC:
		return " (NC to GND, pull-up)"
	case in.ActiveLow:
		return " (to GND, pull-up)"
	}
	return ""
}

// chipRows lists what hangs on chip n.
func (p *Profile) chipRows(n string) []string {
	ch := p.Chips[n]
	var rows []string
	switch ch.Kind {
	case KindPCA9685:
		for _, mn := range sortedKeys(p.Motors) {
			m := p.Motors[mn]
			if m.Chip == n {
				rows = append(rows, fmt.Sprintf("ch %2d/%2d/%2d → %s H-bridge PWM/IN1/IN2", m.PWM, m.IN1, m.IN2, mn))
			}
		}
		rows = append(rows, "OE (active low) ← hold circuit")
	case KindSysfsPWM:
		for _, mn := range sortedKeys(p.Motors) {
			if m := p.Motors[mn]; m.Chip == n {
				rows = append(rows, fmt.Sprintf("pwm%d → %s H-bridge PWM", m.PWM, mn))
			}
		}
	case KindMCP23017:
		use := map[string]string{}
		prefix := n + "."
		for in, v := range p.Inputs {
			if strings.HasPrefix(v.Pin, prefix) {
				use[v.Pin[len(prefix):]] = "in  " + in + inputNote(v)
			}
		}
		for in, v := range p.Buttons {
			if strings.HasPrefix(v.Pin, prefix) {
				use[v.Pin[len(prefix):]] = "btn " + in
			}
		}
		for rn, r := range p.Readers {
			if strings.HasPrefix(r.Reset, prefix) {
				use[r.Reset[len(prefix):]] = "out " + rn + " reset"
			}
			if strings.HasPrefix(r.Busy, prefix) {
				use[r.Busy[len(prefix):]] = "in  " + rn + " BUSY"
			}
		}
		for mn, m := range p.Muxes {
			for i, s := range m.Select {
				if strings.HasPrefix(s, prefix) {
					use[s[len(prefix):]] = fmt.Sprintf("out mux %s select %d", mn, i)
				}
			}
			if strings.HasPrefix(m.Enable, prefix) {
				use[m.Enable[len(prefix):]] = "out mux " + mn + " enable"
			}
		}
		for mn, m := range p.Motors {
			for _, x := range [][2]string{{m.IN1Pin, "IN1"}, {m.IN2Pin, "IN2"}, {m.Enable, "EN"}} {
				if strings.HasPrefix(x[0], prefix) {
					use[x[0][len(prefix):]] = "out " + mn + " " + x[1]
				}
			}
		}
		for _, k := range sortedKeys(use) {
			rows = append(rows, fmt.Sprintf("%s %s", k, use[k]))
		}
	case KindTCA9548A:
		for mn, m := range p.Muxes {
			if m.Chip == n {
				rows = append(rows, "8 antenna channels for mux "+mn)
			}
		}
	}
	if len(rows) == 0 {
		rows = []string{"(nothing connected)"}
	}
	return rows
}

// chainSVG draws the motor-power enable chain at y.
func (p *Profile) chainSVG(d *svgDoc, y int) {
	s := p.Safety
	d.text(20, y, "Motor-power enable chain: every motor has power only while all of it is closed", "start", "#cf222e")
	y += 20
	bx := func(x, w int, title, sub string) {
		d.rect(x, y, w, 56, "#fff8c5")
		fmt.Fprintf(&d.b, `<text x="%d" y="%d" font-weight="bold">%s</text>`+"\n", x+8, y+20, esc(title))
		d.text(x+8, y+40, sub, "start", "#24292f")
	}
	bx(20, 170, "Pi "+orDash(s.Enable), fmt.Sprintf("pulses, period %v", s.Period.D()))
	d.line(190, y+28, 210, y+28, "#cf222e")
	bx(210, 200, "hold circuit", fmt.Sprintf("drops %v after last edge", s.Hold.D()))
	d.line(410, y+28, 430, y+28, "#cf222e")
	bx(430, 150, "relay driver", "MOSFET, flyback diode")
	d.line(580, y+28, 600, y+28, "#cf222e")
	bx(600, 220, "E-stop NC contact 1", "hardware cut; contact 2 → estop")
	d.line(820, y+28, 840, y+28, "#cf222e")
	bx(840, 220, "lid interlock NC", "hardware cut; 2nd contact → lid")
	y2 := y + 100
	d.line(950, y+56, 950, y2, "#cf222e")
	d.rect(500, y2, 560, 56, "#ffebe9")
	fmt.Fprintf(&d.b, `<text x="%d" y="%d" font-weight="bold">%s</text>`+"\n", 508, y2+20, esc("motor relay coil (12 V) → NO contact: fused 12 V motor supply → H-bridges VM"))
	d.text(508, y2+40, "open (no pulses, E-stop, lid, broken wire, Pi off) = no motor power", "start", "#24292f")
	d.line(310, y+56, 310, y2+28, "#cf222e")
	d.line(310, y2+28, 500, y2+28, "#cf222e")
	d.rect(20, y2, 270, 56, "#fff8c5")
	fmt.Fprintf(&d.b, `<text x="28" y="%d" font-weight="bold">%s</text>`+"\n", y2+20, esc("hold output, inverted"))
	d.text(28, y2+40, "→ OE of every PCA9685 (pull-up: off)", "start", "#24292f")
	d.line(290, y2+28, 310, y2+28, "#cf222e")
}
