package broker_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/mqtttest"
)

// stuckSubscriber logs in as the display, subscribes to the table's state
// and then reads nothing more, with a receive buffer as small as the
// kernel allows, set before the handshake so the window stays small.
func stuckSubscriber(t *testing.T, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{Timeout: 10 * time.Second, Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		if err := c.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024)
		}); err != nil {
			return err
		}
		return serr
	}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	r := bufio.NewReader(c)
	if _, err := c.Write(mqtttest.ConnectPacket("display-stuck", "display", mqtttest.Password("display"), true)); err != nil {
		t.Fatal(err)
	}
	expectPacket(t, c, r, 0x20, "CONNACK")
	topic := mqtttest.Table().State()
	body := append([]byte{0, 1, byte(len(topic) >> 8), byte(len(topic))}, topic...)
	body = append(body, 0) // QoS 0
	if _, err := c.Write(append(append([]byte{0x82}, mqtttest.Length(len(body))...), body...)); err != nil {
		t.Fatal(err)
	}
	expectPacket(t, c, r, 0x90, "SUBACK")
	return c
}

// expectPacket reads one packet of type typ (the first byte's high bits).
func expectPacket(t *testing.T, c net.Conn, r *bufio.Reader, typ byte, name string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(mqtttest.Patience))
	defer c.SetReadDeadline(time.Time{})
	h, err := r.ReadByte()
	if err != nil {
		t.Fatalf("no %s: %v", name, err)
	}
	n, mul := 0, 1
	for {
		b, err := r.ReadByte()
		if err != nil {
			t.Fatalf("no %s: %v", name, err)
		}
		n += int(b&0x7f) * mul
		if b&0x80 == 0 {
			break
		}
		mul *= 128
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		t.Fatalf("no %s: %v", name, err)
	}
	if h&0xf0 != typ {
		t.Fatalf("got packet %#x % x, want a %s", h, body, name)
	}
}

// fillStuck has the table publish to the state topic far more than the
// socket buffers between the broker and the stuck subscriber hold (16 MB),
// the last message at QoS 1: its PUBACK says the broker has queued every
// message for the subscriber, whose writer is then blocked in a write that
// never ends.
func fillStuck(t *testing.T, addr string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	r := bufio.NewReader(c)
	if _, err := c.Write(mqtttest.ConnectPacket("table-fill", "table", mqtttest.Password("table"), true)); err != nil {
		t.Fatal(err)
	}
	expectPacket(t, c, r, 0x20, "CONNACK")
	payload := []byte(`{"pad":"` + strings.Repeat("x", 250_000) + `"}`)
	topic := mqtttest.Table().State()
	_ = c.SetWriteDeadline(time.Now().Add(mqtttest.Patience))
	for i := range 64 {
		id := uint16(0)
		if i == 63 {
			id = 1
		}
		if _, err := c.Write(mqtttest.PublishPacket(topic, payload, id, false)); err != nil {
			t.Fatalf("publish %d: %v", i, err)
		}
	}
	expectPacket(t, c, r, 0x40, "PUBACK")
}

// TestShutdownWithAStuckClient: a subscriber that stopped reading holds
// the broker's write to it, and mochi's own Close waits for that write
// for ever. Shutdown returns once its context ends, having closed the
// connection, and says so.
func TestShutdownWithAStuckClient(t *testing.T) {
	b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0"}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	stuck := stuckSubscriber(t, b.TCPAddr())
	fillStuck(t, b.TCPAddr())

	ctx, cancel := context.WithCancelCause(context.Background())
	closed := make(chan error, 1)
	go func() { closed <- b.Shutdown(ctx) }()
	giveUp := errors.New("the test's cause")
	cancel(giveUp)
	select {
	case err := <-closed:
		if !errors.Is(err, giveUp) || !strings.Contains(err.Error(), "without a DISCONNECT") {
			t.Errorf("Shutdown = %v, want the context's cause and the connections closed unannounced", err)
		}
	case <-time.After(mqtttest.Patience):
		t.Fatalf("Shutdown still blocked %v after its context ended", mqtttest.Patience)
	}
	// The stuck client's connection is reset: reading it ends at once
	// with ECONNRESET, whatever was queued to it dropped. (Closed with the
	// queue left to deliver through its 1 KB window, the orphaned socket
	// is the kernel's, which may drop it without a FIN once its probes of
	// the closed window give up, and the client then waits for ever.)
	_ = stuck.SetReadDeadline(time.Now().Add(mqtttest.Patience))
	if _, err := io.Copy(io.Discard, stuck); !errors.Is(err, syscall.ECONNRESET) {
		t.Errorf("the stuck client's connection after Shutdown: %v, want it reset", err)
	}
}

// TestCloseBoundedOnTheClock: Close bounds its wait on the broker's clock
// (no deadline of the caller's), so a stuck client cannot hold it up.
func TestCloseBoundedOnTheClock(t *testing.T) {
	clk := clocktest.New()
	b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0", Clock: clk}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	stuckSubscriber(t, b.TCPAddr())
	fillStuck(t, b.TCPAddr())
	// Each login left its timer on the clock; Close adds its bound.
	waiters := clk.Waiters()
	closed := make(chan error, 1)
	go func() { closed <- b.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), mqtttest.Patience)
	defer cancel()
	if err := clk.BlockUntil(ctx, waiters+1); err != nil {
		t.Fatalf("Close set no bound on the broker's clock: %v", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned %v before its bound with a client that reads nothing", err)
	default:
	}
	clk.Advance(10 * time.Second)
	select {
	case err := <-closed:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Close = %v, want a deadline exceeded", err)
		}
	case <-ctx.Done():
		t.Fatal("Close still blocked after its bound")
	}
}
