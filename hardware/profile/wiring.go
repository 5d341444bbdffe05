package profile

import (
	"fmt"
	"strings"
)

// Wiring returns the profile's wiring as Markdown tables (docs/wiring.md is
// the default profile's).
func (p *Profile) Wiring() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (%s)\n\n", p.Name, p.Board)
	b.WriteString("### I2C chips\n\n| chip | kind | bus | address |\n|---|---|---|---|\n")
	for _, n := range sortedKeys(p.Chips) {
		c := p.Chips[n]
		if c.Kind == KindSysfsPWM {
			fmt.Fprintf(&b, "| %s | %s | /sys/class/pwm/pwmchip%d | – |\n", n, c.Kind, c.PWMChip)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | 0x%02X |\n", n, c.Kind, c.Bus, c.Addr)
	}
	b.WriteString("\n### Motors (H-bridge inputs on PCA9685 channels)\n\n| motor | chip | PWM | IN1 | IN2 | Forward |\n|---|---|---|---|---|---|\n")
	for _, n := range sortedKeys(p.Motors) {
		m := p.Motors[n]
		fwd := "IN1 high"
		if m.Reversed {
			fwd = "IN2 high (reversed)"
		}
		if p.Chips[m.Chip].Kind == KindSysfsPWM {
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s |\n", n, m.Chip, m.PWM, m.IN1Pin, m.IN2Pin, fwd)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %s |\n", n, m.Chip, m.PWM, m.IN1, m.IN2, fwd)
	}
	in := func(title string, m map[string]Input) {
		fmt.Fprintf(&b, "\n### %s\n\n| name | pin | active | pull |\n|---|---|---|---|\n", title)
		for _, n := range sortedKeys(m) {
			i := m[n]
			act := "high"
			if i.ActiveLow {
				act = "low"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", n, i.Pin, act, i.Pull)
		}
	}
	in("Inputs", p.Inputs)
	in("Buttons", p.Buttons)
	b.WriteString("\n### Tag readers\n\n| reader | chip | SPI | chip select | SPI clock | reset | IRQ | BUSY | antenna mux |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, n := range sortedKeys(p.Readers) {
		r := p.Readers[n]
		hz := "max"
		if r.SPIHz > 0 {
			hz = fmt.Sprintf("%g MHz", float64(r.SPIHz)/1e6)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n, r.ReaderKind(), r.SPI, chipSelects[r.SPI], hz, r.Reset, orDash(r.IRQ), orDash(r.Busy), orDash(r.Mux))
	}
	b.WriteString("\n### Antenna multiplexers\n\n| mux | select lines (bit 0 first) | enable (active low) |\n|---|---|---|\n")
	for _, n := range sortedKeys(p.Muxes) {
		m := p.Muxes[n]
		if m.Chip != "" {
			fmt.Fprintf(&b, "| %s | I2C switch %s (8 channels) | – |\n", n, m.Chip)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", n, strings.Join(m.Select, ", "), orDash(m.Enable))
	}
	b.WriteString("\n### Zones\n\n| zone | reader | antenna |\n|---|---|---|\n")
	for _, n := range sortedKeys(p.Zones) {
		z := p.Zones[n]
		fmt.Fprintf(&b, "| %s | %s | %d |\n", n, z.Reader, *z.Antenna)
	}
	b.WriteString("\n### Tile sets (stacks per side, seats 0–3)\n\n| set | stacks | tiles |\n|---|---|---|\n")
	for _, n := range sortedKeys(p.TileSets) {
		t := p.TileSets[n]
		fmt.Fprintf(&b, "| %s | %v | %d |\n", n, t.Stacks, t.Tiles())
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
