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

	"jantaku/mqtt/follow"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/table"
)

// followAs starts a follower of the public stream as user.
func followAs(t *testing.T, b mqtttest.Broker, user, suffix string, clean bool) *follow.Follower {
	t.Helper()
	tb := mqtttest.Table()
	f, err := follow.Start(follow.Config{
		Broker: b.URL(), Username: user, Password: mqtttest.Password(user), ClientID: user + "-" + suffix,
		Clean: clean, State: tb.State(), Events: tb.Events(),
		GapTimeout: 5 * time.Second, MaxReconnectInterval: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Close)
	if err := f.Ready(patient(t)); err != nil {
		t.Fatal(err)
	}
	return f
}

// collect reads updates until the event last arrives (or a state that
// holds it), failing on a gap, a disorder, or after the deadline.
func collect(t *testing.T, f *follow.Follower, last uint64, deadline time.Duration) (first follow.Update, events []uint64) {
	t.Helper()
	timer := time.NewTimer(deadline)
	defer timer.Stop()
	var next uint64
	for {
		select {
		case u, ok := <-f.Updates():
			if !ok {
				t.Fatal("updates closed")
			}
			switch u.Kind {
			case follow.Gap:
				t.Fatalf("gap: events %d..%d lost", u.Seq, u.To)
			case follow.State:
				if first.Kind == 0 {
					first = u
				}
				if u.Seq+1 < next {
					t.Fatalf("state %d after event %d", u.Seq, next-1)
				}
				next = u.Seq + 1
				if u.Seq >= last {
					return first, events // a state that already holds the last event
				}
			case follow.Event:
				if first.Kind == 0 {
					first = u
				}
				if next != 0 && u.Seq != next {
					t.Fatalf("event %d, want %d", u.Seq, next)
				}
				var body struct{ Seq uint64 }
				if err := json.Unmarshal(u.Payload, &body); err != nil || body.Seq != u.Seq {
					t.Fatalf("event payload %s", u.Payload)
				}
				events = append(events, u.Seq)
				next = u.Seq + 1
				if u.Seq == last {
					return first, events
				}
			}
		case <-timer.C:
			t.Fatalf("event %d never arrived; got %d events, next expected %d", last, len(events), next)
		}
	}
}

func TestLateJoiner(t *testing.T) {
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		p := start(t, b, table.Options{}, nil)
		ctx := patient(t)
		for seq := uint64(1); seq <= 5; seq++ {
			if err := p.Publish(ctx, step(seq)); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		f := followAs(t, b, "display", "late", true)
		for seq := uint64(6); seq <= 10; seq++ {
			if err := p.Publish(ctx, step(seq)); err != nil {
				t.Fatal(err)
			}
		}
		first, events := collect(t, f, 10, mqtttest.Patience)
		if first.Kind != follow.State || first.Seq != 5 {
			t.Errorf("first update %v seq %d, want the retained state at 5", first.Kind, first.Seq)
		}
		if fmt.Sprint(events) != "[6 7 8 9 10]" {
			t.Errorf("events %v", events)
		}

		// Joining while events flow: state S, then exactly S+1...
		const last = 400
		done := make(chan error, 1)
		go func() {
			for seq := uint64(11); seq <= last; seq++ {
				if err := p.Publish(ctx, step(seq)); err != nil {
					done <- err
					return
				}
				if seq%20 == 0 {
					time.Sleep(time.Millisecond) // let the joiner land mid-stream
				}
			}
			done <- nil
		}()
		f2 := followAs(t, b, "display", "mid", true)
		first, events = collect(t, f2, last, mqtttest.Patience)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if first.Kind == follow.State && len(events) != int(last-first.Seq) {
			t.Errorf("state %d then %d events, want %d", first.Seq, len(events), last-first.Seq)
		}
		t.Logf("%s: joined at state %v %d, then %d events", b.Name(), first.Kind, first.Seq, len(events))
	})
}

