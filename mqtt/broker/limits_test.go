package broker_test

import (
	"bytes"
	"context"
	"strconv"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/mqtttest"
)

// startLimited starts a broker on loopback with a fake clock.
func startLimited(t *testing.T, lim broker.Limits) (*broker.Broker, *clocktest.Clock) {
	t.Helper()
	clk := clocktest.New()
	b, err := broker.Start(broker.Config{
		TCP:       "127.0.0.1:0",
		WebSocket: "127.0.0.1:" + strconv.Itoa(mqtttest.FreePort(t)),
		Limits:    lim,
		Clock:     clk,
	}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, clk
}

func urls(b *broker.Broker) map[string]string {
	return map[string]string{"tcp": "tcp://" + b.TCPAddr(), "ws": "ws://" + b.WebSocketAddr() + "/"}
}

// eventually waits (10 s at most) for ok.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestOversizedConnect: a CONNECT announcing 255 MB (the largest MQTT
// length) is refused from its header: the connection is closed without a
// CONNACK, and the broker still serves a good login.
func TestOversizedConnect(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{})
	for name, u := range urls(b) {
		r, err := mqtttest.DialRaw(u, "")
		if err != nil {
			t.Fatal(err)
		}
		// type, remaining length 268435455, then 5 bytes of body
		if err := r.Write(append(append([]byte{0x10}, mqtttest.Length(268435455)...), 0, 4, 'M', 'Q', 'T')); err != nil {
			t.Fatal(err)
		}
		if !r.Closed() {
			t.Errorf("%s: a 255 MB CONNECT header did not close the connection", name)
		}
		r.Close()
		// Just over the limit is refused too; at the limit is read.
		r, _ = mqtttest.DialRaw(u, "")
		big := mqtttest.ConnectPacket("seat0", "seat0", string(bytes.Repeat([]byte("x"), 4200)), true)
		_ = r.Write(big)
		if !r.Closed() {
			t.Errorf("%s: a %d-byte CONNECT was read", name, len(big))
		}
		r.Close()
		r, _ = mqtttest.DialRaw(u, "")
		if code, err := r.Login("seat0-"+name, "seat0", mqtttest.Password("seat0")); err != nil || code != 0 {
			t.Errorf("%s: good login after the attack: code %d, %v", name, code, err)
		}
		r.Close()
	}
}

// TestFirstPacketMustBeConnect: anything else first closes the connection.
func TestFirstPacketMustBeConnect(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{})
	r, err := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_ = r.Write(mqtttest.PublishPacket("jantaku/t1/cmd/operator", []byte(`{}`), 0, false))
	if !r.Closed() {
		t.Error("a PUBLISH before CONNECT was accepted")
	}
}

// TestOversizedPacketAfterLogin: a logged-in seat may send commands of
// 16 KiB, not a 100 MB publish (refused from its header); the table may
// send its large retained state.
func TestOversizedPacketAfterLogin(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{})
	tb := mqtttest.Table()
	for name, u := range urls(b) {
		r, _ := mqtttest.DialRaw(u, "")
		if code, err := r.Login("seat1-"+name, "seat1", mqtttest.Password("seat1")); err != nil || code != 0 {
			t.Fatalf("%s: login: %d %v", name, code, err)
		}
		ok := mqtttest.PublishPacket(tb.Command("seat1"), bytes.Repeat([]byte(" "), 16<<10), 1, false)
		_ = r.Write(ok)
		if typ, _, err := r.ReadPacket(); err != nil || typ != 0x40 {
			t.Fatalf("%s: a 16 KiB command was not acknowledged: %#x %v", name, typ, err)
		}
		_ = r.Write(append(append([]byte{0x32}, mqtttest.Length(100<<20)...), 0, 1, 'x'))
		if !r.Closed() {
			t.Errorf("%s: a 100 MB PUBLISH header did not close a seat's connection", name)
		}
		r.Close()

		r, _ = mqtttest.DialRaw(u, "")
		if code, err := r.Login("table-"+name, "table", mqtttest.Password("table")); err != nil || code != 0 {
			t.Fatalf("%s: table login: %d %v", name, code, err)
		}
		_ = r.Write(mqtttest.PublishPacket(tb.SpectatorState(), bytes.Repeat([]byte("s"), 200<<10), 7, true))
		if typ, _, err := r.ReadPacket(); err != nil || typ != 0x40 {
			t.Errorf("%s: the table's 200 KiB state was not acknowledged: %#x %v", name, typ, err)
		}
		r.Close()
	}
}

