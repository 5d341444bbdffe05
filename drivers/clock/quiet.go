package clock

import (
	"math"
	"runtime/metrics"
)

// quietness samples the Go scheduler: the process is quiet when no
// goroutine waits for a CPU, none runs but the caller, and no more are in
// system calls than when it was last quiet. A goroutine the pacer woke and
// has not yet reacted is runnable, running or in a system call (writing
// its journal) until it blocks again, however long a busy machine keeps it
// off the CPU.
type quietness struct {
	// sample returns the goroutines runnable, running and in system
	// calls; ok is false where the runtime does not count them.
	sample func() (runnable, running, sys uint64, ok bool)
	// base is the goroutines in system calls when the process was last
	// quiet: those parked in a long call (waiting on a child process).
	base uint64
	last uint64 // in system calls at the last sample
}

func newQuietness() *quietness {
	s := []metrics.Sample{
		{Name: "/sched/goroutines/runnable:goroutines"},
		{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/goroutines/not-in-go:goroutines"},
	}
	return &quietness{base: math.MaxUint64, sample: func() (uint64, uint64, uint64, bool) {
		metrics.Read(s)
		for _, v := range s {
			if v.Value.Kind() != metrics.KindUint64 {
				return 0, 0, 0, false
			}
		}
		return s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64(), true
	}}
}

// quiet reports whether the process is quiet now.
func (q *quietness) quiet() bool {
	runnable, running, sys, ok := q.sample()
	if !ok {
		return true // a runtime without the counts: the settle time alone
	}
	q.last = sys
	if runnable > 0 || running > 1 || sys > q.base { // running: the caller and others
		return false
	}
	q.base = sys
	return true
}

// forced takes the goroutines in system calls now as parked there: the
// pacer waited as long as it may, and a goroutine still in a call has
// started a long one.
func (q *quietness) forced() { q.base = q.last }
