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
	"jantaku/rules/game"
)

// slowAntennas is a reader whose every inventory takes its time on the
// clock (the bubble's, under synctest) and finds nothing, or fails.
type slowAntennas struct {
	name string
	took time.Duration
	fail error
	log  *readLog
}

// readLog records the inventories of every reader.
type readLog struct {
	mu       sync.Mutex
	inFlight int
	most     int // inventories in flight at once, at most
	reads    map[string][]sensing.Zone
}

func (a *slowAntennas) Inventory(ctx context.Context, z sensing.Zone) ([]rfid.UID, error) {
	l := a.log
	l.mu.Lock()
	l.inFlight++
	l.most = max(l.most, l.inFlight)
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		l.inFlight--
		l.mu.Unlock()
	}()
	if err := clock.Sleep(ctx, clock.Real{}, a.took); err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.reads[a.name] = append(l.reads[a.name], z)
	l.mu.Unlock()
	return nil, a.fail
}

// seatReaders returns a reader per seat over that seat's four zones.
func seatReaders(log *readLog, took func(seat int) time.Duration, fail func(seat int) error) []sensing.Reader {
	var out []sensing.Reader
	for s := range 4 {
		var zones []sensing.Zone
		for _, a := range []sensing.Area{sensing.Wall, sensing.Hand, sensing.Melds, sensing.Discards} {
			zones = append(zones, sensing.SeatZone(game.Seat(s), a))
		}
		name := "seat" + string(rune('0'+s))
		out = append(out, sensing.Reader{Name: name, Ant: &slowAntennas{name: name, took: took(s), fail: fail(s), log: log}, Sched: sensing.NewSchedule(zones)})
	}
	return out
}

// TestRunReadersReadAtOnce: four readers of 100 ms inventories read at
// once: in one second of the bubble's fake time each makes its ten reads,
// all four are in an inventory together, and each reads only its own
// zones. One reader at a time would have made ten in all.
func TestRunReadersReadAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, sn := dealFast(t, 3)
		log := &readLog{reads: map[string][]sensing.Zone{}}
		readers := seatReaders(log, func(int) time.Duration { return 100 * time.Millisecond }, func(int) error { return nil })
		ctx, cancel := context.WithTimeout(context.Background(), time.Second+50*time.Millisecond)
		defer cancel()
		err := sensing.RunReaders(ctx, clock.Real{}, sn, readers, nil, func(sensing.Output) {})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("RunReaders returned %v, want the context's end", err)
		}
		if log.inFlight != 0 {
			t.Errorf("%d inventories still running after RunReaders returned", log.inFlight)
		}
		if log.most != 4 {
			t.Errorf("at most %d readers read at once, want 4", log.most)
		}
		for s := range 4 {
			name := "seat" + string(rune('0'+s))
			if n := len(log.reads[name]); n != 10 {
				t.Errorf("reader %s made %d reads in 1.05 s of 100 ms inventories, want 10", name, n)
			}
			for _, z := range log.reads[name] {
				if z.Seat != game.Seat(s) {
					t.Errorf("reader %s read zone %s, not one of its own", name, z)
				}
			}
		}
	})
}

