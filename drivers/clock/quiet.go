package clock

import "runtime/metrics"

// quietness samples the Go scheduler: the process is quiet when no
// goroutine waits for a CPU and none runs but the caller. A goroutine the
// pacer woke and has not yet reacted is runnable or running until it
// blocks again, however long a busy machine keeps it off the CPU.
type quietness struct {
	// sample returns the goroutines runnable, running and in system
	// calls; ok is false where the runtime does not count them.
	sample func() (runnable, running, sys uint64, ok bool)
	last   uint64 // goroutines in system calls at the previous quiet sample
	was    bool   // the previous sample was quiet
}

func newQuietness() *quietness {
	s := []metrics.Sample{
		{Name: "/sched/goroutines/runnable:goroutines"},
		{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/goroutines/not-in-go:goroutines"},
	}
	return &quietness{sample: func() (uint64, uint64, uint64, bool) {
		metrics.Read(s)
		for _, v := range s {
			if v.Value.Kind() != metrics.KindUint64 {
				return 0, 0, 0, false
			}
		}
		return s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64(), true
	}}
}

// quiet reports whether this sample and the one before were both quiet
// with the same number of goroutines in system calls. Goroutines parked in
// a long system call (waiting on a child process) count as quiet; one in a
// short call (writing a log line) is back among the running by the next
// sample, or done.
func (q *quietness) quiet() bool {
	runnable, running, sys, ok := q.sample()
	if !ok {
		return true // a runtime without the counts: the settle time alone
	}
	now := runnable == 0 && running <= 1 // the caller is running
	both := now && q.was && sys == q.last
	q.was, q.last = now, sys
	return both
}

// reset forgets the previous sample.
func (q *quietness) reset() { q.was = false }
