package profile_test

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/physic"
)

// TestZones: the reader-per-zone profile checks; each of its 18 zones
// has a held PN5180 of its own, named as the zone, on its own output of
// the SPI1.2 decoder, on antenna 0; the stacker gates stay as in
// revision 2, and the seat readers, their switches and lockstep group
// are gone.
func TestZones(t *testing.T) {
	p, err := profile.Parse("zones.yaml", profile.ZonesYAML())
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "jantaku-hat-v3-zones" || profile.Zones().Name != p.Name {
		t.Errorf("name %q", p.Name)
	}
	v2 := profile.PerSeat()
	if len(p.Zones) != 18 || len(p.Readers) != 22 {
		t.Fatalf("%d zones and %d readers, want 18 and 22", len(p.Zones), len(p.Readers))
	}
	outputs := map[int]string{}
	for n, z := range p.Zones {
		if _, ok := v2.Zones[n]; !ok {
			t.Errorf("zone %s is not one of revision 2's", n)
		}
		r, ok := p.Readers[n]
		if z.Reader != n || !ok {
			t.Errorf("zone %s on reader %q, want a reader named as the zone", n, z.Reader)
			continue
		}
		if *z.Antenna != 0 || !r.Held || r.Mux != "" || r.Decoder != "zonecs" || r.SPI != "" || r.Busy != "" {
			t.Errorf("zone %s's reader: %+v, antenna %d", n, r, *z.Antenna)
		}
		if o, ok := outputs[r.Output]; ok {
			t.Errorf("readers %s and %s on output %d", n, o, r.Output)
		}
		outputs[r.Output] = n
		if got := p.Port(n); got != "SPI1.2" {
			t.Errorf("reader %s on port %q", n, got)
		}
		if got, want := p.ChipSelectOf(n), fmt.Sprintf("zonecs output %d (SPI1.2 via 74HC154)", r.Output); got != want {
			t.Errorf("reader %s selected by %q, want %q", n, got, want)
		}
		if got := p.BusyOf(n); got != "GPIO15 via zonecs" {
			t.Errorf("reader %s's BUSY: %q", n, got)
		}
		if f := p.SPIClock(n); f != 2*physic.MegaHertz {
			t.Errorf("reader %s at %v, want SPI1's 2MHz", n, f)
		}
	}
	for s := 0; s < 4; s++ {
		n := profile.InlineReaderName(s)
		if p.Readers[n].Held || p.Readers[n].SPI != v2.Readers[n].SPI || p.Readers[n].Busy != v2.Readers[n].Busy || p.Readers[n].Reset != v2.Readers[n].Reset {
			t.Errorf("gate reader %s: %+v, want revision 2's %+v", n, p.Readers[n], v2.Readers[n])
		}
	}
	if len(p.Lockstep) != 0 || len(p.Muxes) != 0 || !p.FreeUARTPins {
		t.Errorf("lockstep %v, muxes %v, free UART pins %v", p.Lockstep, p.Muxes, p.FreeUARTPins)
	}
	d := p.Decoders["zonecs"]
	if d.SPI != "SPI1.2" || len(d.Address) != 5 || d.Busy != "GPIO15" || d.Outputs() != 32 {
		t.Errorf("decoder zonecs: %+v", d)
	}
}

// zonesEdit returns zones.yaml with old replaced by new (exactly once).
func zonesEdit(t *testing.T, old, new string) []byte {
	t.Helper()
	s := string(profile.ZonesYAML())
	if strings.Count(s, old) != 1 {
		t.Fatalf("%q occurs %d times in zones.yaml", old, strings.Count(s, old))
	}
	return []byte(strings.Replace(s, old, new, 1))
}

// TestZonesErrors: each rule of decoders and held readers, broken by one
// edit of zones.yaml, gives its error at the line of the part at fault.
// dieA is a die identifier as `jantaku maintenance readers` lists it.
const dieA = "04a1b2c3d4e5f60718293a4b5c6d7e8f"

