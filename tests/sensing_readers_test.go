package tests

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/firmware/sensing"
	"jantaku/firmware/sensing/sensingtest"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// perSeatApart is the reader-per-seat profile for a table whose seat
// readers' fields do not reach each other's antennas: no lockstep group,
// and a BUSY line each on the rfio expander.
func perSeatApart(t *testing.T) *profile.Profile {
	text := string(profile.PerSeatYAML())
	text = strings.Replace(text, "lockstep:\n  - [seat0, seat1, seat2, seat3]\n", "", 1)
	for i, pin := range []string{"rfio.A4", "rfio.A5", "rfio.A6", "rfio.A7"} {
		text = strings.Replace(text, fmt.Sprintf("busy: GPIO27, reset: io1.B%d", 4+i), fmt.Sprintf("busy: %s, reset: io1.B%d", pin, 4+i), 1)
	}
	p, err := profile.Parse("apart.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// seatBoard opens p's board on emulated chips, with one tag on each seat
// reader's hand antenna, and returns its surface and the seat readers'
// emulators.
func seatBoard(t *testing.T, p *profile.Profile) (*sensing.Surface, map[string]uint64, *boardtest.Rig) {
	rig, surf := boardSurface(t, p, false)
	tags := map[string]uint64{}
	for s := range 4 {
		n := fmt.Sprintf("seat%d", s)
		uid := 0xE004015A00120300 + uint64(s)
		tags[n] = uid
		rig.PN5180[n].SetTags(1, &iso15693.Tag{UID: uid})
	}
	return surf, tags, rig
}

// readAll inventories every seat's hand at once, from four goroutines,
// and returns how many seat readers had their field on together at most
// (sampled whenever every goroutine waited), the time it took, and the
// tags each read.
func readAll(t *testing.T, surf *sensing.Surface, rig *boardtest.Rig) (int, time.Duration, map[string][]rfid.UID) {
	var mu sync.Mutex
	got := map[string][]rfid.UID{}
	var wg sync.WaitGroup
	start := time.Now()
	var end time.Time
	for s := range 4 {
		wg.Go(func() {
			z := sensing.SeatZone(game.Seat(s), sensing.Hand)
			uids, err := surf.Inventory(context.Background(), z)
			if err != nil {
				t.Errorf("reading %s: %v", z, err)
			}
			mu.Lock()
			got[z.String()] = uids
			end = time.Now()
			mu.Unlock()
		})
	}
	most := 0
	for range 20 {
		synctest.Wait()
		on := 0
		for s := range 4 {
			if rig.PN5180[fmt.Sprintf("seat%d", s)].RFOn() {
				on++
			}
		}
		most = max(most, on)
		time.Sleep(200 * time.Microsecond)
	}
	wg.Wait()
	return most, end.Sub(start), got
}

// TestSeatReadersOnBoard: through the board's code, the PN5180 driver and
// emulated chips, the four seat readers of a table whose fields do not
// reach each other read at once: all four fields are on together and four
// inventories take the time of one (its 1 ms of field settling and the
// slots' air time, on the bubble's fake clock). With the seat readers in one
// lockstep group (profile.PerSeat) they take turns, one field at a time,
// until a driver runs the group in lockstep frames. Each reads its own
// hand's tag either way.
func TestSeatReadersOnBoard(t *testing.T) {
	for _, c := range []struct {
		name    string
		p       func(*testing.T) *profile.Profile
		readers int
		fields  int
	}{
		{"apart", perSeatApart, 4, 4},
		{"lockstep", func(*testing.T) *profile.Profile { return profile.PerSeat() }, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				surf, tags, rig := seatBoard(t, c.p(t))
				if n := len(surf.Readers()); n != c.readers {
					t.Errorf("%d readers to run, want %d", n, c.readers)
				}
				// One inventory alone, each hand holding one tag.
				t0 := time.Now()
				if _, err := surf.Inventory(context.Background(), sensing.SeatZone(0, sensing.Hand)); err != nil {
					t.Fatal(err)
				}
				one := time.Since(t0)
				most, took, got := readAll(t, surf, rig)
				if most != c.fields {
					t.Errorf("%d seat readers had their field on at once, want %d", most, c.fields)
				}
				// At once, the four take the time of one; one after
				// another, four times that.
				if want := time.Duration(4/c.fields) * one; took < want || took > want+500*time.Microsecond {
					t.Errorf("four inventories took %v, want %v (one alone: %v)", took, want, one)
				}
				for s := range 4 {
					z := fmt.Sprintf("seat%d.hand", s)
					want := iso15693.UID(tags[fmt.Sprintf("seat%d", s)])
					if len(got[z]) != 1 || got[z][0] != want {
						t.Errorf("%s read %v, want [%s]", z, got[z], want)
					}
				}
			})
		})
	}
}

// TestSeatReaderFailsOnBoard: one seat reader stops answering (its module
// unplugged) while the table is sensed through RunReaders on the board:
// the others go on reading, and RunReaders ends with an error naming the
// reader and a zone of its own, with every reader's goroutine ended.
func TestSeatReaderFailsOnBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := perSeatApart(t)
		surf, _, rig := seatBoard(t, p)
		_, _, sn := riichiSensed(t, time.Now())
		rig.PN5180["seat2"].Absent = true
		before := map[string]int{}
		for s := range 4 {
			before[fmt.Sprintf("seat%d", s)] = rig.PN5180[fmt.Sprintf("seat%d", s)].Frames()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := sensing.RunReaders(ctx, clock.Real{}, sn, surf.Readers(), nil, func(sensing.Output) {})
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("RunReaders returned %v, want the unplugged reader's failure", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "reader seat2") || !strings.Contains(msg, "zone seat2.") && !strings.Contains(msg, "zone drop") {
			t.Errorf("error %q does not name reader seat2 and one of its zones", msg)
		}
		for _, n := range []string{"seat0", "seat1", "seat3"} {
			if f := rig.PN5180[n].Frames() - before[n]; f < 4*66 {
				t.Errorf("reader %s sent %d SPI frames while seat2 failed, want at least four inventories' (%d)", n, f, 4*66)
			}
		}
	})
}

// riichiSensed deals riichi hand seed 22 to simulated players at the
// human pace, from start, and a sensor following it.
func riichiSensed(t testing.TB, start time.Time) (*players.Table, *tablecore.Game, *sensing.Sensor) {
	t.Helper()
	return riichiSensedBy(t, start, players.Human, nil)
}

// riichiSensedBy is riichiSensed at the players' pace, its sensor's
// referee wrapped by wrap when it is not nil.
func riichiSensedBy(t testing.TB, start time.Time, pace players.Pace, wrap func(sensing.Referee) sensing.Referee) (*players.Table, *tablecore.Game, *sensing.Sensor) {
	t.Helper()
	build := func() (game.Ruleset, error) { return rulesets.New("riichi", nil) }
	tb, err := players.New(players.Config{Ruleset: build, Seed: 22, Pace: pace}, start)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := build()
	g, walls, err := sensingtest.Deal(tb, rs)
	if err != nil {
		t.Fatal(err)
	}
	ref := sensing.GameReferee(g)
	if wrap != nil {
		ref = wrap(ref)
	}
	sn := sensing.New(sensing.Config{}, ref)
	sn.StartHand(sensing.Layout{Tags: tb.Tags(), Walls: walls})
	return tb, g, sn
}
