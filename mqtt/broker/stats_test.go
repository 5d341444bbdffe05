package broker_test

import (
	"testing"
	"time"

	"jantaku/mqtt/broker"
	"jantaku/mqtt/mqtttest"
)

// TestStats: the broker counts its connected clients and the messages it
// received and sent.
func TestStats(t *testing.T) {
	b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0"}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if s := b.Stats(); s.Clients != 0 || s.MessagesReceived != 0 {
		t.Fatalf("a new broker's stats %+v", s)
	}
	tb := mqtttest.Table()
	disp, err := mqtttest.Dial(t, "tcp://"+b.TCPAddr(), "display", mqtttest.Password("display"), "display-stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	disp.Subscribe(tb.State())
	tab, err := mqtttest.Dial(t, "tcp://"+b.TCPAddr(), "table", mqtttest.Password("table"), "table-stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Publish(tb.State(), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	disp.WaitFor("the state", func(m mqtttest.Message) bool { return m.Topic == tb.State() })
	var s broker.Stats
	// The counters are updated after delivery.
	for deadline := time.Now().Add(mqtttest.Patience); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if s = b.Stats(); s.MessagesSent >= 1 {
			break
		}
	}
	if s.Clients != 2 || s.MessagesReceived < 1 || s.MessagesSent < 1 {
		t.Errorf("stats %+v, want 2 clients, a message received and one sent", s)
	}
}
