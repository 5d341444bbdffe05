package table_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/table"
	"jantaku/mqtt/topic"
)

// start starts a publisher as the table user on b, ready within 10s.
func start(t *testing.T, b mqtttest.Broker, opts table.Options, tweak func(*table.Config)) *table.Publisher {
	t.Helper()
	cfg := table.Config{
		Broker: b.URL(), Username: "table", Password: mqtttest.Password("table"),
		MaxReconnectInterval: time.Second, ConnectRetryInterval: 200 * time.Millisecond,
	}
	if tweak != nil {
		tweak(&cfg)
	}
	p, err := table.Start(cfg, mqtttest.Table(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = p.Close(ctx)
	})
	ctx, cancel := context.WithTimeout(context.Background(), mqtttest.Patience)
	defer cancel()
	if err := p.WaitReady(ctx); err != nil {
		t.Fatalf("publisher on %s: %v", b.Name(), err)
	}
	return p
}

// step returns a step whose every view names its audience, so a leak shows.
func step(seq uint64) table.Step {
	s := table.Step{
		Seq: seq, Type: "discard",
		Event:     json.RawMessage(fmt.Sprintf(`{"n":%d,"who":"public"}`, seq)),
		State:     json.RawMessage(fmt.Sprintf(`{"n":%d,"who":"public"}`, seq)),
		Spectator: table.View{Event: json.RawMessage(`{"who":"spectator"}`), State: json.RawMessage(`{"who":"spectator"}`)},
	}
	for n := range s.Seats {
		s.Seats[n] = table.SeatView{
			State: json.RawMessage(fmt.Sprintf(`{"who":"seat%d"}`, n)),
			Event: json.RawMessage(fmt.Sprintf(`{"who":"seat%d"}`, n)),
		}
	}
	return s
}

// patient is a context for one wait on the real broker, bounded by
// mqtttest.Patience and cancelled when the test ends.
func patient(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), mqtttest.Patience)
	t.Cleanup(cancel)
	return ctx
}

// marker publishes machine status with a unique id; once a client has it,
// everything the publisher sent before has been delivered to that client.
func marker(t *testing.T, p *table.Publisher, id string) func(mqtttest.Message) bool {
	t.Helper()
	if err := p.Machine(patient(t), json.RawMessage(`{"marker":"`+id+`"}`), time.Time{}); err != nil {
		t.Fatal(err)
	}
	return func(m mqtttest.Message) bool {
		return m.Topic == mqtttest.Table().Machine() && strings.Contains(string(m.Payload), `"marker":"`+id+`"`)
	}
}

func TestPrivacy(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		p := start(t, b, table.Options{}, nil)
		embedded := b.Name() == "embedded"

		type sub struct {
			filter  string
			allowed bool // granted by the embedded broker
		}
		clients := map[string][]sub{
			"seat1": {
				{tb.SeatState(1), true}, {tb.State(), true}, {tb.Machine(), true},
				{tb.SeatState(2), false}, {tb.SeatEvents(2), false}, {tb.Seat(2), false},
				{"jantaku/t1/seat/+/state", false}, {"jantaku/t1/#", false}, {"jantaku/#", false},
				{"#", false}, {"+/+/+/+/+", false}, {tb.Spectator(), false}, {tb.Reply("seat2"), false},
			},
			"display":   {{tb.State(), true}, {tb.Machine(), true}, {"jantaku/t1/#", false}, {tb.Spectator(), false}, {tb.Seat(0), false}},
			"broadcast": {{tb.Spectator(), true}, {tb.Machine(), true}, {"jantaku/t1/#", false}, {tb.Seat(3), false}},
		}
		cs := map[string]*mqtttest.Client{}
		for user, subs := range clients {
			c := mqtttest.Connect(t, b, user, "privacy")
			cs[user] = c
			for _, s := range subs {
				got := c.Subscribe(s.filter)[0]
				if embedded && (got != 0x80) != s.allowed {
					t.Errorf("%s: subscribe %s granted %#x, want allowed=%v", user, s.filter, got, s.allowed)
				}
			}
		}
		if err := p.Publish(patient(t), step(1)); err != nil {
			t.Fatal(err)
		}
		done := marker(t, p, "privacy")
		for user, c := range cs {
			c.WaitFor("the marker", done)
			role := access.Role(user)
			for _, m := range c.Messages() {
				if !access.Allowed(access.Rules(tb, role), m.Topic, false) {
					t.Errorf("%s received %s: %s", user, m.Topic, m.Payload)
				}
				var body struct {
					State, Event struct{ Who string }
				}
				_ = json.Unmarshal(m.Payload, &body)
				for _, who := range []string{body.State.Who, body.Event.Who} {
					if who != "" && who != "public" && who != user && !(who == "spectator" && role == access.Broadcast) {
						t.Errorf("%s received %q's view on %s", user, who, m.Topic)
					}
				}
			}
		}
		// What each may see did arrive.
		cs["seat1"].WaitFor("seat 1's state", func(m mqtttest.Message) bool { return m.Topic == tb.SeatState(1) })
		cs["broadcast"].WaitFor("the spectator state", func(m mqtttest.Message) bool { return m.Topic == tb.SpectatorState() })
		cs["display"].WaitFor("the public state", func(m mqtttest.Message) bool { return m.Topic == tb.State() })
	})
}

