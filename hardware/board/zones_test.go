package board_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
)

// zoneTags puts one tag of its own on each zone reader's emulated chip
// and returns them by zone.
func zoneTags(p *profile.Profile, r *boardtest.Rig) map[string]rfid.UID {
	want := map[string]rfid.UID{}
	for i, z := range sortedZones(p) {
		uid := 0xE004015A00330000 + uint64(i)<<8 + uint64(i)
		r.PN5180[z].SetTags(0, &iso15693.Tag{UID: uid})
		want[z] = iso15693.UID(uid)
	}
	return want
}

func sortedZones(p *profile.Profile) []string {
	var zs []string
	for z := range p.Zones {
		zs = append(zs, z)
	}
	slices.Sort(zs)
	return zs
}

// frames returns every zone chip's SPI frames so far.
func frames(p *profile.Profile, r *boardtest.Rig) map[string]int {
	f := map[string]int{}
	for z := range p.Zones {
		f[z] = r.PN5180[z].Frames()
	}
	return f
}

// TestOpenZonesProfile: the reader-per-zone board opens its 22 readers
// through the real board code; the 18 zone readers share SPI1.2 through
// the emulated 74HC154s, and each reads its own zone's tag and no
// other's: the address lines the board drives route every frame, and
// every BUSY read, to the reader's own chip. No chip sees a frame while
// another is addressed, none while its BUSY is high, and no frame goes
// to an output without a chip.
func TestOpenZonesProfile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Zones()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if len(b.Readers) != 22 {
			t.Fatalf("opened %d readers, want 22", len(b.Readers))
		}
		if f := r.SPIClock("SPI1.2"); f != 2*physic.MegaHertz {
			t.Errorf("the decoder's port at %v, want SPI1's 2MHz", f)
		}
		want := zoneTags(p, r)
		for _, z := range sortedZones(p) {
			before := frames(p, r)
			got, err := b.Readers[z].(rfid.MultiReader).Inventory(t.Context())
			if err != nil || !slices.Equal(got, []rfid.UID{want[z]}) {
				t.Errorf("zone %s read %v, %v; want its own tag %s", z, got, err, want[z])
			}
			after := frames(p, r)
			for o := range p.Zones {
				if d := after[o] - before[o]; (d > 0) != (o == z) {
					t.Errorf("reading zone %s: chip %s saw %d frames", z, o, d)
				}
			}
			// The address lines hold the zone's output, bit 0 first.
			out := p.Readers[z].Output
			for i, a := range p.Decoders["zonecs"].Address {
				if r.High(a) != (out>>i&1 == 1) {
					t.Errorf("after reading zone %s (output %d): address line %d (%s) high %v", z, out, i, a, r.High(a))
				}
			}
		}
		for n, c := range r.PN5180 {
			if v := c.Violations(); v != 0 {
				t.Errorf("chip %s: %d frames sent while BUSY was high or in reset", n, v)
			}
		}
		for out := 18; out < 32; out++ {
			if n := r.DecoderFrames("zonecs", out); n != 0 {
				t.Errorf("%d frames to output %d, which has no reader", n, out)
			}
		}
		// The gate readers keep their own ports.
		r.PN5180["inline2"].SetTags(0, &iso15693.Tag{UID: 0xE004015A00000202})
		if uid, err := b.Readers["inline2"].ReadUID(t.Context(), 0); err != nil || uid != "E004015A00000202" {
			t.Errorf("inline2 read %q, %v", uid, err)
		}
		// The zones read through sensing as any surface's.
		surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := surf.Inventory(t.Context(), sensing.SeatZone(2, sensing.Discards)); err != nil || !slices.Equal(got, []rfid.UID{want["seat2.discards"]}) {
			t.Errorf("sensing reads seat2.discards as %v, %v", got, err)
		}
		if err := b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		for n := range p.Zones {
			if r.PN5180[n].RFOn() {
				t.Errorf("zone %s's field on after Close", n)
			}
		}
	})
}

