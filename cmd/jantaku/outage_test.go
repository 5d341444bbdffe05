package main

import (
	"context"
	"fmt"
	"jantaku/internal/testdir"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tablesvc "jantaku/firmware/table"
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
// it runs the table as the daemon wires it. The seats play at outage/600 a move
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
	ctx, cancel := context.WithTimeout(t.Context(), outage+5*time.Minute)
	defer cancel()
	steps := &refereeSteps{}
	svc, err := tablesvc.New(ctx, tablesvc.Config{Dir: testdir.InMemory(t), Ruleset: "riichi", Simulated: []bool{true, true, true, true},
		Pace: max(outage/600, 5*time.Millisecond), Seed: 3, Publisher: steps})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	pub, err := mqtable.Start(mqtable.Config{Broker: mosq.URL(), Username: "table", Password: mqtttest.Password("table"),
		MaxReconnectInterval: time.Second, ConnectRetryInterval: 200 * time.Millisecond}, tp, mqtable.Options{Handler: tableHandler{svc}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cctx, ccancel := context.WithTimeout(context.Background(), time.Minute)
		defer ccancel()
		_ = pub.Close(cctx)
	}()
	rec := &lastStep{Publisher: pub, stepped: make(chan struct{}, 1)}
	steps.pub = rec
	runCtx, stop := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- svc.Run(runCtx) }()

	// Steps published, over every game played (a game's journal starts
	// afresh with the next game). The test waits for what the table does,
	// never for how much it does in a given time: a busy machine plays
	// slower, not differently.
	records := func() int64 { return rec.n.Load() }
	rec.await(t, ctx, 30, nil, "30 steps played with the broker up")
	mosq.Stop()
	before := records()
	// The broker stays away for the outage and until the table has played
	// 50 steps meanwhile.
	rec.await(t, ctx, before+50, time.After(outage), fmt.Sprintf("50 steps played while the broker was away (%d before)", before))
	during := records()
	if pub.Connected() {
		t.Fatal("the publisher says it is connected to a stopped broker")
	}
	mosq.Start()
	rctx, rcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer rcancel()
	if err := pub.WaitReady(rctx); err != nil {
		t.Fatalf("the publisher did not reconnect after the broker's return: %v", err)
	}
	// Stop the table where it is and let the publisher catch up: the
	// state a display then gets must be the table's.
	stop()
	select {
	case err := <-ran:
		if err != nil {
			t.Fatal(err)
		}
	case <-ctx.Done():
		t.Fatal("the table's owner loop did not stop")
	}
	fctx, fcancel := context.WithTimeout(ctx, 2*time.Minute)
	defer fcancel()
	if err := pub.Flush(fctx); err != nil {
		t.Fatal(err)
	}
	disp := mqtttest.Connect(t, mosq, "display", "after-outage")
	disp.Subscribe(tp.State(), tp.Status())
	want := fmt.Sprintf(`"seq":%d,`, rec.seq)
	disp.WaitFor("the table's last state, retained ("+want+")", func(m mqtttest.Message) bool {
		return m.Topic == tp.State() && strings.Contains(string(m.Payload), want)
	})
	if st := disp.On(tp.State()); !strings.Contains(string(st[len(st)-1].Payload), want) {
		t.Errorf("the display's last state is not the table's (%s): %.300s", want, st[len(st)-1].Payload)
	}
	disp.WaitFor("the table online", func(m mqtttest.Message) bool {
		return m.Topic == tp.Status() && strings.Contains(string(m.Payload), "online")
	})
	t.Logf("broker away %v or more: %d steps played meanwhile; state %d retained after the return", outage, during-before, rec.seq)
}

// lastStep notes the last step the table published.
type lastStep struct {
	*mqtable.Publisher
	seq     uint64        // read once the owner loop has stopped
	n       atomic.Int64  // steps published
	stepped chan struct{} // signalled after each step, capacity 1
}

// await waits until n steps are published and, unless it is nil, until
// also fires; it fails the test with what if ctx ends first.
func (l *lastStep) await(t *testing.T, ctx context.Context, n int64, also <-chan time.Time, what string) {
	t.Helper()
	for l.n.Load() < n || also != nil {
		select {
		case <-l.stepped:
		case <-also:
			also = nil
		case <-ctx.Done():
			t.Fatalf("the table stalled: not %s, %d steps in all: %v", what, l.n.Load(), ctx.Err())
		}
	}
}

func (l *lastStep) Publish(ctx context.Context, s mqtable.Step) error {
	l.n.Add(1)
	// A step whose publishing the stop interrupted is not the display's:
	// the restarted table's snapshot states it.
	err := l.Publisher.Publish(ctx, s)
	if err == nil {
		l.seq = s.Seq
	}
	select {
	case l.stepped <- struct{}{}:
	default:
	}
	return err
}
