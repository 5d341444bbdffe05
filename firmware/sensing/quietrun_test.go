package sensing_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
)

// timedField is a simulated zone's held field whose every exchange takes
// its radio and SPI time on the clock (the bubble's, under synctest). The
// surface is shared by every zone's goroutine, so it is used under mu.
type timedField struct {
	h    *players.HeldZone
	mu   *sync.Mutex
	fail error
	log  *fieldLog
}

// fieldLog counts the exchanges in flight at once and each zone's steps.
type fieldLog struct {
	mu            sync.Mutex
	inFlight, max int
	polls         map[sensing.Zone]int
}

func (f *timedField) do(ctx context.Context, z sensing.Zone, poll bool, x func() error) error {
	f.log.mu.Lock()
	f.log.inFlight++
	f.log.max = max(f.log.max, f.log.inFlight)
	if poll {
		f.log.polls[z]++
	}
	f.log.mu.Unlock()
	defer func() {
		f.log.mu.Lock()
		f.log.inFlight--
		f.log.mu.Unlock()
	}()
	f.mu.Lock()
	f.h.Spent = 0
	err := x()
	took := f.h.Spent
	f.mu.Unlock()
	if f.fail != nil {
		took, err = 5*time.Millisecond, f.fail
	}
	if serr := clock.Sleep(ctx, clock.Real{}, took); serr != nil {
		return serr
	}
	return err
}

type zoneField struct {
	*timedField
	zone sensing.Zone
}

func (f zoneField) Poll(ctx context.Context) (out []rfid.UID, err error) {
	err = f.do(ctx, f.zone, true, func() error { out, err = f.h.Poll(ctx); return err })
	return out, err
}

func (f zoneField) StayQuiet(ctx context.Context, u rfid.UID) error {
	return f.do(ctx, f.zone, false, func() error { return f.h.StayQuiet(ctx, u) })
}

func (f zoneField) ResetToReady(ctx context.Context, u rfid.UID) (ok bool, err error) {
	err = f.do(ctx, f.zone, false, func() error { ok, err = f.h.ResetToReady(ctx, u); return err })
	return ok, err
}

func (f zoneField) WakeAll(ctx context.Context) error {
	return f.do(ctx, f.zone, false, func() error { return f.h.WakeAll(ctx) })
}

// quietTable deals a hand, lays the dealt hands on the simulated surface
// and returns a QuietZone per zone of the table over it.
func quietTable(t *testing.T, failing sensing.Zone, fail error) (*sensing.Sensor, *players.Surface, map[sensing.Zone][]rfid.UID, []*sensing.QuietZone, *fieldLog) {
	g, sn, tb := dealFastWith(t, 3, nil)
	h := g.Hand()
	surf := tb.Surface()
	hands := map[sensing.Zone][]rfid.UID{}
	for s := range game.Seat(h.Players) {
		z := sensing.SeatZone(s, sensing.Hand)
		for _, tl := range h.Seats[s].Hand {
			surf.Put(tb.UID(tl), z.String())
			hands[z] = append(hands[z], tb.UID(tl))
		}
	}
	log := &fieldLog{polls: map[sensing.Zone]int{}}
	var mu sync.Mutex
	var zones []*sensing.QuietZone
	for _, z := range sensing.TableZones(h.Players) {
		f := zoneField{&timedField{h: surf.Held(z.String()), mu: &mu, log: log}, z}
		if z == failing {
			f.fail = fail
		}
		zones = append(zones, sensing.NewQuietZone(z, f, time.Now()))
	}
	return sn, surf, hands, zones, log
}

