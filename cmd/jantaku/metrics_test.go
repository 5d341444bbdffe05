package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"jantaku/internal/testdir"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"jantaku/drivers/rfid"
	tablesvc "jantaku/firmware/table"
)

// scrape reads a Prometheus text exposition and returns its families; a
// malformed exposition fails the test.
func scrape(t *testing.T, body io.Reader) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(body)
	if err != nil {
		t.Fatalf("the exposition does not parse: %v", err)
	}
	return fams
}

// value returns the value of the sample of family name whose labels
// include want (name=value pairs), and whether there is one.
func value(fams map[string]*dto.MetricFamily, name string, want ...string) (float64, bool) {
	f, ok := fams[name]
	if !ok {
		return 0, false
	}
next:
	for _, m := range f.GetMetric() {
		for i := 0; i+1 < len(want); i += 2 {
			found := false
			for _, l := range m.GetLabel() {
				if l.GetName() == want[i] && l.GetValue() == want[i+1] {
					found = true
				}
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestMetricsObserver: what the machine and the readers report appears on
// /metrics under the names and labels the docs give.
func TestMetricsObserver(t *testing.T) {
	m := newMetrics()
	m.machineCycle(12 * time.Second)
	m.machineCycle(26 * time.Second)
	m.machineFault("E101")
	m.machineFault("E101")
	m.machineFault("E104")
	r := countedReader{Reader: fakeReader{errs: []error{nil, rfid.ErrNoTag, rfid.ErrGarbled, nil}}, name: "inline2", obs: m}
	for range 4 {
		r.ReadUID(context.Background(), 0)
	}
	m.HandDealt("sichuan")
	m.GameFinished("sichuan")
	m.Action(true)
	m.Action(false)
	m.JournalFailed()
	rec := httptest.NewRecorder()
	m.handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	fams := scrape(t, rec.Body)
	for _, c := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"jantaku_machine_cycle_seconds", nil, 2},
		{"jantaku_machine_faults_total", []string{"code", "E101"}, 2},
		{"jantaku_machine_faults_total", []string{"code", "E104"}, 1},
		{"jantaku_tag_reads_total", []string{"reader", "inline2", "result", "ok"}, 2},
		{"jantaku_tag_reads_total", []string{"reader", "inline2", "result", "no_tag"}, 1},
		{"jantaku_tag_reads_total", []string{"reader", "inline2", "result", "error"}, 1},
		{"jantaku_hands_total", []string{"ruleset", "sichuan"}, 1},
		{"jantaku_games_total", []string{"ruleset", "sichuan"}, 1},
		{"jantaku_actions_total", []string{"result", "applied"}, 1},
		{"jantaku_actions_total", []string{"result", "refused"}, 1},
		{"jantaku_journal_errors_total", nil, 1},
		{"jantaku_build_info", nil, 1},
	} {
		if got, ok := value(fams, c.name, c.labels...); !ok || got != c.want {
			t.Errorf("%s%v = %v (present %v), want %v", c.name, c.labels, got, ok, c.want)
		}
	}
	h := fams["jantaku_machine_cycle_seconds"].GetMetric()[0].GetHistogram()
	if h.GetSampleSum() != 38 {
		t.Errorf("cycle seconds sum %v, want 38", h.GetSampleSum())
	}
	for _, b := range h.GetBucket() {
		if b.GetUpperBound() == 15 && b.GetCumulativeCount() != 1 {
			t.Errorf("cycles ≤ 15 s: %d, want 1", b.GetCumulativeCount())
		}
	}
	if _, ok := value(fams, "process_start_time_seconds"); !ok {
		t.Error("no process_start_time_seconds")
	}
}

type fakeReader struct {
	rfid.Reader
	errs []error
}

var fakeReads int

func (f fakeReader) ReadUID(context.Context, time.Duration) (rfid.UID, error) {
	err := f.errs[fakeReads%len(f.errs)]
	fakeReads++
	if err != nil {
		return "", err
	}
	return "04AABBCCDD", nil
}

// TestMetricsAndHealthOfARunningTable: a table playing with simulated
// seats serves /metrics with its hands, actions, MQTT and journal figures
// and /healthz 200 with the journal's state.
func TestMetricsAndHealthOfARunningTable(t *testing.T) {
	dir := testdir.InMemory(t)
	web := freeAddr(t)
	cfg := tableConfig{Dir: dir, Ruleset: "riichi/tenhou", MQTT: freeAddr(t), WS: "-", HTTP: web, Pace: time.Millisecond, Seed: 11}
	// A guard against a hang, not a measure: the first hand takes seconds.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard) }()

	var fams map[string]*dto.MetricFamily
	for {
		if ctx.Err() != nil {
			t.Fatal("no hand played and no MQTT client counted before the test's guard")
		}
		time.Sleep(50 * time.Millisecond)
		resp, err := http.Get("http://" + web + "/metrics")
		if err != nil {
			continue
		}
		fams = scrape(t, resp.Body)
		resp.Body.Close()
		hands, _ := value(fams, "jantaku_hands_total", "ruleset", "riichi/tenhou")
		acts, _ := value(fams, "jantaku_actions_total", "result", "applied")
		clients, _ := value(fams, "jantaku_mqtt_clients")
		if hands >= 1 && acts >= 20 && clients >= 1 {
			break
		}
	}
	if n, _ := value(fams, "jantaku_journal_bytes"); n <= 0 {
		t.Errorf("journal bytes %v", n)
	}
	if n, _ := value(fams, "jantaku_mqtt_messages_received_total"); n <= 0 {
		t.Errorf("MQTT messages received %v: the table publishes every step", n)
	}
	for _, name := range []string{"jantaku_mqtt_messages_dropped_total", "jantaku_mqtt_messages_unacknowledged_dropped_total"} {
		if n, ok := value(fams, name); !ok || n != 0 {
			t.Errorf("%s %v (present %v), want 0: nothing subscribes slowly here", name, n, ok)
		}
	}
	for _, result := range []string{"taken", "rate_limited", "queue_full", "retained"} {
		if n, ok := value(fams, "jantaku_mqtt_commands_total", "result", result); !ok || n != 0 {
			t.Errorf("commands %s %v (present %v), want 0: nobody sends the simulated table a command", result, n, ok)
		}
	}
	if n, ok := value(fams, "jantaku_journal_errors_total"); !ok || n != 0 {
		t.Errorf("journal errors %v (present %v), want 0", n, ok)
	}

	dealt := func() float64 {
		resp, err := http.Get("http://" + web + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		n, _ := value(scrape(t, resp.Body), "jantaku_hands_total", "ruleset", "riichi/tenhou")
		return n
	}
	before := dealt()
	code, body := get(t, "http://"+web+"/healthz")
	after := dealt()
	var rep healthReport
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatalf("/healthz body %q: %v", body, err)
	}
	if code != http.StatusOK || rep.Status != "ok" || !rep.Journal.Writable || rep.Journal.Records < 2 || rep.Broker != "connected" {
		t.Errorf("/healthz %d %s", code, body)
	}
	// hands_dealt is the metric's count (read just before and after).
	if d := float64(rep.HandsDealt); d < before || d > after {
		t.Errorf("/healthz hands_dealt %d, jantaku_hands_total %v then %v", rep.HandsDealt, before, after)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
}

// TestHealthUnhealthy: /healthz answers 503 naming the reason when the
// owner loop does not answer, the broker is away or the journal cannot
// record.
func TestHealthUnhealthy(t *testing.T) {
	probe := func(svc interface {
		Health(context.Context) (tablesvc.Health, error)
	}, up bool, timeout time.Duration) (int, healthReport) {
		t.Helper()
		req := httptest.NewRequest("GET", "/healthz", nil)
		ctx, cancel := context.WithTimeout(req.Context(), timeout)
		defer cancel()
		rec := httptest.NewRecorder()
		healthHandler(svc, func() bool { return up })(rec, req.WithContext(ctx))
		var rep healthReport
		if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
			t.Fatalf("body %q: %v", rec.Body.String(), err)
		}
		return rec.Code, rep
	}
	svc, err := tablesvc.New(context.Background(), tablesvc.Config{Dir: testdir.InMemory(t), Ruleset: "riichi", Simulated: []bool{false, false, false, false}, Pace: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()

	// Nobody runs the owner loop yet.
	if code, rep := probe(svc, true, 100*time.Millisecond); code != http.StatusServiceUnavailable || !strings.Contains(strings.Join(rep.Reasons, ";"), "owner loop did not answer") {
		t.Errorf("owner loop stopped: %d %+v", code, rep)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); svc.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	if code, rep := probe(svc, true, 5*time.Second); code != http.StatusOK || rep.Status != "ok" {
		t.Errorf("healthy table: %d %+v", code, rep)
	}
	if code, rep := probe(svc, false, 5*time.Second); code != http.StatusServiceUnavailable || rep.Broker != "disconnected" || !strings.Contains(strings.Join(rep.Reasons, ";"), "MQTT broker") {
		t.Errorf("broker away: %d %+v", code, rep)
	}

	// The journal fails under the table (firmware/table's
	// TestJournalFailureRefusesInput): the table says why.
	failed := healthOf{tablesvc.Health{Journal: "table.jnl", Records: 1, Err: errors.New("journal closed")}}
	code, rep := probe(failed, true, 5*time.Second)
	if code != http.StatusServiceUnavailable || rep.Journal.Writable || !strings.Contains(rep.Journal.Error, "journal closed") ||
		!strings.Contains(strings.Join(rep.Reasons, ";"), "journal not writable") || rep.Journal.Records != 1 {
		t.Errorf("journal failed: %d %+v", code, rep)
	}
}

// healthOf is a table that answers h.
type healthOf struct{ h tablesvc.Health }

func (f healthOf) Health(context.Context) (tablesvc.Health, error) { return f.h, nil }