// TestZonesAtOnce: the 18 zone readers hold their fields and read from
// 18 goroutines at once, their chips taking their air time on the
// bubble's clock, so that the driver leaves the bus to the others while
// its radio works. Frames interleave on the one port; each zone still
// reads its own tag only, and no frame reaches a chip whose BUSY is
// high (run with -race).
func TestZonesAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Zones()
		r := newRig(t, p)
		for z := range p.Zones {
			r.PN5180[z].Clock = clock.Real{}
		}
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		want := zoneTags(p, r)
		var mu sync.Mutex
		got := map[string][][]rfid.UID{}
		var wg sync.WaitGroup
		start := time.Now()
		for z := range p.Zones {
			wg.Go(func() {
				d := b.Readers[z].(*pn5180.Dev)
				if err := d.HoldField(context.Background()); err != nil {
					t.Errorf("zone %s: holding the field: %v", z, err)
					return
				}
				for range 3 {
					uids, err := d.Inventory(context.Background())
					if err != nil {
						t.Errorf("zone %s: %v", z, err)
					}
					mu.Lock()
					got[z] = append(got[z], uids)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		// The radios work at once: the reads took less than their air
		// time end to end.
		var air time.Duration
		for z := range p.Zones {
			air += r.PN5180[z].Airtime()
		}
		if took := time.Since(start); took > air/4 {
			t.Errorf("18 zones read at once in %v, for %v of air time in all: the readers took turns", took, air)
		} else {
			t.Logf("18 zones read at once in %v, for %v of air time in all", took, air)
		}
		for z := range p.Zones {
			if len(got[z]) != 3 {
				t.Errorf("zone %s: %d reads", z, len(got[z]))
			}
			for _, uids := range got[z] {
				if !slices.Equal(uids, []rfid.UID{want[z]}) {
					t.Errorf("zone %s read %v, want its own tag %s", z, uids, want[z])
				}
			}
			if !r.PN5180[z].RFOn() {
				t.Errorf("zone %s: field not held", z)
			}
			if v := r.PN5180[z].Violations(); v != 0 {
				t.Errorf("zone %s: %d frames sent while BUSY was high or in reset", z, v)
			}
		}
	})
}

// stuckLine is a Pi line whose driver is dead: it stays at L whatever
// the board writes.
type stuckLine struct{ gpiotest.Pin }

func (s *stuckLine) Out(gpio.Level) error { return nil }

// TestZonesStuckAddressLine: with address line 2 (GPIO25) stuck, the
// frames of half the zone readers reach another output: a chip of
// another zone, or none. Each reader comes up with the chips it could
// reach wrongly held in reset, so those readers fail to open, by name,
// and the board does not open: no zone reads another's tags as its own.
func TestZonesStuckAddressLine(t *testing.T) {
	for _, stuck := range []gpio.Level{gpio.Low, gpio.High} {
		t.Run(fmt.Sprintf("stuck %v", stuck), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p := profile.Zones()
				r := newRig(t, p, "GPIO25")
				line := &stuckLine{gpiotest.Pin{N: "GPIO25", Num: 25, L: stuck}}
				if err := gpioreg.Register(line); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = gpioreg.Unregister("GPIO25") })
				zoneTags(p, r)
				b, err := board.New(p, board.Options{})
				if err == nil {
					b.Close()
					t.Fatal("the board opened with an address line stuck")
				}
				msg := err.Error()
				for z := range p.Zones {
					out := p.Readers[z].Output
					wrong := (out>>2&1 == 1) != (stuck == gpio.High) // needs the line the other way
					named := strings.Contains(msg, "reader "+z+": on zonecs output")
					if named != wrong {
						t.Errorf("output %d (%s) with GPIO25 stuck %v: named in the error %v, want %v", out, z, stuck, named, wrong)
					}
				}
				if !strings.Contains(msg, "reader seat1.hand: on zonecs output 5 (SPI1.2 via 74HC154)") && stuck == gpio.Low {
					t.Errorf("the error does not say where seat1.hand is:\n%s", msg)
				}
				if !strings.Contains(msg, "check the decoder's address lines") {
					t.Errorf("the error does not say what to check:\n%s", msg)
				}
				t.Log(msg)
			})
		})
	}
}

