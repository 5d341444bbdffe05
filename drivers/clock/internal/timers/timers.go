// Package timers is the queue of pending timers that the clocks driven by
// something other than the wall clock (clock.Paced, clocktest.Clock) share:
// earliest first, and timers due at the same moment in the order they
// were set.
package timers

import (
	"container/heap"
	"time"
)

// Queue holds pending timers. The zero Queue is empty and ready to use; it
// is not safe for concurrent use.
type Queue struct {
	h   queue
	seq uint64
}

// Add returns a channel that receives when once the timer fires.
func (q *Queue) Add(when time.Time) <-chan time.Time {
	ch := make(chan time.Time, 1)
	q.seq++
	heap.Push(&q.h, &timer{when: when, seq: q.seq, ch: ch})
	return ch
}

// Len is the number of pending timers.
func (q *Queue) Len() int { return len(q.h) }

// Next is when the earliest timer is due; ok is false when none is pending.
func (q *Queue) Next() (when time.Time, ok bool) {
	if len(q.h) == 0 {
		return time.Time{}, false
	}
	return q.h[0].when, true
}

// FireNext fires the earliest timer, sending it its due time, and returns
// that time. The queue must not be empty.
func (q *Queue) FireNext() time.Time {
	t := heap.Pop(&q.h).(*timer)
	t.ch <- t.when
	return t.when
}

// FireEarliest fires every timer due at the earliest instant and returns
// it; ok is false when none is pending.
func (q *Queue) FireEarliest() (when time.Time, ok bool) {
	when, ok = q.Next()
	for next, more := when, ok; more && next.Equal(when); next, more = q.Next() {
		q.FireNext()
	}
	return when, ok
}

type timer struct {
	when time.Time
	seq  uint64
	ch   chan time.Time
}

type queue []*timer

func (h queue) Len() int { return len(h) }
func (h queue) Less(i, j int) bool {
	if h[i].when.Equal(h[j].when) {
		return h[i].seq < h[j].seq
	}
	return h[i].when.Before(h[j].when)
}
func (h queue) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *queue) Push(x any)   { *h = append(*h, x.(*timer)) }
func (h *queue) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}
