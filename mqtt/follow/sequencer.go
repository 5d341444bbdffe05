package follow

import "slices"

// Sequencer orders items by sequence number. The zero value is ready and
// expects a snapshot (Reset) or the item with seq 1.
type Sequencer[T any] struct {
	next    uint64 // the next seq to deliver
	started bool   // a base is known: Reset was called or seq 1 arrived
	pending map[uint64]T
}

// Item is one delivered item with its sequence number.
type Item[T any] struct {
	Seq   uint64
	Value T
}

// Next returns the sequence number expected next (0 before any base).
func (s *Sequencer[T]) Next() uint64 {
	if !s.started {
		return 0
	}
	return s.next
}

// Reset starts (or restarts) the sequence after a snapshot taken at seq:
// items up to seq are dropped, those after it are delivered in order. A
// snapshot older than what was already delivered is ignored (it returns nil,
// false).
func (s *Sequencer[T]) Reset(seq uint64) ([]Item[T], bool) {
	if s.started && seq+1 <= s.next {
		return nil, false
	}
	s.started = true
	s.next = seq + 1
	for k := range s.pending {
		if k < s.next {
			delete(s.pending, k)
		}
	}
	return s.drain(), true
}

// Push adds an item and returns the items now deliverable in order. dup is
// true when seq was delivered or is pending already. Before any base, items
// wait for a snapshot, except seq 1 which starts the sequence.
func (s *Sequencer[T]) Push(seq uint64, v T) (ready []Item[T], dup bool) {
	if s.started && seq < s.next {
		return nil, true
	}
	if _, ok := s.pending[seq]; ok {
		return nil, true
	}
	if s.pending == nil {
		s.pending = map[uint64]T{}
	}
	s.pending[seq] = v
	if !s.started {
		if seq != 1 {
			return nil, false
		}
		s.started, s.next = true, 1
	}
	return s.drain(), false
}

func (s *Sequencer[T]) drain() []Item[T] {
	var out []Item[T]
	for {
		v, ok := s.pending[s.next]
		if !ok {
			return out
		}
		delete(s.pending, s.next)
		out = append(out, Item[T]{Seq: s.next, Value: v})
		s.next++
	}
}

// Gap returns the missing range [from, to] before the lowest pending item,
// and false when nothing waits on a missing item.
func (s *Sequencer[T]) Gap() (from, to uint64, ok bool) {
	if !s.started || len(s.pending) == 0 {
		return 0, 0, false
	}
	low := slices.Min(keys(s.pending))
	return s.next, low - 1, true
}

// Skip gives up on the missing items before the lowest pending one and
// returns what is now deliverable.
func (s *Sequencer[T]) Skip() []Item[T] {
	if !s.started || len(s.pending) == 0 {
		return nil
	}
	s.next = slices.Min(keys(s.pending))
	return s.drain()
}

// Pending returns how many items wait for a missing one.
func (s *Sequencer[T]) Pending() int { return len(s.pending) }

func keys[T any](m map[uint64]T) []uint64 {
	ks := make([]uint64, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
