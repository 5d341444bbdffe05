package command

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"jantaku/mqtt/access"
)

// Limiter bounds the commands each sender may send: Rate a second, Burst
// at once (a token bucket per sender). Commands beyond are dropped without
// a reply, so a flood costs the table one check per message and delays no
// other sender. Its methods are safe for concurrent use.
type Limiter struct {
	Rate  float64 // commands per second per sender; DefaultRate if 0
	Burst int     // DefaultBurst if 0

	mu      sync.Mutex
	senders map[string]*bucket
}

// Defaults of a Limiter: far above what a person presses, far below what
// slows the table.
const (
	DefaultRate  = 10
	DefaultBurst = 20
)

type bucket struct {
	tokens  float64
	at      time.Time
	dropped int
}

// Allow reports whether sender may send a command at now. first is true
// for the first command dropped in an offence (log it); recovered is the
// number dropped in an offence that has just ended (log that once too).
func (l *Limiter) Allow(sender string, now time.Time) (ok, first bool, recovered int) {
	rate, burst := l.Rate, float64(l.Burst)
	if rate <= 0 {
		rate = DefaultRate
	}
	if burst <= 0 {
		burst = DefaultBurst
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.senders == nil {
		l.senders = map[string]*bucket{}
	}
	b := l.senders[sender]
	if b == nil {
		if len(l.senders) >= 64 { // senders are roles: a handful
			clear(l.senders)
		}
		b = &bucket{tokens: burst, at: now}
		l.senders[sender] = b
	}
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(burst, b.tokens+d.Seconds()*rate)
	}
	b.at = now
	if b.tokens < 1 {
		b.dropped++
		return false, b.dropped == 1, 0
	}
	b.tokens--
	if b.dropped > 0 && b.tokens >= burst/2 {
		recovered, b.dropped = b.dropped, 0
	}
	return true, false, recovered
}

// noter logs a sender's refused commands once per noteEvery, saying how
// many were not logged in between: one line per offender, not per command.
type noter struct {
	mu   sync.Mutex
	last map[access.Role]*noted
}

type noted struct {
	at         time.Time
	suppressed int
}

const noteEvery = time.Minute

func (n *noter) note(log *slog.Logger, level slog.Level, now time.Time, role access.Role, msg string, attrs ...any) {
	n.mu.Lock()
	if n.last == nil {
		n.last = map[access.Role]*noted{}
	}
	o := n.last[role]
	if o != nil && now.Sub(o.at) < noteEvery {
		o.suppressed++
		n.mu.Unlock()
		return
	}
	s := 0
	if o != nil {
		s = o.suppressed
	}
	n.last[role] = &noted{at: now}
	n.mu.Unlock()
	attrs = append([]any{"role", role}, attrs...)
	if s > 0 {
		attrs = append(attrs, "refused_unlogged", s)
	}
	log.Log(context.Background(), level, msg+" (logged once a minute per sender)", attrs...)
}
