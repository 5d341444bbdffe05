package sensing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
)

// Reader is one of several surface readers working at once (RunReaders):
// its name, the antennas it reads, and its own schedule over the zones it
// serves (a seat's wall, hand, melds and pond; the dead wall and the drop
// hole on one of them).
type Reader struct {
	Name  string
	Ant   Antennas
	Sched *Schedule
}

// ReaderFailures is how many reads in a row one reader of RunReaders may
// fail before RunReaders gives up: a transient SPI error is retried, a
// dead reader ends the loop with an error naming it, since its zones
// would never be read again.
const ReaderFailures = 5

// readerRetry is how long a reader waits after a failed read, as Run.
const readerRetry = 10 * time.Millisecond

// readResult is one inventory a reader finished.
type readResult struct {
	reader int
	zone   Zone
	uids   []rfid.UID
	err    error
	at     time.Time
}

// RunReaders is Run with several surface readers reading at once, each
// over the zones of its own schedule: every reader is given its next zone
// as soon as its last read is in, reads it in a goroutine of its own, and
// the reads are handed to s in the order they complete (s and the
// schedules stay owned by the calling goroutine). Inputs are taken
// between reads, as in Run. A failed read is logged with its reader and
// zone and the reader tries its next zone 10 ms later; a reader failing
// ReaderFailures reads in a row ends RunReaders with an error naming it.
// RunReaders returns when ctx is done or a reader has failed, after every
// reader's goroutine has ended.
func RunReaders(ctx context.Context, clk clock.Clock, s *Sensor, readers []Reader, in <-chan Input, emit func(Output)) error {
	if err := checkReaders(readers); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	// A reader has one zone to read at a time; results has room for
	// every reader's, so no reader waits on the owner to hand it over.
	jobs := make([]chan Zone, len(readers))
	results := make(chan readResult, len(readers))
	for i, r := range readers {
		jobs[i] = make(chan Zone, 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			readLoop(rctx, clk, i, r.Ant, jobs[i], results)
		}()
	}
	busy := make([]bool, len(readers))
	failed := make([]int, len(readers))
	// A read begun before the latest hand started belongs to the hand
	// before: it is not observed.
	hand, began := 0, make([]int, len(readers))
	var last time.Time
	dispatch := func() {
		if s.loc == nil {
			return
		}
		var w map[Zone]int
		now := clk.Now()
		for i, r := range readers {
			if busy[i] {
				continue
			}
			if w == nil {
				w = s.Focus()
			}
			r.Sched.Focus(w)
			busy[i], began[i] = true, hand
			jobs[i] <- r.Sched.Next(now)
		}
	}
	take := func(outs []Output) {
		for _, o := range outs {
			emit(o)
		}
	}
	for {
		dispatch()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case i := <-in:
			if i.Hand != nil {
				hand++
			}
			take(s.input(ctx, clk, i))
		case res := <-results:
			busy[res.reader] = false
			r := readers[res.reader]
			// Reads go to the sensor in time order, whichever goroutine
			// got to the channel first.
			at := res.at
			if at.Before(last) {
				at = last
			}
			last = at
			r.Sched.Done(res.zone, at)
			if res.err != nil {
				failed[res.reader]++
				s.log.Warn("sensing: read failed", "reader", r.Name, "zone", res.zone.String(), "in_a_row", failed[res.reader], "err", res.err)
				if failed[res.reader] >= ReaderFailures {
					return fmt.Errorf("sensing: reader %s failed %d reads in a row, the last of zone %s: %w", r.Name, failed[res.reader], res.zone, res.err)
				}
				continue
			}
			failed[res.reader] = 0
			if s.loc == nil || began[res.reader] != hand {
				continue
			}
			take(s.Observe(ctx, Read{Zone: res.zone, At: at, UIDs: res.uids}))
			take(s.Tick(ctx, at))
		}
	}
}

// readLoop is one reader's goroutine: it reads each zone it is given and
// hands the result back, until ctx is done.
func readLoop(ctx context.Context, clk clock.Clock, i int, ant Antennas, jobs <-chan Zone, results chan<- readResult) {
	for {
		var z Zone
		select {
		case <-ctx.Done():
			return
		case z = <-jobs:
		}
		uids, err := ant.Inventory(ctx, z)
		if ctx.Err() != nil {
			return
		}
		res := readResult{reader: i, zone: z, uids: uids, err: err, at: clk.Now()}
		if err != nil && clock.Sleep(ctx, clk, readerRetry) != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case results <- res:
		}
	}
}

// checkReaders refuses a set of readers RunReaders cannot run: none, one
// without antennas or a schedule, or a zone two readers would read.
func checkReaders(readers []Reader) error {
	if len(readers) == 0 {
		return errors.New("sensing: no surface reader to run")
	}
	var errs []error
	by := map[Zone]string{}
	for i, r := range readers {
		name := r.Name
		if name == "" {
			name = "#" + strconv.Itoa(i)
		}
		if r.Ant == nil || r.Sched == nil {
			errs = append(errs, fmt.Errorf("sensing: reader %s has no antennas or no schedule", name))
			continue
		}
		if len(r.Sched.Zones()) == 0 {
			errs = append(errs, fmt.Errorf("sensing: reader %s has no zone to read", name))
		}
		for _, z := range r.Sched.Zones() {
			if o, ok := by[z]; ok {
				errs = append(errs, fmt.Errorf("sensing: zone %s is scheduled on readers %s and %s", z, o, name))
			}
			by[z] = name
		}
	}
	return errors.Join(errs...)
}

// input takes one input of the sensing loop and returns what it led to.
func (s *Sensor) input(ctx context.Context, clk clock.Clock, i Input) []Output {
	switch {
	case i.Hand != nil:
		s.StartHand(*i.Hand)
	case i.Declaration != nil:
		d := *i.Declaration
		if d.At.IsZero() {
			d.At = clk.Now()
		}
		return s.Declare(ctx, d)
	case i.Correction != nil:
		c := *i.Correction
		if c.At.IsZero() {
			c.At = clk.Now()
		}
		return s.Correct(ctx, c)
	}
	return nil
}