func TestConnectRefused(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		if _, err := mqtttest.Dial(t, b.URL(), "seat1", "wrong", "seat1-x", nil); err == nil {
			t.Error("wrong password accepted")
		}
		if _, err := mqtttest.Dial(t, b.URL(), "nobody", "pw-nobody", "nobody", nil); err == nil {
			t.Error("unknown user accepted")
		}
		if _, err := mqtttest.Dial(t, b.URL(), "", "", "anon", nil); err == nil {
			t.Error("anonymous accepted")
		}
		// A last will is a publish: a display may not set the table offline.
		p := start(t, b, table.Options{}, nil)
		watcher := mqtttest.Connect(t, b, "display", "watch")
		watcher.Subscribe(tb.Status(), tb.Machine())
		rc, err := mqtttest.ConnectWithWill(b.URL(), "display", mqtttest.Password("display"), "display-will", tb.Status(), []byte(`{"v":1,"status":"evil"}`))
		if err != nil {
			t.Fatal(err)
		}
		if b.Name() == "embedded" && rc == 0 {
			t.Error("embedded broker accepted a display's last will on the status topic")
		}
		// mosquitto accepts the connection but must not deliver the will.
		watcher.WaitFor("the marker", marker(t, p, "will"))
		late := mqtttest.Connect(t, b, "display", "late")
		late.Subscribe(tb.Status())
		st := late.WaitFor("the retained status", func(m mqtttest.Message) bool { return m.Topic == tb.Status() })
		if !strings.Contains(string(st.Payload), `"online"`) {
			t.Errorf("retained status %s, want online", st.Payload)
		}
		if n := len(watcher.On(tb.Status())); n != 1 { // the retained online only
			t.Errorf("watcher got %d status messages: %v", n, watcher.On(tb.Status()))
		}
		// The table's own will does say offline.
		rc, err = mqtttest.ConnectWithWill(b.URL(), "table", mqtttest.Password("table"), "table-will", tb.Status(), []byte(`{"v":1,"table":"t1","status":"offline"}`))
		if err != nil || rc != 0 {
			t.Fatalf("table's will connection: rc %d, %v", rc, err)
		}
		watcher.WaitFor("the table's will", func(m mqtttest.Message) bool { return strings.Contains(string(m.Payload), `"offline"`) })
		for _, m := range watcher.Messages() {
			if strings.Contains(string(m.Payload), "evil") {
				t.Errorf("the display's will was delivered: %s", m.Payload)
			}
		}
		if b.Name() == "embedded" {
			// A client id that is not the user's cannot take over the table's session.
			if _, err := mqtttest.Dial(t, b.URL(), "display", mqtttest.Password("display"), "table", nil); err == nil {
				t.Error("display connected with the table's client id")
			}
		}
	})
}

type recorder struct {
	mu  sync.Mutex
	got []command.Command
}

func (r *recorder) Handle(_ context.Context, c command.Command) error {
	r.mu.Lock()
	r.got = append(r.got, c)
	r.mu.Unlock()
	if c.Type == "riichi" {
		return errors.New("riichi: hand is not tenpai")
	}
	return nil
}

func (r *recorder) commands() []command.Command {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]command.Command(nil), r.got...)
}

