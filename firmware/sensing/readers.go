package sensing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"jantaku/drivers/clock"
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
	ws := make([]worker[Zone], len(readers))
	for i, r := range readers {
		ws[i] = worker[Zone]{
			name: "reader " + r.Name,
			next: func(now time.Time, focus func() map[Zone]int) Zone {
				r.Sched.Focus(focus())
				return r.Sched.Next(now)
			},
			do: func(ctx context.Context, z Zone) (Read, error) {
				uids, err := r.Ant.Inventory(ctx, z)
				return Read{Zone: z, UIDs: uids}, err
			},
			done: func(z Zone, at time.Time) { r.Sched.Done(z, at) },
		}
	}
	return runWorkers(ctx, clk, s, ws, in, emit)
}

// worker is one of runWorkers' goroutines, each with one job at a time:
// next (on the goroutine that owns the sensor) says what its next job is,
// do (on the worker's own goroutine) does it and returns the read it
// made, its Zone set even when it failed; done, if not nil, is told of
// each job ended (on the owner's goroutine).
type worker[J any] struct {
	name string
	next func(now time.Time, focus func() map[Zone]int) J
	do   func(ctx context.Context, j J) (Read, error)
	done func(j J, at time.Time)
}

// result is a job a worker finished.
type result[J any] struct {
	worker int
	job    J
	read   Read
	err    error
	at     time.Time
}

// runWorkers is the loop of RunReaders and RunQuiet: it gives every idle
// worker its next job, takes inputs between reads, and hands the reads to
// s in the order they end (a read begun before the latest hand started
// belongs to the hand before and is not observed). A worker failing
// ReaderFailures jobs in a row ends it with an error naming the worker.
func runWorkers[J any](ctx context.Context, clk clock.Clock, s *Sensor, ws []worker[J], in <-chan Input, emit func(Output)) error {
	rctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	// A worker has one job at a time; results has room for every
	// worker's, so no worker waits on the owner to hand it over.
	jobs := make([]chan J, len(ws))
	results := make(chan result[J], len(ws))
	for i, w := range ws {
		jobs[i] = make(chan J, 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var j J
				select {
				case <-rctx.Done():
					return
				case j = <-jobs[i]:
				}
				r, err := w.do(rctx, j)
				if rctx.Err() != nil {
					return
				}
				res := result[J]{worker: i, job: j, read: r, err: err, at: clk.Now()}
				if err != nil && clock.Sleep(rctx, clk, readerRetry) != nil {
					return
				}
				results <- res
			}
		}()
	}
	busy := make([]bool, len(ws))
	failed := make([]int, len(ws))
	hand, began := 0, make([]int, len(ws))
	var last time.Time
	dispatch := func() {
		if s.loc == nil {
			return
		}
		var w map[Zone]int
		focus := func() map[Zone]int {
			if w == nil {
				w = s.Focus()
			}
			return w
		}
		now := clk.Now()
		for i := range ws {
			if !busy[i] {
				busy[i], began[i] = true, hand
				jobs[i] <- ws[i].next(now, focus)
			}
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
			busy[res.worker] = false
			w := ws[res.worker]
			// Reads go to the sensor in time order, whichever goroutine
			// got to the channel first.
			at := res.at
			if at.Before(last) {
				at = last
			}
			last = at
			if w.done != nil {
				w.done(res.job, at)
			}
			z := res.read.Zone
			if res.err != nil {
				failed[res.worker]++
				s.log.Warn("sensing: read failed", "by", w.name, "zone", z.String(), "in_a_row", failed[res.worker], "err", res.err)
				if failed[res.worker] >= ReaderFailures {
					return fmt.Errorf("sensing: %s failed %d reads in a row, the last of zone %s: %w", w.name, failed[res.worker], z, res.err)
				}
				continue
			}
			failed[res.worker] = 0
			if s.loc == nil || began[res.worker] != hand {
				continue
			}
			res.read.At = at
			take(s.Observe(ctx, res.read))
			take(s.Tick(ctx, at))
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
