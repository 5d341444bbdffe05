package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"jantaku/drivers/rfid"
	tablesvc "jantaku/firmware/table"
	"jantaku/mqtt/broker"
	mqtable "jantaku/mqtt/table"
)

// observer is what the daemon's parts report for its operational metrics:
// the table service (hands, games, actions, the journal), the machine
// cycle and the tag readers. Each part is handed one; nopObserver drops
// everything.
type observer interface {
	tablesvc.Observer
	machineCycle(d time.Duration) // from the Start press to the walls up
	machineFault(code string)
	tagRead(reader string, err error)
}

type nopObserver struct{}

func (nopObserver) HandDealt(string)           {}
func (nopObserver) GameFinished(string)        {}
func (nopObserver) Action(bool)                {}
func (nopObserver) JournalFailed()             {}
func (nopObserver) machineCycle(time.Duration) {}
func (nopObserver) machineFault(string)        {}
func (nopObserver) tagRead(string, error)      {}

// metrics is the daemon's observer, exposed in the Prometheus text format
// on /metrics.
type metrics struct {
	reg      *prometheus.Registry
	hands    *prometheus.CounterVec
	games    *prometheus.CounterVec
	actions  *prometheus.CounterVec
	jerrs    prometheus.Counter
	cycle    prometheus.Histogram
	faults   *prometheus.CounterVec
	tagReads *prometheus.CounterVec
}

// version is the daemon's version as the build recorded it.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
		if bi.Main.Version != "" {
			return bi.Main.Version
		}
	}
	return "unknown"
}

func newMetrics() *metrics {
	reg := prometheus.NewRegistry()
	f := func(c prometheus.Collector) prometheus.Collector { reg.MustRegister(c); return c }
	m := &metrics{
		reg: reg,
		hands: f(prometheus.NewCounterVec(prometheus.CounterOpts{Name: "jantaku_hands_total",
			Help: "Hands dealt, by ruleset."}, []string{"ruleset"})).(*prometheus.CounterVec),
		games: f(prometheus.NewCounterVec(prometheus.CounterOpts{Name: "jantaku_games_total",
			Help: "Games finished and archived, by ruleset."}, []string{"ruleset"})).(*prometheus.CounterVec),
		actions: f(prometheus.NewCounterVec(prometheus.CounterOpts{Name: "jantaku_actions_total",
			Help: "Players' actions and declarations, applied or refused."}, []string{"result"})).(*prometheus.CounterVec),
		jerrs: f(prometheus.NewCounter(prometheus.CounterOpts{Name: "jantaku_journal_errors_total",
			Help: "Inputs the journal could not record (failed write or fsync)."})).(prometheus.Counter),
		cycle: f(prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jantaku_machine_cycle_seconds",
			Help:    "Machine cycle: from the Start press to the walls at the top (machine time).",
			Buckets: []float64{5, 10, 15, 20, 25, 30, 40, 50, 60, 90, 120}})).(prometheus.Histogram),
		faults: f(prometheus.NewCounterVec(prometheus.CounterOpts{Name: "jantaku_machine_faults_total",
			Help: "Machine faults, by code (E101…E107)."}, []string{"code"})).(*prometheus.CounterVec),
		tagReads: f(prometheus.NewCounterVec(prometheus.CounterOpts{Name: "jantaku_tag_reads_total",
			Help: "Tag read attempts by reader and result (ok, no_tag, error)."}, []string{"reader", "result"})).(*prometheus.CounterVec),
	}
	m.actions.WithLabelValues("applied")
	m.actions.WithLabelValues("refused")
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "jantaku_build_info", Help: "The daemon's build: always 1.",
			ConstLabels: prometheus.Labels{"version": version()}}, func() float64 { return 1 }),
	)
	return m
}

func (m *metrics) HandDealt(rs string)    { m.hands.WithLabelValues(rs).Inc() }
func (m *metrics) GameFinished(rs string) { m.games.WithLabelValues(rs).Inc() }
func (m *metrics) JournalFailed()         { m.jerrs.Inc() }
func (m *metrics) machineCycle(d time.Duration) {
	m.cycle.Observe(d.Seconds())
}
func (m *metrics) machineFault(code string) { m.faults.WithLabelValues(code).Inc() }

func (m *metrics) Action(applied bool) {
	if applied {
		m.actions.WithLabelValues("applied").Inc()
	} else {
		m.actions.WithLabelValues("refused").Inc()
	}
}

func (m *metrics) tagRead(reader string, err error) {
	r := "ok"
	switch {
	case errors.Is(err, rfid.ErrNoTag):
		r = "no_tag"
	case err != nil:
		r = "error"
	}
	m.tagReads.WithLabelValues(reader, r).Inc()
}

// watchBroker exposes the embedded broker's clients and messages.
func (m *metrics) watchBroker(b *broker.Broker) {
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "jantaku_mqtt_clients", Help: "MQTT clients connected to the embedded broker."},
			func() float64 { return float64(b.Stats().Clients) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "jantaku_mqtt_messages_received_total", Help: "PUBLISH packets the embedded broker received."},
			func() float64 { return float64(b.Stats().MessagesReceived) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "jantaku_mqtt_messages_sent_total", Help: "PUBLISH packets the embedded broker sent."},
			func() float64 { return float64(b.Stats().MessagesSent) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "jantaku_mqtt_messages_dropped_total", Help: "Messages the embedded broker dropped for slow subscribers."},
			func() float64 { return float64(b.Stats().MessagesDropped) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "jantaku_mqtt_messages_unacknowledged_dropped_total", Help: "Messages the embedded broker dropped for subscribers that left 1024 unacknowledged."},
			func() float64 { return float64(b.Stats().InflightDropped) }),
	)
}

// watchCommands exposes what became of the commands the table received
// over MQTT: a sender flooding the table shows as rate_limited rising.
func (m *metrics) watchCommands(p *mqtable.Publisher) {
	const name, help = "jantaku_mqtt_commands_total", "Commands the table received over MQTT, by what became of them."
	for result, n := range map[string]func(mqtable.CommandStats) uint64{
		"taken":        func(s mqtable.CommandStats) uint64 { return s.Taken },
		"rate_limited": func(s mqtable.CommandStats) uint64 { return s.RateLimited },
		"queue_full":   func(s mqtable.CommandStats) uint64 { return s.QueueFull },
		"retained":     func(s mqtable.CommandStats) uint64 { return s.Retained },
	} {
		m.reg.MustRegister(prometheus.NewCounterFunc(
			prometheus.CounterOpts{Name: name, Help: help, ConstLabels: prometheus.Labels{"result": result}},
			func() float64 { return float64(n(p.Commands())) }))
	}
}

// watchJournal exposes the size of the journal at path.
func (m *metrics) watchJournal(path string) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "jantaku_journal_bytes", Help: "Size of the current game's journal."},
		func() float64 {
			fi, err := os.Stat(path)
			if err != nil {
				return 0
			}
			return float64(fi.Size())
		}))
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// countedReader reports every read attempt of a tag reader.
type countedReader struct {
	rfid.Reader
	name string
	obs  observer
}

func (r countedReader) ReadUID(ctx context.Context, timeout time.Duration) (rfid.UID, error) {
	u, err := r.Reader.ReadUID(ctx, timeout)
	if !errors.Is(err, context.Canceled) {
		r.obs.tagRead(r.name, err)
	}
	return u, err
}