// A missing decoder port is the decoder's error, once, not each reader's.
func TestZonesMissingPort(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Zones()
		newRig(t, p, "SPI1.2")
		_, err := board.New(p, board.Options{})
		if err == nil {
			t.Fatal("opened a board without SPI1.2")
		}
		msg := err.Error()
		if !strings.Contains(msg, "1 part(s)") || !strings.Contains(msg, "decoder zonecs: SPI port SPI1.2 not found") {
			t.Errorf("error:\n%s", msg)
		}
	})
}

// TestZonesAddressLineFailsAfterOpening: an address line that sticks low
// once the board is open sends the frames of every reader whose output
// has that bit to the chip of another zone, which answers as its own
// would. Each zone reader reads its chip's die identifier again every
// die_check (500 ms), and from then on fails with ErrWrongChip, naming
// itself, instead of reading the other zone's tiles; the readers the
// line does not route keep reading their own tiles.
func TestZonesAddressLineFailsAfterOpening(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		p := profile.Zones()
		r := newRig(t, p, "GPIO25")
		line := &boardtest.FailingLine{Pin: gpiotest.Pin{N: "GPIO25", Num: 25}}
		if err := gpioreg.Register(line); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = gpioreg.Unregister("GPIO25") })
		want := zoneTags(p, r)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		poll := func(z string) ([]rfid.UID, error) { return b.Readers[z].(*pn5180.Dev).Poll(ctx) }
		for _, z := range sortedZones(p) {
			if err := b.Readers[z].(*pn5180.Dev).HoldField(ctx); err != nil {
				t.Fatal(err)
			}
			if got, err := poll(z); err != nil || !slices.Equal(got, []rfid.UID{want[z]}) {
				t.Fatalf("%s before the fault: %v, %v; want its own tag %v", z, got, err, want[z])
			}
		}
		line.Fail(gpio.Low)
		time.Sleep(500 * time.Millisecond)
		routed := 0
		for _, z := range sortedZones(p) {
			got, err := poll(z)
			if p.Readers[z].Output>>2&1 == 0 {
				if err != nil || !slices.Equal(got, []rfid.UID{want[z]}) {
					t.Errorf("%s (output %d, bit 2 clear): %v, %v; want its own tag %v", z, p.Readers[z].Output, got, err, want[z])
				}
				continue
			}
			routed++
			if !errors.Is(err, pn5180.ErrWrongChip) || got != nil || !strings.Contains(err.Error(), "pn5180 "+z+":") {
				t.Errorf("%s (output %d) with GPIO25 stuck low: %v, %v; want ErrWrongChip naming it", z, p.Readers[z].Output, got, err)
			}
		}
		if routed != 8 {
			t.Errorf("%d readers have bit 2 in their output, want 8", routed)
		}
	})
}

// TestZonesRecordedDieIDs: with each reader's die identifier recorded in
// the profile, the board opens; with two zones' modules swapped (their
// recorded identifiers exchanged), it refuses, naming both readers.
func TestZonesRecordedDieIDs(t *testing.T) {
	for _, swapped := range []bool{false, true} {
		t.Run(fmt.Sprintf("swapped %v", swapped), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p := profile.Zones()
				r := newRig(t, p)
				zoneTags(p, r)
				for z, c := range r.PN5180 {
					rd := p.Readers[z]
					rd.DieID = fmt.Sprintf("%x", c.DieID)
					p.Readers[z] = rd
				}
				if swapped {
					a, b := p.Readers["seat0.hand"], p.Readers["seat2.hand"]
					a.DieID, b.DieID = b.DieID, a.DieID
					p.Readers["seat0.hand"], p.Readers["seat2.hand"] = a, b
				}
				b, err := board.New(p, board.Options{})
				if !swapped {
					if err != nil {
						t.Fatal(err)
					}
					b.Close()
					return
				}
				if err == nil {
					b.Close()
					t.Fatal("the board opened with two zones' modules swapped")
				}
				for _, z := range []string{"seat0.hand", "seat2.hand"} {
					if !strings.Contains(err.Error(), "reader "+z+": on zonecs output") {
						t.Errorf("the error does not name %s as another chip:\n%v", z, err)
					}
				}
				if n := strings.Count(err.Error(), "not the chip its die_id records"); n != 2 {
					t.Errorf("%d readers refused, want 2:\n%v", n, err)
				}
			})
		})
	}
}