func replyFor(tb topic.Table, role, id string) func(mqtttest.Message) bool {
	return func(m mqtttest.Message) bool {
		var r command.Reply
		return m.Topic == tb.Reply(role) && json.Unmarshal(m.Payload, &r) == nil && r.ID == id
	}
}

func decodeReply(t *testing.T, m mqtttest.Message) command.Reply {
	t.Helper()
	var r command.Reply
	if err := json.Unmarshal(m.Payload, &r); err != nil || r.V != 1 {
		t.Fatalf("reply %s: %v", m.Payload, err)
	}
	return r
}

func TestCommands(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		rec := &recorder{}
		start(t, b, table.Options{Handler: rec}, nil)

		// A display cannot publish commands (mochi disconnects it, mosquitto
		// drops the message); a seat cannot use another seat's topic.
		display := mqtttest.Connect(t, b, "display", "cmd")
		_ = display.Publish(tb.Command("operator"), []byte(`{"v":1,"id":"d1","type":"start"}`))
		seat1 := mqtttest.Connect(t, b, "seat1", "cmd")
		seat1.Subscribe(tb.Reply("seat1"))
		_ = seat1.Publish(tb.Command("seat2"), []byte(`{"v":1,"id":"x1","type":"win"}`))
		if b.Name() == "embedded" {
			seat1 = mqtttest.Connect(t, b, "seat1", "cmd2") // mochi closed the first for the denied publish
			seat1.Subscribe(tb.Reply("seat1"))
		}
		seat2 := mqtttest.Connect(t, b, "seat2", "cmd")
		seat2.Subscribe(tb.Reply("seat2"))
		op := mqtttest.Connect(t, b, "operator", "cmd")
		op.Subscribe(tb.Reply("operator"))

		send := func(c *mqtttest.Client, role, payload string) {
			t.Helper()
			if err := c.Publish(tb.Command(role), []byte(payload)); err != nil {
				t.Fatalf("%s publish: %v", role, err)
			}
		}
		send(op, "operator", `{"v":1,"id":"o1","type":"start"}`)
		if r := decodeReply(t, op.WaitFor("reply o1", replyFor(tb, "operator", "o1"))); !r.OK {
			t.Errorf("o1: %+v", r.Error)
		}
		send(seat1, "seat1", `{"v":1,"id":"s1","type":"win","seat":2}`)
		send(seat1, "seat1", `not json at all`)
		send(seat1, "seat1", `{"v":1,"id":"s3","type":"start"}`)
		send(seat1, "seat1", `{"v":1,"id":"s4","type":"riichi"}`)
		send(seat1, "seat1", `{"v":1,"id":"s5","type":"pon","args":{"tile":"5p"}}`)
		send(seat1, "seat1", `{"v":1,"id":"s5","type":"pon","args":{"tile":"5p"}}`) // resent: executed once

		for id, want := range map[string]string{"s1": "unauthorised", "s3": "unauthorised", "s4": "rejected"} {
			r := decodeReply(t, seat1.WaitFor("reply "+id, replyFor(tb, "seat1", id)))
			if r.OK || r.Error.Code != want {
				t.Errorf("%s: reply %+v, want %s", id, r, want)
			}
		}
		bad := seat1.WaitFor("reply to garbage", func(m mqtttest.Message) bool {
			return m.Topic == tb.Reply("seat1") && strings.Contains(string(m.Payload), `"malformed"`)
		})
		if !strings.Contains(string(bad.Payload), "not a JSON command envelope") {
			t.Errorf("garbage reply does not say what is wrong: %s", bad.Payload)
		}
		seat1.WaitFor("second reply s5", func(m mqtttest.Message) bool {
			return len(seat1.On(tb.Reply("seat1"))) >= 6
		})
		if n := len(seat2.On(tb.Reply("seat1"))) + len(seat2.On(tb.Reply("seat2"))); n != 0 {
			t.Errorf("seat 2 received %d replies", n)
		}
		got := rec.commands()
		var summary []string
		for _, c := range got {
			summary = append(summary, fmt.Sprintf("%s/%s/%s/%d", c.Role, c.ID, c.Type, c.Seat))
		}
		if want := "operator/o1/start/-1 seat1/s4/riichi/1 seat1/s5/pon/1"; strings.Join(summary, " ") != want {
			t.Errorf("handler got %v, want %s", summary, want)
		}
	})
}