// TestRunReadersFailingReader: a reader whose every read fails is logged
// and retried while the others go on reading; after ReaderFailures reads
// in a row RunReaders ends with an error naming the reader and its zone
// and wrapping the cause, and every reader's goroutine has ended (the
// bubble would report one left blocked).
func TestRunReadersFailingReader(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, sn := dealFast(t, 3)
		log := &readLog{reads: map[string][]sensing.Zone{}}
		dead := errors.New("pn5180 seat2: BUSY stays high")
		readers := seatReaders(log, func(s int) time.Duration {
			if s == 2 {
				return 100 * time.Millisecond
			}
			return 50 * time.Millisecond
		}, func(s int) error {
			if s == 2 {
				return dead
			}
			return nil
		})
		start := time.Now()
		err := sensing.RunReaders(context.Background(), clock.Real{}, sn, readers, nil, func(sensing.Output) {})
		took := time.Since(start)
		if !errors.Is(err, dead) {
			t.Fatalf("RunReaders returned %v, want the failing reader's error", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "reader seat2") || !strings.Contains(msg, "zone seat2.") {
			t.Errorf("error %q does not name the reader and its zone", msg)
		}
		if n := len(log.reads["seat2"]); n != sensing.ReaderFailures {
			t.Errorf("the failing reader tried %d reads, want %d", n, sensing.ReaderFailures)
		}
		// Five failed reads of 100 ms and 10 ms of retry each: 550 ms, in
		// which every other reader makes its 50 ms reads.
		if want := 550 * time.Millisecond; took != want {
			t.Errorf("RunReaders gave up after %v, want %v", took, want)
		}
		for _, s := range []string{"seat0", "seat1", "seat3"} {
			if n := len(log.reads[s]); n < 10 {
				t.Errorf("reader %s made %d reads while seat2 failed, want at least 10", s, n)
			}
		}
		synctest.Wait()
		if log.inFlight != 0 {
			t.Errorf("%d inventories still running after RunReaders returned", log.inFlight)
		}
	})
}

// TestRunReadersWaitsForTheHand: before a hand is dealt nothing is read;
// the hand's input starts every reader, and cancelling the context stops
// them mid-read.
func TestRunReadersWaitsForTheHand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, _ := dealFast(t, 3)
		sn := sensing.New(sensing.Config{}, sensing.GameReferee(g))
		log := &readLog{reads: map[string][]sensing.Zone{}}
		readers := seatReaders(log, func(int) time.Duration { return 100 * time.Millisecond }, func(int) error { return nil })
		in := make(chan sensing.Input, 1)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- sensing.RunReaders(ctx, clock.Real{}, sn, readers, in, func(sensing.Output) {}) }()
		time.Sleep(time.Second)
		synctest.Wait()
		if len(log.reads) != 0 || log.inFlight != 0 {
			t.Fatalf("reads before the hand: %v", log.reads)
		}
		in <- sensing.Input{Hand: &sensing.Layout{}}
		time.Sleep(250 * time.Millisecond)
		synctest.Wait()
		if log.inFlight != 4 {
			t.Errorf("%d readers reading after the hand began, want 4", log.inFlight)
		}
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("RunReaders returned %v, want context.Canceled", err)
		}
		synctest.Wait()
		if log.inFlight != 0 {
			t.Errorf("%d inventories still running after RunReaders returned", log.inFlight)
		}
	})
}

// TestRunReadersRefusesOverlap: a zone scheduled on two readers, or a
// reader with nothing to read, is refused before anything runs.
func TestRunReadersRefusesOverlap(t *testing.T) {
	_, sn := dealFast(t, 3)
	log := &readLog{reads: map[string][]sensing.Zone{}}
	hand := sensing.SeatZone(0, sensing.Hand)
	a := &slowAntennas{name: "a", log: log}
	for _, c := range []struct {
		readers []sensing.Reader
		want    string
	}{
		{nil, "no surface reader"},
		{[]sensing.Reader{{Name: "a", Ant: a, Sched: sensing.NewSchedule([]sensing.Zone{hand})}, {Name: "b", Ant: a, Sched: sensing.NewSchedule([]sensing.Zone{hand})}}, "zone seat0.hand is scheduled on readers a and b"},
		{[]sensing.Reader{{Name: "a", Ant: a, Sched: sensing.NewSchedule(nil)}}, "reader a has no zone"},
		{[]sensing.Reader{{Name: "a", Sched: sensing.NewSchedule([]sensing.Zone{hand})}}, "reader a has no antennas"},
	} {
		err := sensing.RunReaders(context.Background(), clock.Real{}, sn, c.readers, nil, func(sensing.Output) {})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RunReaders(%d readers) = %v, want an error with %q", len(c.readers), err, c.want)
		}
	}
	if len(log.reads) != 0 {
		t.Errorf("refused readers read: %v", log.reads)
	}
}
