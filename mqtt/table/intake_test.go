package table_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/table"
)

// TestRetainedCommandNotRun: a retained command (kept by mosquitto; the
// embedded broker refuses to keep it) is never executed by a table that
// subscribes later, nor after a restart; live commands still are.
func TestRetainedCommandNotRun(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		op := mqtttest.Connect(t, b, "operator", "retain")
		op.Subscribe(tb.Reply("operator"))
		tok := op.Paho().Publish(tb.Command("operator"), 1, true, []byte(`{"v":1,"id":"old","type":"abort"}`))
		if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatalf("retained publish: %v", tok.Error())
		}
		for restart := range 2 {
			rec := &recorder{}
			p := start(t, b, table.Options{Handler: rec}, nil)
			id := fmt.Sprintf("live%d", restart)
			if err := op.Publish(tb.Command("operator"), []byte(`{"v":1,"id":"`+id+`","type":"pause"}`)); err != nil {
				t.Fatal(err)
			}
			op.WaitFor("reply "+id, replyFor(tb, "operator", id))
			got := rec.commands()
			if len(got) != 1 || got[0].ID != id {
				t.Errorf("start %d: executed %+v, want only %s", restart, got, id)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_ = p.Close(ctx)
			cancel()
		}
	})
}

// logLines records log records' messages.
type logLines struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logLines) Enabled(context.Context, slog.Level) bool { return true }
func (l *logLines) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	l.msgs = append(l.msgs, r.Message)
	l.mu.Unlock()
	return nil
}
func (l *logLines) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logLines) WithGroup(string) slog.Handler      { return l }
func (l *logLines) count(sub string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, m := range l.msgs {
		if strings.Contains(m, sub) {
			n++
		}
	}
	return n
}

// TestCommandRate: a seat's flood gets its burst executed and the rest
// dropped with one log line; the operator is answered meanwhile; once the
// clock has moved, the seat is served again.
func TestCommandRate(t *testing.T) {
	tb := mqtttest.Table()
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	clk := mqtttest.NewClock()
	rec := &recorder{}
	logs := &logLines{}
	p := start(t, b, table.Options{Handler: rec, Clock: clk, Log: slog.New(logs)}, func(c *table.Config) {
		c.CommandRate, c.CommandBurst = 1, 5
	})
	seat := mqtttest.Connect(t, b, "seat0", "flood")
	seat.Subscribe(tb.Reply("seat0"))
	op := mqtttest.Connect(t, b, "operator", "calm")
	op.Subscribe(tb.Reply("operator"))
	for i := range 30 {
		// Bad arguments too: each refusal must not write a line.
		payload := fmt.Sprintf(`{"v":1,"id":"f%d","type":"ok","args":{"tiel":"7s"}}`, i)
		if i%2 == 0 {
			payload = fmt.Sprintf(`{"v":1,"id":"f%d","type":"start"}`, i)
		}
		if err := seat.Publish(tb.Command("seat0"), []byte(payload)); err != nil {
			t.Fatal(err)
		}
	}
	if err := op.Publish(tb.Command("operator"), []byte(`{"v":1,"id":"o1","type":"pause"}`)); err != nil {
		t.Fatal(err)
	}
	if r := decodeReply(t, op.WaitFor("operator reply", replyFor(tb, "operator", "o1"))); !r.OK {
		t.Fatalf("operator: %+v", r.Error)
	}
	// The broker acknowledges a publish before it passes it on, and the
	// operator's command may overtake the end of the flood: the clock moves
	// only once the table has had all 30, or a late one takes the new token.
	waitCommands(t, p, func(s table.CommandStats) bool { return s.Taken+s.RateLimited == 31 })
	if s := p.Commands(); s.Taken != 6 || s.RateLimited != 25 || s.QueueFull != 0 || s.Retained != 0 {
		t.Errorf("commands %+v, want the burst of 5 and the operator's taken, 25 rate limited", s)
	}
	clk.Advance(time.Second)
	if err := seat.Publish(tb.Command("seat0"), []byte(`{"v":1,"id":"after","type":"ok"}`)); err != nil {
		t.Fatal(err)
	}
	seat.WaitFor("reply after", replyFor(tb, "seat0", "after"))
	var ids []string
	for _, m := range seat.On(tb.Reply("seat0")) {
		ids = append(ids, decodeReply(t, m).ID)
	}
	if want := "[f0 f1 f2 f3 f4 after]"; fmt.Sprint(ids) != want {
		t.Errorf("seat 0 got replies to %v, want %s: the burst of 5 and the one after", ids, want)
	}
	if n := logs.count("over the rate limit"); n != 1 {
		t.Errorf("%d log lines about the flood, want 1", n)
	}
	if n := logs.count("mqtt command refused"); n != 1 {
		t.Errorf("%d log lines about refused commands, want 1", n)
	}
}

