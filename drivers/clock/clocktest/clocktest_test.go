package clocktest

import (
	"context"
	"testing"
	"time"
)

func TestAdvanceFiresInOrder(t *testing.T) {
	c := New()
	a := c.After(2 * time.Second)
	b := c.After(time.Second)
	if c.Waiters() != 2 {
		t.Fatalf("Waiters = %d, want 2", c.Waiters())
	}
	c.Advance(1500 * time.Millisecond)
	select {
	case got := <-b:
		if want := Epoch().Add(time.Second); !got.Equal(want) {
			t.Errorf("b fired at %v, want %v", got, want)
		}
	default:
		t.Fatal("b did not fire")
	}
	select {
	case <-a:
		t.Fatal("a fired early")
	default:
	}
	c.Advance(time.Second)
	<-a
	if got, want := c.Now(), Epoch().Add(2500*time.Millisecond); !got.Equal(want) {
		t.Errorf("Now = %v, want %v", got, want)
	}
}

func TestAfterZeroFiresAtOnce(t *testing.T) {
	c := New()
	select {
	case <-c.After(0):
	default:
		t.Fatal("After(0) did not fire")
	}
}

func TestBlockUntil(t *testing.T) {
	c := New()
	go func() { <-c.After(time.Hour) }()
	if err := c.BlockUntil(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	c.Advance(time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.BlockUntil(ctx, 5); err == nil {
		t.Error("BlockUntil with a cancelled context returned nil")
	}
}