func TestZonesErrors(t *testing.T) {
	const (
		dec  = "  zonecs: {spi: SPI1.2, address: [GPIO13, GPIO23, GPIO25, GPIO27, GPIO14], busy: GPIO15}"
		wall = "  seat0.wall:      {kind: pn5180, decoder: zonecs, output: 0, reset: zr0.A0, held: true}"
		drop = "  drop:            {kind: pn5180, decoder: zonecs, output: 17, reset: zr1.A1, held: true}"
		gate = "  inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3}"
	)
	cases := []struct {
		name, old, new string
		line           string // text on the line the error must name
		msg            string
	}{
		{"address on an expander", dec, strings.Replace(dec, "GPIO27", "io1.B4", 1), "zonecs: {spi", "decoder zonecs: address line 3, io1.B4, must be a Pi line (GPIOn)"},
		{"address line twice", dec, strings.Replace(dec, "GPIO27", "GPIO13", 1), "zonecs: {spi", "pin GPIO13 is used twice: by decoder zonecs address 3 and by decoder zonecs address 0"},
		{"address line used elsewhere", "eye3: {pin: GPIO12", "eye3: {pin: GPIO23", "zonecs: {spi", "pin GPIO23 is used twice: by decoder zonecs address 1 and by input eye3"},
		{"six address lines", dec, strings.Replace(dec, "GPIO14]", "GPIO14, GPIO12]", 1), "zonecs: {spi", "decoder zonecs: 6 address lines, want 1 to 5"},
		{"busy on an expander", dec, strings.Replace(dec, "busy: GPIO15", "busy: rfio.A4", 1), "zonecs: {spi", "decoder zonecs: busy line rfio.A4 must be a Pi line"},
		{"no busy", dec, strings.Replace(dec, ", busy: GPIO15", "", 1), "zonecs: {spi", "decoder zonecs: no busy line"},
		{"port without its own chip select", dec, strings.Replace(dec, "SPI1.2", "SPI1.3", 1), "zonecs: {spi", "decoder zonecs: SPI port SPI1.3 has no chip select of its own"},
		{"output out of range", drop, strings.Replace(drop, "output: 17", "output: 32", 1), "drop:", "reader drop: output 32 does not exist on decoder zonecs (0–31)"},
		{"output twice", drop, strings.Replace(drop, "output: 17", "output: 3", 1), "drop:", "decoder zonecs output 3 is used twice: by reader drop and by reader seat0.discards"},
		{"unknown decoder", drop, strings.Replace(drop, "decoder: zonecs", "decoder: zonecx", 1), "drop:", `reader drop: unknown decoder "zonecx"`},
		{"spi of its own", wall, strings.Replace(wall, "{kind: pn5180,", "{kind: pn5180, spi: SPI1.2,", 1), "seat0.wall:", "reader seat0.wall: a reader on decoder zonecs has no spi of its own (spi: SPI1.2)"},
		{"cs of its own", wall, strings.Replace(wall, "{kind: pn5180,", "{kind: pn5180, cs: GPIO12,", 1), "seat0.wall:", "has no cs of its own (cs: GPIO12)"},
		{"busy of its own", wall, strings.Replace(wall, "{kind: pn5180,", "{kind: pn5180, busy: GPIO12,", 1), "seat0.wall:", "has no busy of its own (busy: GPIO12)"},
		{"mfrc522 on a decoder", wall, strings.Replace(wall, "{kind: pn5180,", "{kind: mfrc522,", 1), "seat0.wall:", "reader seat0.wall: an mfrc522 on decoder zonecs"},
		{"decoder's port used directly", gate, strings.Replace(gate, "SPI1.1", "SPI1.2", 1), "inline3:", "reader inline3: SPI port SPI1.2 is decoder zonecs's"},
		{"held mfrc522", gate, strings.Replace(gate, "{kind: pn5180, spi: SPI1.1, busy: rfio.A3,", "{kind: mfrc522, spi: SPI1.1, held: true,", 1), "inline3:", "reader inline3: held: the field is held by a pn5180"},
		{"held with no zone", gate, strings.Replace(gate, "}", ", held: true}", 1), "inline3:", "reader inline3: held, with no zone"},
		{"held with two zones", "  drop:            {reader: drop,", "  drop:            {reader: deadwall,", "deadwall:        {kind", "reader deadwall: held, with 2 zones (deadwall, drop)"},
		{"held with a mux", gate, strings.Replace(gate, "}", ", mux: m, held: true}", 1), "inline3:", "reader inline3: held with mux m"},
		{"unknown key", drop, strings.Replace(drop, "held: true", "hold: true", 1), "hold: true", `unknown key "hold" in readers drop`},
		{"unknown decoder key", dec, strings.Replace(dec, "busy:", "bsy:", 1), "bsy:", `unknown key "bsy" in decoders zonecs`},
		{"UART lines taken back", "free_uart_pins: true", "free_uart_pins: false", "zonecs: {spi", "GPIO14 is the UART's TXD"},
		{"die ID of an mfrc522", gate, "  inline3: {kind: mfrc522, spi: SPI1.1, reset: io1.B3, die_id: " + dieA + "}", "inline3:", "reader inline3: die_id: only a pn5180's die identifier is read, not an mfrc522's"},
		{"die ID too short", drop, strings.Replace(drop, "}", ", die_id: 04a1b2}", 1), "drop:", `reader drop: die_id "04a1b2": want the chip's 16 bytes as 32 hex digits`},
		{"die ID not hex", drop, strings.Replace(drop, "}", ", die_id: "+strings.Replace(dieA, "a", "g", 1)+"}", 1), "drop:", "want the chip's 16 bytes as 32 hex digits"},
		{"die ID twice", wall, strings.Replace(wall, "}", ", die_id: "+dieA+"}", 1), "seat0.wall:", "reader seat0.wall: die_id " + dieA + " is reader drop's too: each chip has its own"},
		{"die check negative", dec, strings.Replace(dec, "}", ", die_check: -5ms}", 1), "zonecs: {spi", `bad duration "-5ms"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := zonesEdit(t, c.old, c.new)
			if c.name == "die ID twice" {
				data = []byte(strings.Replace(string(data), drop, strings.Replace(drop, "}", ", die_id: "+strings.ToUpper(dieA)+"}", 1), 1))
			}
			if c.name == "held with a mux" {
				data = []byte(strings.Replace(string(data), "\ndecoders:\n", "\nmuxes:\n  m: {select: [io1.B4]}\ndecoders:\n", 1))
			}
			_, err := profile.Parse("table.yaml", data)
			if err == nil {
				t.Fatal("no error")
			}
			var pe *profile.Error
			found := false
			for _, e := range unjoin(err) {
				if errors.As(e, &pe) && strings.Contains(pe.Msg, c.msg) {
					found = true
					if want := lineOf(t, data, c.line); pe.Line != want {
						t.Errorf("%q at line %d, want line %d", pe.Msg, pe.Line, want)
					}
				}
			}
			if !found {
				t.Errorf("no error containing %q in:\n%v", c.msg, err)
			}
		})
	}
}

// The wiring table and diagram of zones.yaml name every zone reader's
// decoder output and the decoder's lines; the diagram is well-formed.
func TestZonesWiring(t *testing.T) {
	p := profile.Zones()
	w := p.Wiring()
	for _, want := range []string{
		"| seat1.hand | pn5180 | SPI1.2 | zonecs output 5 (SPI1.2 via 74HC154) | 2MHz | zr0.A5 | – | GPIO15 via zonecs | – |",
		"| drop | pn5180 | SPI1.2 | zonecs output 17 (SPI1.2 via 74HC154) | 2MHz | zr1.A1 |",
		"| zonecs | SPI1.2 (GPIO16) | GPIO13, GPIO23, GPIO25, GPIO27, GPIO14 | GPIO15 | seat0.wall (0), seat0.hand (1),",
		"deadwall (16), drop (17) |",
		"Fields held on while their zone is read (one antenna, one zone each): deadwall, drop, seat0.discards,",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the wiring lacks %q:\n%s", want, w)
		}
	}
	if strings.Contains(w, "### Antenna multiplexers") {
		t.Error("an empty table of antenna multiplexers")
	}
	svg := p.SVG()
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
	for _, want := range []string{"seat2.melds: pn5180, zonecs output 10 at 2MHz", "reset zr0.B2, BUSY GPIO15 via zonecs, held", "GPIO25 out decoder zonecs address 2", "GPIO15 in  decoder zonecs BUSY (mux)", "decoder zonecs: SPI1.2 CS", "address GPIO13 GPIO23 GPIO25 GPIO27 GPIO14", "BUSY mux (2×CD74HC4067) → GPIO15"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the diagram lacks %q", want)
		}
	}
}
