package follow_test

import (
	"fmt"
	"slices"
	"testing"

	"jantaku/mqtt/follow"
)

func seqs(items []follow.Item[string]) []uint64 {
	var out []uint64
	for _, it := range items {
		out = append(out, it.Seq)
	}
	return out
}

func TestSequencer(t *testing.T) {
	var s follow.Sequencer[string]
	var got []uint64
	push := func(n uint64) bool {
		r, dup := s.Push(n, "e")
		got = append(got, seqs(r)...)
		return dup
	}
	push(3) // before any base: waits
	if len(got) != 0 || s.Next() != 0 {
		t.Fatalf("delivered %v before a base", got)
	}
	r, ok := s.Reset(1) // snapshot at 1
	if !ok {
		t.Fatal("Reset refused")
	}
	got = append(got, seqs(r)...)
	if from, to, ok := s.Gap(); !ok || from != 2 || to != 2 {
		t.Fatalf("Gap = %d..%d %v, want 2..2", from, to, ok)
	}
	push(2)
	if !push(2) || !push(3) {
		t.Error("duplicate not reported")
	}
	push(5)
	push(4)
	push(6)
	if want := []uint64{2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Fatalf("delivered %v, want %v", got, want)
	}
	if _, ok := s.Reset(4); ok {
		t.Error("older snapshot accepted")
	}
	push(9)
	push(8)
	if from, to, ok := s.Gap(); !ok || from != 7 || to != 7 {
		t.Errorf("Gap = %d..%d %v, want 7..7", from, to, ok)
	}
	got = append(got, seqs(s.Skip())...)
	if want := []uint64{2, 3, 4, 5, 6, 8, 9}; !slices.Equal(got, want) {
		t.Fatalf("delivered %v, want %v", got, want)
	}
	if _, _, ok := s.Gap(); ok || s.Pending() != 0 || s.Next() != 10 {
		t.Errorf("after skip: pending %d next %d", s.Pending(), s.Next())
	}
	// A newer snapshot jumps ahead.
	push(12)
	r, _ = s.Reset(11)
	if want := []uint64{12}; !slices.Equal(seqs(r), want) {
		t.Errorf("after Reset(11): %v", seqs(r))
	}
}

func TestSequencerStartsAtOne(t *testing.T) {
	var s follow.Sequencer[int]
	s.Push(2, 0)
	r, _ := s.Push(1, 0)
	if want := []uint64{1, 2}; !slices.Equal(seqsInt(r), want) {
		t.Errorf("got %v", seqsInt(r))
	}
}

func seqsInt(items []follow.Item[int]) []uint64 {
	var out []uint64
	for _, it := range items {
		out = append(out, it.Seq)
	}
	return out
}

func ExampleSequencer() {
	var s follow.Sequencer[string]
	s.Reset(10) // the retained state says seq 10
	s.Push(12, "discard")
	r, _ := s.Push(11, "draw") // 11 fills the gap
	for _, it := range r {
		fmt.Println(it.Seq, it.Value)
	}
	_, dup := s.Push(11, "draw")
	fmt.Println("duplicate:", dup)
	// Output:
	// 11 draw
	// 12 discard
	// duplicate: true
}
