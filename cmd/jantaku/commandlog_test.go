package main

import (
	"context"
	"encoding/json"
	"io"
	"jantaku/internal/testdir"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/mqtt/access"
	mqcmd "jantaku/mqtt/command"
	"jantaku/mqtt/topic"
	"jantaku/tablecore/archive"
)

// TestReplayedAbortRunsOnce: an abort executed before a restart and
// delivered again after it (a resend with its id, a redelivery) is
// answered but does not abort the next game; a retained abort is never
// run.
func TestReplayedAbortRunsOnce(t *testing.T) {
	dir := testdir.InMemory(t)
	mq := freeAddr(t)
	cfg := tableConfig{Dir: dir, Ruleset: "riichi", MQTT: mq, WS: "-", HTTP: "-", Pace: time.Hour, Seed: 7}
	run := func(send func(c paho.Client, tp topic.Table, replies chan mqcmd.Reply)) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard) }()
		var acc access.Config
		for i := 0; ; i++ {
			b, err := os.ReadFile(filepath.Join(dir, "access.json"))
			if err == nil && json.Unmarshal(b, &acc) == nil {
				break
			}
			if i > 500 {
				t.Fatalf("no credentials written: %v", err)
			}
			time.Sleep(10 * time.Millisecond)
		}
		u, _ := userOf(acc, access.Operator)
		tp, _ := topic.New(acc.Prefix, acc.Table)
		replies := make(chan mqcmd.Reply, 16)
		o := paho.NewClientOptions().AddBroker("tcp://" + mq).SetClientID(u.Name + "-replay").SetUsername(u.Name).SetPassword(u.Password).
			SetConnectRetry(true).SetConnectRetryInterval(50 * time.Millisecond)
		c := paho.NewClient(o)
		if tok := c.Connect(); !tok.WaitTimeout(time.Minute) || tok.Error() != nil {
			t.Fatalf("connect: %v", tok.Error())
		}
		if tok := c.Subscribe(tp.Reply(string(access.Operator)), 1, func(_ paho.Client, m paho.Message) {
			var r mqcmd.Reply
			if json.Unmarshal(m.Payload(), &r) == nil {
				replies <- r
			}
		}); !tok.WaitTimeout(time.Minute) || tok.Error() != nil {
			t.Fatalf("subscribe: %v", tok.Error())
		}
		online := make(chan struct{}, 4)
		if tok := c.Subscribe(tp.Status(), 1, func(_ paho.Client, m paho.Message) {
			if json.Valid(m.Payload()) && string(m.Payload()) != "" && strings.Contains(string(m.Payload()), `"online"`) {
				online <- struct{}{}
			}
		}); !tok.WaitTimeout(time.Minute) || tok.Error() != nil {
			t.Fatalf("subscribe: %v", tok.Error())
		}
		select { // the table is subscribed to commands once it is online
		case <-online:
		case <-time.After(time.Minute): // a hang guard, not a measure
			t.Fatal("the table did not come online")
		}
		send(c, tp, replies)
		c.Disconnect(0)
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	abort := func(c paho.Client, tp topic.Table, id string, retain bool) {
		t.Helper()
		tok := c.Publish(tp.Command(string(access.Operator)), 1, retain, []byte(`{"v":1,"id":"`+id+`","type":"abort"}`))
		if !tok.WaitTimeout(time.Minute) || tok.Error() != nil {
			t.Fatalf("publish: %v", tok.Error())
		}
	}
	wait := func(replies chan mqcmd.Reply, id string) mqcmd.Reply {
		t.Helper()
		for {
			select {
			case r := <-replies:
				if r.ID == id {
					return r
				}
			case <-time.After(time.Minute): // a hang guard, not a measure
				t.Fatalf("no reply to %s", id)
			}
		}
	}
	run(func(c paho.Client, tp topic.Table, replies chan mqcmd.Reply) {
		abort(c, tp, "a2", true) // retained: refused by the broker
		abort(c, tp, "a1", false)
		if r := wait(replies, "a1"); !r.OK {
			t.Fatalf("abort: %+v", r.Error)
		}
	})
	run(func(c paho.Client, tp topic.Table, replies chan mqcmd.Reply) {
		abort(c, tp, "a1", false)
		if r := wait(replies, "a1"); !r.OK {
			t.Errorf("the replayed abort was not answered ok: %+v", r.Error)
		}
	})
	a, err := archive.Open(filepath.Join(dir, "archive.db"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	games, _ := a.List()
	if len(games) != 1 {
		t.Errorf("%d games archived, want 1: the abort ran more than once", len(games))
	}
}

// TestCheckReadsBrokerWS: --check reads --broker-ws as run would ("none"
// means no display pages), before anything is created.
func TestCheckReadsBrokerWS(t *testing.T) {
	dir := testdir.InMemory(t)
	for _, c := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"--broker", "tcp://127.0.0.1:1883", "--broker-ws", "none"}, true},
		{[]string{"--broker", "tcp://127.0.0.1:1883", "--broker-ws", "wss://broker.example:8884/"}, true},
		{[]string{"--broker", "tcp://127.0.0.1:1883", "--broker-ws", "nowhere"}, false},
		{[]string{"--broker-ws", "none"}, false}, // without --broker
		{[]string{"--claim-window", "soon"}, false},
		{[]string{"--claim-window", "1500ms", "--spectator-delay", "1m", "--spectator-turns", "2"}, true},
		{[]string{"--mqtt-cert", "x.pem"}, false}, // without its key
	} {
		var out strings.Builder
		args := append([]string{"--check", "--data", filepath.Join(dir, "data")}, c.args...)
		err := runCmd(context.Background(), args, nil, &out, &out)
		if (err == nil) != c.ok {
			t.Errorf("run %v: %v, want ok %v", c.args, err, c.ok)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "data")); !os.IsNotExist(err) {
		t.Errorf("--check created the data folder: %v", err)
	}
}
