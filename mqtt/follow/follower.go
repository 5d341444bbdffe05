package follow

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// ErrDenied is returned by Ready when the broker refused a subscription.
var ErrDenied = errors.New("subscription denied by the broker")

// Config says where to follow a table's stream from.
type Config struct {
	Broker   string // e.g. tcp://127.0.0.1:1883
	Username string
	Password string
	ClientID string // unique per broker; defaults to Username
	TLS      *tls.Config
	// Clean starts a fresh session on every connection. The default (false)
	// keeps a persistent session, so QoS 1 events published while this
	// subscriber was away are queued by the broker.
	Clean bool
	// State and Events are the topics: the public <base>/state and
	// <base>/events, a seat's seat/<n>/state and seat/<n>/events, or the
	// spectator's.
	State  string
	Events string
	// GapTimeout is how long a missing event is waited for before a Gap
	// update skips it, and how long events wait for a state to start from
	// before the state is subscribed to again; 10s by default.
	GapTimeout time.Duration
	// MaxReconnectInterval caps the reconnect back-off; 10s by default.
	MaxReconnectInterval time.Duration
	Log                  *slog.Logger
}

// Kind says what an Update is.
type Kind int

// The kinds of Update.
const (
	State Kind = iota + 1 // a state snapshot at Seq: replace what you have
	Event                 // the event Seq, in order after the last one
	Gap                   // events Seq..To were lost (given up after GapTimeout)
)

// Update is one item of the followed stream, in order.
type Update struct {
	Kind    Kind
	Seq     uint64
	To      uint64 // last missing seq of a Gap
	Payload []byte // the message as published (JSON with "v" and "seq")
}

// Follower follows one table's state and events.
type Follower struct {
	cfg    Config
	client paho.Client
	log    *slog.Logger
	out    chan Update
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	queue  []paho.Message
	notify chan struct{}
	subs   []paho.Token
}

// Start connects in the background and starts following. Updates come on
// Updates() until Close.
func Start(cfg Config) (*Follower, error) {
	if cfg.Broker == "" || cfg.State == "" || cfg.Events == "" {
		return nil, errors.New("follow: broker, state and events topics are required")
	}
	if cfg.ClientID == "" {
		cfg.ClientID = cfg.Username
	}
	if cfg.GapTimeout == 0 {
		cfg.GapTimeout = 10 * time.Second
	}
	if cfg.MaxReconnectInterval == 0 {
		cfg.MaxReconnectInterval = 10 * time.Second
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := &Follower{cfg: cfg, log: log, out: make(chan Update, 256), ctx: ctx, cancel: cancel, notify: make(chan struct{}, 1)}
	o := paho.NewClientOptions().
		AddBroker(cfg.Broker).
		SetClientID(cfg.ClientID).
		SetUsername(cfg.Username).
		SetPassword(cfg.Password).
		SetCleanSession(cfg.Clean).
		SetAutoReconnect(true).
		SetMaxReconnectInterval(cfg.MaxReconnectInterval).
		SetConnectRetry(true).
		SetConnectRetryInterval(time.Second).
		SetKeepAlive(30 * time.Second).
		SetOnConnectHandler(f.onConnect)
	if cfg.TLS != nil {
		o.SetTLSConfig(cfg.TLS)
	}
	f.client = paho.NewClient(o)
	f.wg.Add(1)
	go f.loop()
	f.client.Connect()
	return f, nil
}

// onConnect subscribes to events before state: the broker handles the two
// SUBSCRIBE packets in order, so no event falls between the retained state
// and the event subscription.
func (f *Follower) onConnect(c paho.Client) {
	ev := c.Subscribe(f.cfg.Events, 1, f.onMessage)
	st := c.Subscribe(f.cfg.State, 1, f.onMessage)
	f.mu.Lock()
	f.subs = []paho.Token{ev, st}
	f.mu.Unlock()
}

// onMessage is paho's handler: it queues and returns at once.
func (f *Follower) onMessage(_ paho.Client, m paho.Message) {
	f.mu.Lock()
	f.queue = append(f.queue, m)
	f.mu.Unlock()
	select {
	case f.notify <- struct{}{}:
	default:
	}
}

// Ready waits until both subscriptions are granted, or ctx ends.
func (f *Follower) Ready(ctx context.Context) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		f.mu.Lock()
		subs := f.subs
		f.mu.Unlock()
		if len(subs) == 2 {
			for _, t := range subs {
				select {
				case <-t.Done():
				case <-ctx.Done():
					return ctx.Err()
				}
				if err := t.Error(); err != nil {
					return fmt.Errorf("follow: subscribe: %w", err)
				}
				if st, ok := t.(*paho.SubscribeToken); ok {
					for filter, q := range st.Result() {
						if q == 0x80 {
							return fmt.Errorf("%w: %s", ErrDenied, filter)
						}
					}
				}
			}
			return nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("follow: not connected to %s: %w", f.cfg.Broker, ctx.Err())
		}
	}
}

