package table_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
	"jantaku/mqtt/command"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/table"
)

// With the broker gone, nothing queued is ever acknowledged: Close given a
// context without a deadline still returns, after its own bound on the
// publisher's clock, saying so; a Flush waiting meanwhile returns when the
// publisher is closed.
func TestCloseBoundedWithoutDeadline(t *testing.T) {
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	clk := clocktest.New()
	p := start(t, b, table.Options{Clock: clk}, nil)
	b.Stop()
	// The client notices the closed connection on its next read.
	for gone := patient(t); p.Connected(); time.Sleep(10 * time.Millisecond) {
		if gone.Err() != nil {
			t.Fatal("the publisher still says it is connected 10s after the broker stopped")
		}
	}
	if err := p.Publish(patient(t), step(1)); err != nil {
		t.Fatal(err)
	}
	flushed := make(chan error, 1)
	go func() { flushed <- p.Flush(context.Background()) }()
	closed := make(chan error, 1)
	go func() { closed <- p.Close(context.Background()) }()

	// Close's bound is the only timer on the clock.
	if err := clk.BlockUntil(patient(t), 1); err != nil {
		t.Fatalf("Close set no bound on the clock: %v", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned %v before its bound, with nothing acknowledged", err)
	default:
	}
	clk.Advance(time.Minute)
	for name, ch := range map[string]chan error{"Close": closed, "Flush": flushed} {
		select {
		case err := <-ch:
			want := context.DeadlineExceeded
			if name == "Flush" {
				want = table.ErrClosed
			}
			if !errors.Is(err, want) {
				t.Errorf("%s = %v, want %v", name, err, want)
			}
		case <-patient(t).Done():
			t.Fatalf("%s still blocked after Close's bound", name)
		}
	}
}

// A command handler that ignores its context cannot hold up Close: with
// no deadline of the caller's, Close returns after its bound on the
// publisher's clock (once for the flush, once more for the handler if the
// flush used the first up), saying so.
func TestCloseBoundedWithAHungHandler(t *testing.T) {
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	clk := clocktest.New()
	entered, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	h := command.HandlerFunc(func(context.Context, command.Command) error {
		close(entered)
		<-release
		return nil
	})
	p := start(t, b, table.Options{Clock: clk, Handler: h}, nil)
	op := mqtttest.Connect(t, b, "operator", "hung")
	if err := op.Publish(mqtttest.Table().Command("operator"), []byte(`{"v":1,"id":"h1","type":"pause"}`)); err != nil {
		t.Fatal(err)
	}
	ctx := patient(t)
	select {
	case <-entered:
	case <-ctx.Done():
		t.Fatal("the command never reached the handler")
	}
	closed := make(chan error, 1)
	go func() { closed <- p.Close(context.Background()) }()
	for i := 0; ; i++ {
		bound := make(chan error, 1)
		go func() { bound <- clk.BlockUntil(ctx, 1) }()
		select {
		case err := <-closed:
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Close = %v, want a deadline exceeded", err)
			}
			return
		case err := <-bound:
			if err != nil {
				t.Fatalf("Close is blocked with no bound on the clock: %v", err)
			}
			if i == 3 {
				t.Fatal("Close still blocked after three of its bounds")
			}
			clk.Advance(time.Minute)
		}
	}
}