// TestLoginTimeout: a connection that sends nothing, or a CONNECT a byte
// at a time too slowly, is closed when the login timeout passes on the
// broker's clock; one that logs in is not.
func TestLoginTimeout(t *testing.T) {
	b, clk := startLimited(t, broker.Limits{LoginTimeout: 10 * time.Second})
	tcp := "tcp://" + b.TCPAddr()
	idle, _ := mqtttest.DialRaw(tcp, "")
	defer idle.Close()
	slow, _ := mqtttest.DialRaw(tcp, "")
	defer slow.Close()
	good, _ := mqtttest.DialRaw(tcp, "")
	defer good.Close()
	if code, err := good.Login("display-x", "display", mqtttest.Password("display")); err != nil || code != 0 {
		t.Fatalf("login: %d %v", code, err)
	}
	eventually(t, "two pending connections", func() bool { return b.Stats().Pending == 2 })
	connect := mqtttest.ConnectPacket("seat2", "seat2", mqtttest.Password("seat2"), true)
	_ = slow.Write(connect[:3])
	clk.Advance(9 * time.Second)
	if b.Stats().Pending != 2 {
		t.Fatalf("pending %d after 9 s, want 2", b.Stats().Pending)
	}
	clk.Advance(time.Second)
	if !idle.Closed() {
		t.Error("an idle connection outlived the login timeout")
	}
	if !slow.Closed() {
		t.Error("a slow CONNECT outlived the login timeout")
	}
	eventually(t, "no pending connection", func() bool { return b.Stats().Pending == 0 })
	// The logged-in client is still served.
	_ = good.Write([]byte{0xc0, 0}) // PINGREQ
	if typ, _, err := good.ReadPacket(); err != nil || typ != 0xd0 {
		t.Errorf("logged-in client after the timeout: %#x %v, want PINGRESP", typ, err)
	}
}

// TestPendingPerHost: one address may hold only MaxPendingPerHost
// connections that have not logged in; another address is still served.
func TestPendingPerHost(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{MaxPendingPerHost: 3})
	tcp := "tcp://" + b.TCPAddr()
	var held []*mqtttest.Raw
	for range 3 {
		r, err := mqtttest.DialRaw(tcp, "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, r)
		defer r.Close()
	}
	eventually(t, "three pending", func() bool { return b.Stats().Pending == 3 })
	extra, _ := mqtttest.DialRaw(tcp, "127.0.0.1:0")
	defer extra.Close()
	if !extra.Closed() {
		t.Error("a fourth pending connection from one address was kept")
	}
	other, err := mqtttest.DialRaw(tcp, "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	defer other.Close()
	if code, err := other.Login("operator-2", "operator", mqtttest.Password("operator")); err != nil || code != 0 {
		t.Errorf("login from another address while one is at its limit: %d %v", code, err)
	}
	// Logging in frees a slot.
	if code, err := held[0].Login("seat3-a", "seat3", mqtttest.Password("seat3")); err != nil || code != 0 {
		t.Fatalf("login of a held connection: %d %v", code, err)
	}
	eventually(t, "two pending", func() bool { return b.Stats().Pending == 2 })
}

// TestEmptyPassword: an MQTT 3.1.1 CONNECT with an empty password gets a
// 3.1.1 return code (5, not authorised), not a v5 code.
func TestEmptyPassword(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{})
	r, _ := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	defer r.Close()
	if err := r.Write(mqtttest.ConnectPacket("seat0", "seat0", "", true)); err != nil {
		t.Fatal(err)
	}
	typ, body, err := r.ReadPacket()
	if err != nil || typ != 0x20 || len(body) != 2 {
		t.Fatalf("CONNACK: %#x % x %v", typ, body, err)
	}
	if body[1] != 5 {
		t.Errorf("return code %d, want 5 (not authorised)", body[1])
	}
}

