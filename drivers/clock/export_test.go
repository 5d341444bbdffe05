package clock

// SetQuietness replaces p's look at the scheduler with sample, which
// returns the goroutines runnable, running and in system calls.
func SetQuietness(p *Paced, sample func() (runnable, running, sys uint64)) {
	p.quiet.sample = func() (uint64, uint64, uint64, bool) {
		a, b, c := sample()
		return a, b, c, true
	}
}

// QuietPoll is the pacer's real time between two looks at the scheduler.
const QuietPoll = quietPoll