// waitCommands waits until the publisher's command counts satisfy ok; it
// fails the test after mqtttest.Patience.
func waitCommands(t *testing.T, p *table.Publisher, ok func(table.CommandStats) bool) {
	t.Helper()
	deadline := time.Now().Add(mqtttest.Patience)
	for !ok(p.Commands()) {
		if time.Now().After(deadline) {
			t.Fatalf("commands %+v after %v", p.Commands(), mqtttest.Patience)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// memory is a command.Memory in a map.
type memory struct {
	mu sync.Mutex
	m  map[string]command.Reply
}

func (m *memory) Recall(role access.Role, id string) (command.Reply, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.m[string(role)+"/"+id]
	return r, ok
}

func (m *memory) Remember(role access.Role, id string, r command.Reply) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m[string(role)+"/"+id] = r
	return nil
}

// TestCommandMemory: a command the memory knows (executed before a
// restart) is answered from it and not executed; a new one is executed and
// remembered, a rejected one is not.
func TestCommandMemory(t *testing.T) {
	tb := mqtttest.Table()
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	mem := &memory{m: map[string]command.Reply{"operator/o1": {V: 1, ID: "o1", Type: "abort", OK: true}}}
	rec := &recorder{}
	start(t, b, table.Options{Handler: rec, Memory: mem}, nil)
	op := mqtttest.Connect(t, b, "operator", "mem")
	op.Subscribe(tb.Reply("operator"))
	seat := mqtttest.Connect(t, b, "seat2", "mem")
	seat.Subscribe(tb.Reply("seat2"))
	for _, id := range []string{"o1", "o2"} {
		if err := op.Publish(tb.Command("operator"), []byte(`{"v":1,"id":"`+id+`","type":"abort"}`)); err != nil {
			t.Fatal(err)
		}
		if r := decodeReply(t, op.WaitFor("reply "+id, replyFor(tb, "operator", id))); !r.OK {
			t.Errorf("%s: %+v", id, r.Error)
		}
	}
	_ = seat.Publish(tb.Command("seat2"), []byte(`{"v":1,"id":"r1","type":"riichi"}`))
	seat.WaitFor("reply r1", replyFor(tb, "seat2", "r1"))
	got := rec.commands()
	if len(got) != 2 || got[0].ID != "o2" || got[1].ID != "r1" {
		t.Errorf("executed %+v, want o2 then r1", got)
	}
	if _, ok := mem.Recall(access.Operator, "o2"); !ok {
		t.Error("o2 was not remembered")
	}
	if _, ok := mem.Recall(access.Seat(2), "r1"); ok {
		t.Error("a rejected command was remembered")
	}
}

// TestSpectatorTurns: the spectator view of a discard is held until two
// more discards have been published, however little time passes.
func TestSpectatorTurns(t *testing.T) {
	tb := mqtttest.Table()
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	p := start(t, b, table.Options{Clock: mqtttest.NewClock()}, func(c *table.Config) { c.SpectatorTurns = 2 })
	bc := mqtttest.Connect(t, b, "broadcast", "turns")
	bc.Subscribe(tb.Spectator(), tb.Machine())
	ctx := patient(t)
	for seq := uint64(1); seq <= 2; seq++ {
		if err := p.Publish(ctx, step(seq)); err != nil {
			t.Fatal(err)
		}
	}
	bc.WaitFor("the marker", marker(t, p, "two"))
	if n := len(bc.On(tb.SpectatorEvents())); n != 0 {
		t.Fatalf("%d spectator events after two discards, want none", n)
	}
	if err := p.Publish(ctx, step(3)); err != nil {
		t.Fatal(err)
	}
	bc.WaitFor("spectator event 1", func(m mqtttest.Message) bool {
		return m.Topic == tb.SpectatorEvents() && strings.Contains(string(m.Payload), `"seq":1,`)
	})
	bc.WaitFor("the marker", marker(t, p, "three"))
	if n := len(bc.On(tb.SpectatorEvents())); n != 1 {
		t.Errorf("%d spectator events after three discards, want 1", n)
	}
}