// TestRetainedCommandRefused: a retained command is acknowledged but
// neither delivered nor kept; a later subscriber (the table after a
// restart) gets nothing from it.
func TestRetainedCommandRefused(t *testing.T) {
	b, _ := startLimited(t, broker.Limits{})
	tb := mqtttest.Table()
	op, _ := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	defer op.Close()
	if code, err := op.Login("operator", "operator", mqtttest.Password("operator")); err != nil || code != 0 {
		t.Fatal(code, err)
	}
	_ = op.Write(mqtttest.PublishPacket(tb.Command("operator"), []byte(`{"v":1,"id":"a","type":"abort"}`), 1, true))
	if typ, _, err := op.ReadPacket(); err != nil || typ != 0x40 {
		t.Fatalf("no PUBACK: %#x %v", typ, err)
	}
	// The table subscribes to commands, then to a topic whose retained
	// message it published itself: retained messages come in that order,
	// so once the marker is in, a retained command would be too.
	tbl, _ := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	defer tbl.Close()
	if code, err := tbl.Login("table", "table", mqtttest.Password("table")); err != nil || code != 0 {
		t.Fatal(code, err)
	}
	_ = tbl.Write(mqtttest.PublishPacket(tb.Machine(), []byte("marker"), 1, true))
	if typ, _, err := tbl.ReadPacket(); err != nil || typ != 0x40 {
		t.Fatalf("no PUBACK: %#x %v", typ, err)
	}
	sub := []byte{0, 1}
	for _, f := range []string{tb.Commands(), tb.Machine()} {
		sub = append(mqttStr(sub, f), 1)
	}
	_ = tbl.Write(append(append([]byte{0x82}, mqtttest.Length(len(sub))...), sub...))
	for {
		typ, body, err := tbl.ReadPacket()
		if err != nil {
			t.Fatalf("waiting for the marker: %v", err)
		}
		if typ>>4 != 3 {
			continue
		}
		if bytes.Contains(body, []byte("abort")) {
			t.Fatal("the retained abort was delivered to the table")
		}
		if bytes.HasSuffix(body, []byte("marker")) {
			break
		}
	}
}

func mqttStr(b []byte, s string) []byte {
	return append(append(b, byte(len(s)>>8), byte(len(s))), s...)
}

// TestPublishRate: a seat's flood gets its burst through at once, then
// one publish per token as the broker's clock moves: the broker stops
// reading the flooder meanwhile, and other clients are served.
func TestPublishRate(t *testing.T) {
	b, clk := startLimited(t, broker.Limits{PublishRate: 10, PublishBurst: 5})
	tb := mqtttest.Table()
	tcp := "tcp://" + b.TCPAddr()
	tbl, _ := mqtttest.DialRaw(tcp, "")
	defer tbl.Close()
	if code, err := tbl.Login("table", "table", mqtttest.Password("table")); err != nil || code != 0 {
		t.Fatal(code, err)
	}
	sub := append(mqttStr([]byte{0, 1}, tb.Commands()), 1)
	_ = tbl.Write(append(append([]byte{0x82}, mqtttest.Length(len(sub))...), sub...))
	if typ, _, err := tbl.ReadPacket(); err != nil || typ != 0x90 {
		t.Fatalf("SUBACK: %#x %v", typ, err)
	}
	seat, _ := mqtttest.DialRaw(tcp, "")
	defer seat.Close()
	if code, err := seat.Login("seat0", "seat0", mqtttest.Password("seat0")); err != nil || code != 0 {
		t.Fatal(code, err)
	}
	var flood []byte
	for i := 1; i <= 8; i++ {
		flood = append(flood, mqtttest.PublishPacket(tb.Command("seat0"), []byte("flood"+strconv.Itoa(i)), 0, false)...)
	}
	base := clk.Waiters() // the login timers of the two connections
	_ = seat.Write(flood)
	next := func() string {
		t.Helper()
		for {
			typ, body, err := tbl.ReadPacket()
			if err != nil {
				t.Fatal(err)
			}
			if typ>>4 == 3 {
				return string(body[len(body)-7:])
			}
		}
	}
	for i := 1; i <= 5; i++ {
		if got := next(); got != "flood"+strconv.Itoa(i)+"" && !bytes.HasSuffix([]byte(got), []byte(strconv.Itoa(i))) {
			t.Fatalf("message %d: %q", i, got)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), mqtttest.Patience)
	defer cancel()
	// The sixth waits for its token on the broker's clock.
	if err := clk.BlockUntil(ctx, base+1); err != nil {
		t.Fatal("the flood is not held:", err)
	}
	// Another client is served meanwhile.
	op, _ := mqtttest.DialRaw(tcp, "")
	defer op.Close()
	if code, err := op.Login("operator", "operator", mqtttest.Password("operator")); err != nil || code != 0 {
		t.Fatal("operator during the flood:", code, err)
	}
	base = clk.Waiters() - 1 // and the operator's login timer
	for i := 6; i <= 8; i++ {
		clk.Advance(100 * time.Millisecond) // one token at 10/s
		if got := next(); !bytes.HasSuffix([]byte(got), []byte(strconv.Itoa(i))) {
			t.Fatalf("message %d: %q", i, got)
		}
		if i < 8 {
			if err := clk.BlockUntil(ctx, base+1); err != nil {
				t.Fatal(err)
			}
		}
	}
}