// Updates returns the ordered stream. It is closed by Close.
func (f *Follower) Updates() <-chan Update { return f.out }

// Close disconnects and stops the follower's goroutine.
func (f *Follower) Close() {
	f.cancel()
	f.client.Disconnect(100)
	f.wg.Wait()
}

func (f *Follower) loop() {
	defer f.wg.Done()
	defer close(f.out)
	var seq Sequencer[[]byte]
	var gapTimer *time.Timer
	var gapC <-chan time.Time
	var snap *Update // the newest retained state not yet used
	// Events wait for a first snapshot. The broker sends the retained
	// state once, on subscribing; when none came (none was retained yet,
	// or the broker dropped it), the state is subscribed to again after
	// GapTimeout, which makes the broker send the retained state anew.
	var baseTimer *time.Timer
	var baseC <-chan time.Time
	defer func() {
		if gapTimer != nil {
			gapTimer.Stop()
		}
		if baseTimer != nil {
			baseTimer.Stop()
		}
	}()
	emit := func(items []Item[[]byte]) bool {
		for _, it := range items {
			select {
			case f.out <- Update{Kind: Event, Seq: it.Seq, Payload: it.Value}:
			case <-f.ctx.Done():
				return false
			}
		}
		return true
	}
	for {
		select {
		case <-f.ctx.Done():
			return
		case <-f.notify:
		case <-baseC:
			baseC = nil
			if seq.Next() == 0 && seq.Pending() > 0 {
				f.log.Warn("mqtt events without a state to start from: asking for the retained state again", "topic", f.cfg.State, "waiting", seq.Pending())
				f.client.Subscribe(f.cfg.State, 1, f.onMessage)
			}
		case <-gapC:
			gapC = nil
			if from, to, ok := seq.Gap(); ok {
				if snap != nil && snap.Seq >= to {
					// A newer retained state covers the missing events.
					s := *snap
					snap = nil
					if !f.snapshot(&seq, s, emit) {
						return
					}
					break
				}
				f.log.Warn("mqtt events lost", "from", from, "to", to, "topic", f.cfg.Events)
				select {
				case f.out <- Update{Kind: Gap, Seq: from, To: to}:
				case <-f.ctx.Done():
					return
				}
				if !emit(seq.Skip()) {
					return
				}
			}
		}
		f.mu.Lock()
		q := f.queue
		f.queue = nil
		f.mu.Unlock()
		for _, m := range q {
			var head struct {
				Seq *uint64 `json:"seq"`
			}
			if err := json.Unmarshal(m.Payload(), &head); err != nil || head.Seq == nil {
				f.log.Warn("mqtt message without seq ignored", "topic", m.Topic(), "err", err)
				continue
			}
			if m.Topic() == f.cfg.State {
				// Only a retained state (sent on subscribing) is a snapshot;
				// live states repeat what the events say. The first snapshot
				// starts the sequence; later ones are kept to jump over a gap.
				if !m.Retained() {
					continue
				}
				if seq.Next() != 0 {
					if *head.Seq >= seq.Next() {
						snap = &Update{Kind: State, Seq: *head.Seq, Payload: m.Payload()}
					}
					continue
				}
				if !f.snapshot(&seq, Update{Kind: State, Seq: *head.Seq, Payload: m.Payload()}, emit) {
					return
				}
				continue
			}
			ready, _ := seq.Push(*head.Seq, m.Payload())
			if !emit(ready) {
				return
			}
		}
		if seq.Next() == 0 && seq.Pending() > 0 && baseC == nil {
			if baseTimer == nil {
				baseTimer = time.NewTimer(f.cfg.GapTimeout)
			} else {
				baseTimer.Reset(f.cfg.GapTimeout)
			}
			baseC = baseTimer.C
		}
		if seq.Pending() > 0 && gapC == nil {
			if gapTimer == nil {
				gapTimer = time.NewTimer(f.cfg.GapTimeout)
			} else {
				gapTimer.Reset(f.cfg.GapTimeout)
			}
			gapC = gapTimer.C
		}
	}
}

// snapshot emits u as the state to start from and the events after it.
func (f *Follower) snapshot(seq *Sequencer[[]byte], u Update, emit func([]Item[[]byte]) bool) bool {
	ready, ok := seq.Reset(u.Seq)
	if !ok {
		return true
	}
	select {
	case f.out <- u:
	case <-f.ctx.Done():
		return false
	}
	return emit(ready)
}
