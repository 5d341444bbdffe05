package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"jantaku/drivers/clock"
	tablesvc "jantaku/firmware/table"
	"jantaku/hardware/sim/players"
	"jantaku/internal/testdir"
	"jantaku/mqtt/mqtttest"
	"jantaku/rules/game"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// TestSensedLatency measures, end to end and on the real clock, how long
// an action takes from the moment its last tile comes down on the
// simulated table to the moment a display subscribed to the table's
// public events receives it: the simulated players and the surface
// readers on the wall clock, sensing, the referee and its journal, the
// publisher and the embedded broker, a paho client as the display. Every
// action the players made must reach the display, in order and kind for
// kind; the figures are logged, not asserted (docs/benchmarks.md, "Tile
// sensing end to end").
//
// It plays in real time (about a minute a hand at the fast pace, three at
// the human one), so it runs only when asked:
//
//	JANTAKU_LATENCY_HANDS=10 [JANTAKU_LATENCY_PACE=fast] [JANTAKU_LATENCY_RULES=mcr] [JANTAKU_LATENCY_SURFACE=held] go test -run TestSensedLatency -v -timeout 2h ./cmd/jantaku/
//
// JANTAKU_LATENCY_SURFACE=held gives every zone a reader holding its field
// on (jantaku run --surface held) instead of the one switched reader.
func TestSensedLatency(t *testing.T) {
	hands, _ := strconv.Atoi(os.Getenv("JANTAKU_LATENCY_HANDS"))
	if hands <= 0 {
		t.Skip("plays hands in real time: set JANTAKU_LATENCY_HANDS to measure")
	}
	pace, paceName := players.Human, "human"
	if os.Getenv("JANTAKU_LATENCY_PACE") == "fast" {
		pace, paceName = players.Fast, "fast"
	}
	rules := os.Getenv("JANTAKU_LATENCY_RULES")
	if rules == "" {
		rules = "riichi"
	}
	surface := os.Getenv("JANTAKU_LATENCY_SURFACE")
	held, err := surfaceValue(cmp.Or(surface, "switched"))
	if err != nil {
		t.Fatalf("JANTAKU_LATENCY_SURFACE: %v", err)
	}

	var mu sync.Mutex
	var meant [][]players.Record // by hand
	enough := make(chan struct{})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	sense := &tablesvc.Sensing{
		Clock:      clock.Real{},
		Players:    players.Config{Seed: 4242, Pace: pace, MissRate: 0.05, GhostRate: 0.005, BrownOutRate: 0.005},
		HeldFields: held,
		Played: func(r players.HandResult) {
			mu.Lock()
			defer mu.Unlock()
			if meant = append(meant, r.Meant); len(meant) == hands {
				close(enough)
			}
		},
	}
	dir := testdir.InMemory(t)
	mq := freeAddr(t)
	cfg := tableConfig{Dir: dir, Ruleset: rules, MQTT: mq, WS: "-", HTTP: "-", Seed: 4242, Sense: sense}
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard) }()

	// The display: the public events, each stamped when it arrives.
	type arrival struct {
		seq  uint64
		kind string // the step's type: an action's kind, "hand-started"...
		seat int    // the action's seat and tile ("" when hidden)
		tile string
		sent time.Time // the step's time, set by the table when it applied the action
		at   time.Time
	}
	var arrivals []arrival
	c, tp := displayClient(t, ctx, dir, mq, "latency")
	if tok := c.Subscribe(tp.Events(), 1, func(_ paho.Client, m paho.Message) {
		at := time.Now()
		var msg struct {
			Seq   uint64     `json:"seq"`
			Type  string     `json:"type"`
			Time  *time.Time `json:"time"`
			Event struct {
				Events []struct {
					Type   string `json:"type"`
					Seat   *int   `json:"seat"`
					Action *struct {
						Kind string `json:"kind"`
						Tile string `json:"tile"`
					} `json:"action"`
				} `json:"events"`
			} `json:"event"`
		}
		if err := json.Unmarshal(m.Payload(), &msg); err != nil {
			t.Errorf("event %s: %v", m.Payload(), err)
			return
		}
		a := arrival{seq: msg.Seq, kind: msg.Type, seat: -1, at: at}
		for _, e := range msg.Event.Events {
			if e.Type == "acted" && e.Action != nil && e.Action.Kind == msg.Type && e.Seat != nil {
				a.seat, a.tile = *e.Seat, e.Action.Tile
				break
			}
		}
		if msg.Time != nil {
			a.sent = *msg.Time
		}
		mu.Lock()
		arrivals = append(arrivals, a)
		mu.Unlock()
	}); !tok.WaitTimeout(mqtttest.Patience) || tok.Error() != nil {
		t.Fatalf("subscribe: %v", tok.Error())
	}

	select {
	case <-enough:
	case err := <-done:
		t.Fatalf("the table stopped before %d hands: %v", hands, err)
	}
	// The last hand's events are published before its end is known;
	// they reach the display at once, but give them a moment.
	_ = clock.Sleep(ctx, clock.Real{}, 2*time.Second)
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()

	// Each hand's actions, and the action events received after that
	// hand's deal and before the next: the hand whose first action came
	// after a deal seen is that deal's. A ron and a missing-suit choice
	// may be made by several seats at once and are left out, as in the
	// sensing proof; so are passes.
	simultaneous := func(k game.Kind) bool { return k == game.Ron || k == game.Missing }
	var deals []int // indexes in arrivals of the deals received
	for i, a := range arrivals {
		if a.kind == "hand-started" {
			deals = append(deals, i)
		}
	}
	var total, referee, broker []time.Duration
	// The table holds a sensed call and what follows it until the claim
	// window on the discard has closed (docs/mqtt.md, "Sensed hands hold
	// their answers too"), so those are reported apart from the rest.
	var calls, afterCall, rest []time.Duration
	matched, unpaired := 0, 0
	for h, rs := range meant {
		var made []players.Record
		for _, r := range rs {
			if !simultaneous(r.Action.Kind) {
				made = append(made, r)
			}
		}
		if len(made) == 0 {
			continue
		}
		d := -1
		for n, i := range deals {
			if arrivals[i].at.Before(made[0].Done) {
				d = n
			}
		}
		if d < 0 {
			t.Logf("hand %d: dealt before the display subscribed, left out", h+1)
			continue
		}
		end := len(arrivals)
		if d+1 < len(deals) {
			end = deals[d+1]
		}
		var got []arrival
		for _, a := range arrivals[deals[d]:end] {
			if k, err := game.ParseKind(a.kind); err == nil && k != game.Pass && !simultaneous(k) {
				got = append(got, a)
			}
		}
		// The players' log holds what each meant: a call that another
		// seat's call beat is in it but was never applied. The actions
		// applied are paired with the log's by seat, kind and (when
		// public) tile, in order.
		pairs := align(made, got, func(r players.Record, a arrival) bool {
			return a.kind == r.Action.Kind.String() && a.seat == int(r.Action.Seat) && (a.tile == "" || a.tile == r.Action.Tile.String())
		})
		if len(pairs) != len(got) {
			t.Fatalf("hand %d: %d actions made, %d applied, %d of them paired with one made", h+1, len(made), len(got), len(pairs))
		}
		unpaired += len(made) - len(pairs)
		prevCall := false
		for _, p := range pairs {
			r, a := made[p[0]], got[p[1]]
			d := a.at.Sub(r.Done)
			total = append(total, d)
			call := r.Action.Kind.IsClaim()
			switch {
			case call:
				calls = append(calls, d)
			case prevCall:
				afterCall = append(afterCall, d)
			default:
				rest = append(rest, d)
			}
			prevCall = call
			if !a.sent.IsZero() {
				referee = append(referee, a.sent.Sub(r.Done))
				broker = append(broker, a.at.Sub(a.sent))
			}
		}
		matched++
	}
	if matched < len(meant)-1 || matched == 0 {
		t.Fatalf("only %d of %d hands matched", matched, len(meant))
	}
	played := matched
	if held {
		paceName += " pace, held fields,"
	} else {
		paceName += " pace,"
	}
	t.Logf("%s, %s %d hands: %d actions; down → at the display p50 %v p99 %v max %v; down → applied p50 %v p99 %v; applied → at the display p50 %v p99 %v",
		rules, paceName, played, len(total), pct(total, 50), pct(total, 99), pct(total, 100),
		pct(referee, 50), pct(referee, 99), pct(broker, 50), pct(broker, 99))
	t.Logf("down → at the display: %d calls on a discard p50 %v p99 %v; %d actions right after one p50 %v p99 %v; %d others p50 %v p99 %v",
		len(calls), pct(calls, 50), pct(calls, 99), len(afterCall), pct(afterCall, 50), pct(afterCall, 99), len(rest), pct(rest, 50), pct(rest, 99))
	t.Logf("%d actions the players meant were not applied (a call another call beat)", unpaired)
	if len(broker) < len(total) {
		t.Logf("%d events had no time", len(total)-len(broker))
	}
}

// pct is the p-th percentile of ds (nearest rank), rounded to 0.1 ms;
// "-" when there are none.
func pct(ds []time.Duration, p int) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	i = min(max(i, 1), len(s)) - 1
	return fmt.Sprint(s[i].Round(100 * time.Microsecond))
}

// align pairs the elements of a and b that match, in order, as many as
// can be (a longest common subsequence): the indexes of each pair.
func align[A, B any](a []A, b []B, match func(A, B) bool) [][2]int {
	n, m := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if match(a[i], b[j]) {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case match(a[i], b[j]):
			out = append(out, [2]int{i, j})
			i, j = i+1, j+1
		case l[i+1][j] >= l[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}
