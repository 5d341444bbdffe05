package profile

import (
	"fmt"
	"slices"
	"strings"

	"periph.io/x/conn/v3/physic"
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
	b.WriteString("\n### Motors (H-bridge inputs on PCA9685 channels)\n\n| motor | chip | PWM | IN1 | IN2 | Forward | stop | ramp |\n|---|---|---|---|---|---|---|---|\n")
	var steppers []string
	for _, n := range sortedKeys(p.Motors) {
		m := p.Motors[n]
		if m.Kind == MotorStepper {
			steppers = append(steppers, n)
			continue
		}
		fwd := "IN1 high"
		if m.Reversed {
			fwd = "IN2 high (reversed)"
		}
		stop := "coast"
		if m.Brake {
			stop = "brake"
		}
		if p.Chips[m.Chip].Kind == KindSysfsPWM {
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s |\n", n, m.Chip, m.PWM, m.IN1Pin, m.IN2Pin, fwd, stop, rampOf(m))
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %s | %s | %s |\n", n, m.Chip, m.PWM, m.IN1, m.IN2, fwd, stop, rampOf(m))
	}
	if len(steppers) > 0 {
		b.WriteString("\n### Stepper motors (step/dir drivers)\n\n| motor | step | dir | enable (active low) | step at full speed | ramp |\n|---|---|---|---|---|---|\n")
		for _, n := range steppers {
			m := p.Motors[n]
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %v | %s |\n", n, m.Step, m.Dir, orDash(m.Enable), m.StepPeriod.D(), rampOf(m))
		}
	}
	fmt.Fprintf(&b, "\n### Motor-power enable chain\n\n| enable pulses | pulse period | watchdog | hold (motors off after the last edge) |\n|---|---|---|---|\n| %s | %v | %v | %v |\n",
		orDash(p.Safety.Enable), p.Safety.Period.D(), p.Safety.Watchdog.D(), p.Safety.Hold.D())
	in := func(title string, m map[string]Input) {
		fmt.Fprintf(&b, "\n### %s\n\n| name | pin | contact | active | pull | debounce |\n|---|---|---|---|---|---|\n", title)
		for _, n := range sortedKeys(m) {
			i := m[n]
			act, contact := "high", "NO"
			if i.ActiveLow {
				act = "low"
			}
			if i.NC {
				contact = "NC"
			}
			deb := i.Debounce
			if deb == 0 {
				deb = p.Timing.SwitchDebounce
				if title == "Buttons" {
					deb = p.Timing.Debounce
				}
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %v |\n", n, i.Pin, contact, act, orDash(i.Pull), deb.D())
		}
	}
	in("Inputs", p.Inputs)
	in("Buttons", p.Buttons)
	b.WriteString("\n### Tag readers\n\n| reader | chip | SPI | chip select | SPI clock | reset | IRQ | BUSY | antenna mux |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, n := range sortedKeys(p.Readers) {
		r := p.Readers[n]
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %v | %s | %s | %s | %s |\n", n, r.ReaderKind(), p.Port(n), p.ChipSelectOf(n), p.SPIClock(n), r.Reset, orDash(r.IRQ), orDash(p.BusyOf(n)), orDash(r.Mux))
	}
	var held []string
	for _, n := range sortedKeys(p.Readers) {
		if p.Readers[n].Held {
			held = append(held, n)
		}
	}
	if len(held) > 0 {
		fmt.Fprintf(&b, "\nFields held on while their zone is read (one antenna, one zone each): %s.\n", strings.Join(held, ", "))
	}
	if len(p.Decoders) > 0 {
		b.WriteString("\n### Chip-select decoders\n\nThe SPI port's chip select enables two 74HC154s (the last address line and its inverse pick which); their outputs are the readers' NSS. The same address lines drive two CD74HC4067s that put the addressed reader's BUSY on the busy line. One frame at a time.\n\n| decoder | SPI (enable) | address lines (bit 0 first) | BUSY | readers (output) |\n|---|---|---|---|---|\n")
		for _, n := range sortedKeys(p.Decoders) {
			d := p.Decoders[n]
			var on []string
			for _, rn := range p.decoded(n) {
				on = append(on, fmt.Sprintf("%s (%d)", rn, p.Readers[rn].Output))
			}
			fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s | %s |\n", n, d.SPI, orDash(chipSelects[d.SPI]), strings.Join(d.Address, ", "), d.Busy, orDash(strings.Join(on, ", ")))
		}
	}
	for _, g := range p.Lockstep {
		fmt.Fprintf(&b, "\nLockstep group (fields within range: read in lockstep frames, one BUSY line may serve them all): %s.\n", strings.Join(g, ", "))
	}
	if len(p.SPISpeed) > 0 {
		b.WriteString("\n### SPI bus speeds\n\nA reader runs at its chip's maximum (MFRC522 10MHz, PN5180 7MHz) or its bus's, whichever is lower.\n\n| bus | clock at most |\n|---|---|\n")
		for _, n := range sortedKeys(p.SPISpeed) {
			fmt.Fprintf(&b, "| %s | %v |\n", n, physic.Frequency(p.SPISpeed[n]))
		}
	}
	if len(p.Muxes) > 0 {
		b.WriteString("\n### Antenna multiplexers\n\n| mux | select lines (bit 0 first) | enable (active low) |\n|---|---|---|\n")
	}
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

// decoded returns the readers on decoder n, by output.
func (p *Profile) decoded(n string) []string {
	var out []string
	for _, rn := range sortedKeys(p.Readers) {
		if p.Readers[rn].Decoder == n {
			out = append(out, rn)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return p.Readers[a].Output - p.Readers[b].Output })
	return out
}

func rampOf(m Motor) string {
	if m.Ramp == 0 {
		return "–"
	}
	return m.Ramp.D().String()
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
