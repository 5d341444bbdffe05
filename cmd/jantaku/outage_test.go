package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"jantaku/mqtt/mqtttest"
	mqtable "jantaku/mqtt/table"
)

// TestBrokerOutage is part of the reliability suite (tests/): the table's
// owner loop and publisher, as jantaku run wires them, publishing to an
// external broker (mosquitto, without persistence) that goes away. The
// table keeps playing and journaling meanwhile, the publisher reconnects,
// and a display that connects afterwards gets the current state, retained.
// The outage lasts JANTAKU_OUTAGE (a Go duration; default 3s; the
// documented run in docs/benchmarks.md uses 60s). It lives here because
// the owner loop is the daemon's own. The seats play at outage/600 a move
// so that about as many steps are played during any outage.
func TestBrokerOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mosquitto")
	}
	outage := 3 * time.Second
	if d, err := time.ParseDuration(os.Getenv("JANTAKU_OUTAGE")); err == nil && d > 0 {
		outage = d
	}
	mosq := mqtttest.StartMosquitto(t, mqtttest.Policy(t), mqtttest.Options{})
	tp := mqtttest.Table()
	svc := &service{log: slog.New(slog.NewTextHandler(io.Discard, nil)), dir: t.TempDir(), ruleset: "riichi", now: time.Now,
		rng: rand.New(rand.NewPCG(1, 2)), bots: []bool{true, true, true, true}, pace: max(outage/600, 5*time.Millisecond),
		deal: shuffleDealer{rand.New(rand.NewPCG(3, 4))}}
	ctx, cancel := context.WithTimeout(context.Background(), outage+2*time.Minute)
	defer cancel()
	if err := svc.open(ctx); err != nil {
		t.Fatal(err)
	}
	defer svc.close()
	pub, err := mqtable.Start(mqtable.Config{Broker: mosq.URL(), Username: "table", Password: mqtttest.Password("table"),
		MaxReconnectInterval: time.Second, ConnectRetryInterval: 200 * time.Millisecond}, tp, mqtable.Options{Handler: svc})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close(context.Background())
	rec := &lastStep{Publisher: pub}
	svc.pub = rec
	runCtx, stop := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- svc.Run(runCtx) }()

	// Steps published, over every game played (a game's journal starts
	// afresh with the next game).
	records := func() int64 { return rec.n.Load() }
	for records() < 30 {
		time.Sleep(10 * time.Millisecond)
	}
	mosq.Stop()
	before := records()
	time.Sleep(outage)
	during := records()
	if during < before+50 {
		t.Fatalf("the table stalled while the broker was away: %d steps before, %d after %v", before, during, outage)
	}
	if pub.Connected() {
		t.Fatal("the publisher says it is connected to a stopped broker")
	}
	mosq.Start()
	for i := 0; !pub.Connected(); i++ {
		if i > 300 {
			t.Fatal("the publisher did not reconnect within 30 s of the broker's return")
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Stop the table where it is and let the publisher catch up: the
	// state a display then gets must be the table's.
	stop()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	fctx, fcancel := context.WithTimeout(ctx, 30*time.Second)
	defer fcancel()
	if err := pub.Flush(fctx); err != nil {
		t.Fatal(err)
	}
	disp := mqtttest.Connect(t, mosq, "display", "after-outage")
	disp.Subscribe(tp.State(), tp.Status())
	want := fmt.Sprintf(`"seq":%d,`, rec.seq)
	var last string
	for i := 0; ; i++ {
		for _, m := range disp.On(tp.State()) {
			last = string(m.Payload)
		}
		if strings.Contains(last, want) {
			break
		}
		if i > 200 {
			t.Fatalf("the display's last state is not the table's (%s): %.300s", want, last)
		}
		time.Sleep(50 * time.Millisecond)
	}
	disp.WaitFor("the table online", func(m mqtttest.Message) bool {
		return m.Topic == tp.Status() && strings.Contains(string(m.Payload), "online")
	})
	t.Logf("broker away %v: %d steps played meanwhile; state %d retained after the return", outage, during-before, rec.seq)
}

// lastStep notes the last step the table published.
type lastStep struct {
	*mqtable.Publisher
	seq uint64       // read once the owner loop has stopped
	n   atomic.Int64 // steps published
}

func (l *lastStep) Publish(ctx context.Context, s mqtable.Step) error {
	l.n.Add(1)
	// A step whose publishing the stop interrupted is not the display's:
	// the restarted table's snapshot states it.
	err := l.Publisher.Publish(ctx, s)
	if err == nil {
		l.seq = s.Seq
	}
	return err
}