// TestRunQuietQuietsTheHands: with a goroutine per zone, every zone's
// field works at once; within a second of the bubble's fake time the
// dealt hands are heard, placed and told to stay quiet, and the hands'
// polls then go on at about 2 ms each.
func TestRunQuietQuietsTheHands(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sn, surf, hands, zones, log := quietTable(t, sensing.Zone{}, nil)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		err := sensing.RunQuiet(ctx, clock.Real{}, sn, zones, nil, func(sensing.Output) {})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("RunQuiet returned %v, want the context's end", err)
		}
		if log.inFlight != 0 {
			t.Errorf("%d exchanges still running after RunQuiet returned", log.inFlight)
		}
		if log.max != len(zones) {
			t.Errorf("at most %d zones' exchanges at once, want %d", log.max, len(zones))
		}
		for z, uids := range hands {
			for _, u := range uids {
				if sn.Where(u) != z || !surf.Quiet(z.String(), u) {
					t.Errorf("tile %s: placed in %s, quiet in %s %v", u, sn.Where(u), z, surf.Quiet(z.String(), u))
				}
			}
			// Two reads of 13 tiles and 13 Stay Quiet frames take under
			// 0.4 s; the rest of the second is polls of 2 ms.
			if n := log.polls[z]; n < 250 {
				t.Errorf("zone %s polled %d times in a second; want about 300", z, n)
			}
		}
	})
}

// TestRunQuietFailingZone: a zone whose field fails every step is logged
// and retried while the others go on; after ReaderFailures steps in a row
// RunQuiet ends with an error naming the zone and wrapping the cause, and
// every zone's goroutine has ended (the bubble would report one left
// blocked).
func TestRunQuietFailingZone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		bad := sensing.SeatZone(2, sensing.Discards)
		dead := errors.New("pn5180 seat2.discards: BUSY stays high")
		sn, _, _, zones, log := quietTable(t, bad, dead)
		start := time.Now()
		err := sensing.RunQuiet(context.Background(), clock.Real{}, sn, zones, nil, func(sensing.Output) {})
		took := time.Since(start)
		if !errors.Is(err, dead) || !strings.Contains(err.Error(), "zone seat2.discards") {
			t.Fatalf("RunQuiet returned %v, want the failing zone's error naming it", err)
		}
		if n := log.polls[bad]; n != sensing.ReaderFailures {
			t.Errorf("the failing zone tried %d polls, want %d", n, sensing.ReaderFailures)
		}
		// Five failed steps of 5 ms and 10 ms of retry each: 75 ms.
		if want := 75 * time.Millisecond; took != want {
			t.Errorf("RunQuiet gave up after %v, want %v", took, want)
		}
		if n := log.polls[sensing.SeatZone(0, sensing.Discards)]; n < 5 {
			t.Errorf("another zone polled %d times meanwhile", n)
		}
	})
}

// TestRunQuietGap: with a Gap, a zone where no tile is expected (a wall,
// Idle) waits it out before each poll, while the acting seat's hand (Hot)
// polls as before: zone readers sharing one SPI bus leave it to the
// zones where tiles are due.
func TestRunQuietGap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sn, _, _, zones, log := quietTable(t, sensing.Zone{}, nil)
		const gap = 20 * time.Millisecond
		for _, q := range zones {
			q.Gap = gap
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if err := sensing.RunQuiet(ctx, clock.Real{}, sn, zones, nil, func(sensing.Output) {}); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("RunQuiet returned %v, want the context's end", err)
		}
		// Nobody moved: the acting seat's hand was Hot all along, once the
		// dealt hands were read and placed.
		var wall, hot sensing.Zone
		for z, f := range sn.Focus() {
			switch {
			case f == sensing.Idle && z.Area == sensing.Wall:
				wall = z
			case f == sensing.Hot && z.Area == sensing.Hand:
				hot = z
			}
		}
		if wall == (sensing.Zone{}) || hot == (sensing.Zone{}) {
			t.Fatalf("no idle wall or hot hand in the focus %v", sn.Focus())
		}
		// A wall's poll of 2 ms after each 20 ms gap: at most 46 in a
		// second (its first full read and Stay Quiet frames take more).
		if n := log.polls[wall]; n > 46 || n < 10 {
			t.Errorf("the idle wall %s polled %d times in a second with a %v gap; want 10–46", wall, n, gap)
		}
		if n := log.polls[hot]; n < 250 {
			t.Errorf("the hot hand %s polled %d times in a second; want about 300, as without a gap", hot, n)
		}
	})
}