func TestSpectatorDelay(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		clock := mqtttest.NewClock()
		p := start(t, b, table.Options{Clock: clock}, func(c *table.Config) { c.SpectatorDelay = time.Minute })
		bc := mqtttest.Connect(t, b, "broadcast", "delay")
		bc.Subscribe(tb.Spectator(), tb.Events(), tb.Machine())
		ctx := patient(t)
		if err := p.Publish(ctx, step(1)); err != nil {
			t.Fatal(err)
		}
		bc.WaitFor("the marker", marker(t, p, "before"))
		if n := len(bc.On(tb.SpectatorEvents())) + len(bc.On(tb.SpectatorState())); n != 0 {
			t.Fatalf("spectator tree published before its delay: %d messages", n)
		}
		clock.Advance(59 * time.Second)
		if err := p.Publish(ctx, step(2)); err != nil {
			t.Fatal(err)
		}
		bc.WaitFor("the marker", marker(t, p, "at59"))
		if n := len(bc.On(tb.SpectatorEvents())); n != 0 {
			t.Fatalf("spectator event published after 59s of 60: %d", n)
		}
		clock.Advance(time.Second)
		bc.WaitFor("spectator event 1", func(m mqtttest.Message) bool {
			return m.Topic == tb.SpectatorEvents() && strings.Contains(string(m.Payload), `"seq":1,`)
		})
		bc.WaitFor("the marker", marker(t, p, "at60"))
		if n := len(bc.On(tb.SpectatorEvents())); n != 1 {
			t.Errorf("%d spectator events at 60s, want 1 (event 2 is due at 119s)", n)
		}
		clock.Advance(59 * time.Second)
		bc.WaitFor("spectator event 2", func(m mqtttest.Message) bool {
			return m.Topic == tb.SpectatorEvents() && strings.Contains(string(m.Payload), `"seq":2,`)
		})
	})
}

func TestSeqMustIncrease(t *testing.T) {
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	p := start(t, b, table.Options{}, nil)
	ctx := patient(t)
	if err := p.Publish(ctx, step(0)); err == nil {
		t.Error("seq 0 accepted")
	}
	if err := p.Publish(ctx, step(3)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []uint64{3, 2} {
		if err := p.Publish(ctx, step(s)); err == nil {
			t.Errorf("seq %d after 3 accepted", s)
		}
	}
	if err := p.Snapshot(ctx, step(3)); err != nil {
		t.Errorf("snapshot at the last seq: %v", err)
	}
	// A new game numbers its steps from 1 again.
	p.NewGame()
	if err := p.Publish(ctx, step(1)); err != nil {
		t.Errorf("first step of a new game: %v", err)
	}
	if err := p.Publish(ctx, step(1)); err == nil {
		t.Error("seq 1 twice in one game accepted")
	}
	if err := p.Publish(ctx, step(3)); err != nil {
		t.Fatal(err)
	}
	bad := step(4)
	bad.State = json.RawMessage(`{not json`)
	if err := p.Publish(ctx, bad); err == nil || !strings.Contains(err.Error(), "state") {
		t.Errorf("invalid JSON state: %v", err)
	}
	if err := p.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := p.Publish(ctx, step(5)); err == nil {
		t.Error("publish after Close accepted")
	}
}

// TestOutage stops and restarts the broker in the middle of a stream of
// events: the follower, on a persistent session, gets every event exactly
// once and in order. Only an external broker can go away while the table
// goes on: the embedded one lives and dies with the daemon, whose restart
// publishes a fresh snapshot (and the embedded broker does not promise to
// keep messages in flight to a subscriber across its own restart).
func TestOutage(t *testing.T) {
	t.Run("mosquitto", func(t *testing.T) {
		var b mqtttest.Broker = mqtttest.StartMosquitto(t, mqtttest.Policy(t), mqtttest.Options{Persist: true})
		tb := mqtttest.Table()
		p := start(t, b, table.Options{}, nil)
		f := followAs(t, b, "display", "outage", false)
		const last = 300
		ctx, cancel := context.WithTimeout(context.Background(), 3*mqtttest.Patience)
		defer cancel()
		var wg sync.WaitGroup
		wg.Add(1)
		var pubErr error
		go func() {
			defer wg.Done()
			for seq := uint64(1); seq <= last; seq++ {
				if pubErr = p.Publish(ctx, step(seq)); pubErr != nil {
					return
				}
				time.Sleep(3 * time.Millisecond)
			}
		}()
		t.Cleanup(wg.Wait)
		// Wait until the stream is flowing, then cut the broker.
		first, events := collect(t, f, 50, mqtttest.Patience)
		b.Stop()
		time.Sleep(300 * time.Millisecond) // publishes pile up in the client meanwhile
		b.Start()
		restarted := time.Now()
		_, more := collect(t, f, last, mqtttest.Patience)
		t.Logf("%s: all events %v after the restart", b.Name(), time.Since(restarted).Round(time.Millisecond))
		wg.Wait()
		if pubErr != nil {
			t.Fatal(pubErr)
		}
		all := append(events, more...)
		start := uint64(1)
		if first.Kind == follow.State {
			start = first.Seq + 1
		}
		for i, s := range all {
			if s != start+uint64(i) {
				t.Fatalf("event %d is %d, want %d", i, s, start+uint64(i))
			}
		}
		// The retained status is online again and the retained state is the last.
		late := mqtttest.Connect(t, b, "display", "after")
		late.Subscribe(tb.Status(), tb.State())
		late.WaitFor("status online", func(m mqtttest.Message) bool {
			return m.Topic == tb.Status() && strings.Contains(string(m.Payload), "online")
		})
		late.WaitFor(fmt.Sprintf("state %d", last), func(m mqtttest.Message) bool {
			return m.Topic == tb.State() && strings.Contains(string(m.Payload), fmt.Sprintf(`"seq":%d,`, last))
		})
	})
}

func TestRun(t *testing.T) {
	b := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	p := start(t, b, table.Options{}, nil)
	f := followAs(t, b, "display", "run", true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx, &feed{steps: []table.Step{step(1), step(2), step(3)}}) }()
	_, events := collect(t, f, 3, 10*time.Second)
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Run = %v, want context.Canceled", err)
	}
	if fmt.Sprint(events) != "[1 2 3]" && fmt.Sprint(events) != "[2 3]" && fmt.Sprint(events) != "[3]" {
		t.Errorf("events %v", events)
	}
}

// TestExternalTLS connects the publisher to mosquitto over TLS with a CA and
// a client certificate (required by the broker), plus user name and password.
func TestExternalTLS(t *testing.T) {
	certs := mqtttest.WriteCerts(t)
	m := mqtttest.StartMosquitto(t, mqtttest.Policy(t), mqtttest.Options{Extra: strings.Join([]string{
		"cafile " + certs.CA, "certfile " + certs.ServerCert, "keyfile " + certs.ServerKey, "require_certificate true",
	}, "\n")})
	url := strings.Replace(m.URL(), "tcp://", "ssl://", 1)
	tlsCfg := table.TLS{CA: certs.CA, Cert: certs.ClientCert, Key: certs.ClientKey}
	p, err := table.Start(table.Config{Broker: url, Username: "table", Password: mqtttest.Password("table"), TLS: tlsCfg}, mqtttest.Table(), table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close(patient(t)) })
	if err := p.WaitReady(patient(t)); err != nil {
		t.Fatalf("publisher over TLS: %v\n%s", err, m.Log())
	}
	if err := p.Publish(patient(t), step(1)); err != nil {
		t.Fatal(err)
	}
	if err := p.Flush(patient(t)); err != nil {
		t.Fatal(err)
	}
	// Without the client certificate the broker refuses the handshake.
	anon, err := table.Start(table.Config{Broker: url, Username: "table", Password: mqtttest.Password("table"), ClientID: "table-nocert", TLS: table.TLS{CA: certs.CA}}, mqtttest.Table(), table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := anon.WaitReady(ctx); err == nil {
		t.Error("connected over TLS without a client certificate")
	}
	_ = anon.Close(patient(t))
	// Bad TLS files are configuration errors that name the key.
	for _, bad := range []table.TLS{{CA: "/nonexistent/ca.pem"}, {CA: certs.ServerKey}, {Cert: certs.ClientCert, Key: certs.ServerKey}, {Cert: certs.ClientCert}} {
		if _, err := table.Start(table.Config{Broker: url, Username: "table", TLS: bad}, mqtttest.Table(), table.Options{}); !errors.Is(err, table.ErrConfig) || !strings.Contains(err.Error(), "tls.") {
			t.Errorf("TLS %+v: %v, want ErrConfig naming tls.*", bad, err)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  table.Config
		want string
	}{
		{table.Config{Username: "u"}, "broker is empty"},
		{table.Config{Broker: "http://x:1", Username: "u"}, "scheme"},
		{table.Config{Broker: "tcp://", Username: "u"}, "no host"},
		{table.Config{Broker: "tcp://127.0.0.1:1"}, "username"},
		{table.Config{Broker: "tcp://127.0.0.1:1", Username: "u", SpectatorDelay: -1}, "negative"},
	} {
		if _, err := table.Start(c.cfg, mqtttest.Table(), table.Options{}); !errors.Is(err, table.ErrConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want ErrConfig naming %q", c.cfg, err, c.want)
		}
	}
}

// TestFollowerAsksAgainForTheState: a display that subscribed before any
// state was retained (or whose retained state the broker dropped) sees
// events it cannot place and live states that are not snapshots; it asks
// for the retained state again, starts from it, and goes on in order.
func TestFollowerAsksAgainForTheState(t *testing.T) {
	tb := mqtttest.Table()
	mqtttest.Each(t, mqtttest.Policy(t), mqtttest.Options{}, func(t *testing.T, b mqtttest.Broker) {
		f, err := follow.Start(follow.Config{
			Broker: b.URL(), Username: "display", Password: mqtttest.Password("display"), ClientID: "display-early",
			Clean: true, State: tb.State(), Events: tb.Events(), GapTimeout: 200 * time.Millisecond,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(f.Close)
		if err := f.Ready(patient(t)); err != nil {
			t.Fatal(err)
		}
		pub := mqtttest.Connect(t, b, "table", "raw").Paho()
		send := func(topic string, seq int, retained bool) {
			t.Helper()
			tok := pub.Publish(topic, 1, retained, fmt.Sprintf(`{"v":1,"seq":%d}`, seq))
			if !tok.WaitTimeout(mqtttest.Patience) || tok.Error() != nil {
				t.Fatalf("publish %s %d: %v", topic, seq, tok.Error())
			}
		}
		// Event 6 arrives with no state to start from, then state 6 live.
		send(tb.Events(), 6, false)
		send(tb.State(), 6, true)
		first, events := collectUntil(t, f, func(u follow.Update) bool { return u.Kind == follow.State })
		if first.Kind != follow.State || first.Seq != 6 || len(events) != 0 {
			t.Fatalf("first update %v %d, events %v; want the state at 6", first.Kind, first.Seq, events)
		}
		send(tb.Events(), 7, false)
		_, events = collectUntil(t, f, func(u follow.Update) bool { return u.Kind == follow.Event && u.Seq == 7 })
		if fmt.Sprint(events) != "[7]" {
			t.Errorf("events after the state: %v, want [7]", events)
		}
	})
}

// collectUntil reads f's updates until done holds for one, failing after
// mqtttest.Patience; it returns the first update and the events' numbers.
func collectUntil(t *testing.T, f *follow.Follower, done func(follow.Update) bool) (first follow.Update, events []uint64) {
	t.Helper()
	ctx := patient(t)
	for {
		select {
		case u, ok := <-f.Updates():
			if !ok {
				t.Fatal("updates closed")
			}
			if first.Kind == 0 {
				first = u
			}
			if u.Kind == follow.Event {
				events = append(events, u.Seq)
			}
			if done(u) {
				return first, events
			}
		case <-ctx.Done():
			t.Fatalf("updates so far: first %v %d, events %v: %v", first.Kind, first.Seq, events, ctx.Err())
		}
	}
}
