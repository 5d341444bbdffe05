package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
	"jantaku/mqtt/topic"
)

// Errors of the Publisher.
var (
	ErrClosed = errors.New("publisher closed")
	ErrSeq    = errors.New("sequence number not increasing")
	ErrDenied = errors.New("subscription denied by the broker")
)

// Clock is the time source of the spectator delay; tests pass a fake.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Options are the Publisher's collaborators.
type Options struct {
	// Handler executes commands; nil answers every command "rejected".
	Handler command.Handler
	// Policy says which role may send which command; nil is
	// command.DefaultPolicy.
	Policy command.Policy
	Log    *slog.Logger // nil discards
	Clock  Clock        // nil is the system clock
	// Memory remembers executed commands across restarts (the table keeps
	// it in a journal); nil remembers the last 128 in memory only.
	Memory command.Memory
}

// maxDelayed bounds the spectator messages held back: a few hours of a
// table played by people.
const maxDelayed = 8192

// queueDepth bounds the commands waiting for the Handler; more are dropped
// (and logged) rather than blocking the MQTT client.
const queueDepth = 256

// Publisher publishes one table and receives its commands. Its methods are
// safe for concurrent use.
type Publisher struct {
	cfg    Config
	t      topic.Table
	client paho.Client
	log    *slog.Logger
	clock  Clock
	disp   command.Dispatcher

	ctx    context.Context // ends at Close; owns the goroutines below
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex // serialises publishing, so the broker sees our order
	closed   bool
	last     uint64
	retained map[string][]byte // last retained payload per topic, re-asserted after a reconnect
	connects int

	pendMu  sync.Mutex
	pending []paho.Token // publishes not yet acknowledged

	subMu   sync.Mutex
	subTok  paho.Token // the latest subscription to commands
	connTok paho.Token // the first connection; done once paho's resume has run

	cmds chan inbound

	delayMu   sync.Mutex
	delayed   []delayedMsg
	turns     int           // discards published
	delayDrop bool          // the queue overflowed once (logged)
	delayCh   chan struct{} // signals the delay loop, capacity 1

	recent recentReplies // owned by the command loop
	memory command.Memory
	limit  command.Limiter
	warned sync.Map // sender -> struct{}: a retained command was logged

	// What became of the commands received (Commands).
	cmdTaken, cmdRateLimited, cmdQueueFull, cmdRetained atomic.Uint64
}

// CommandStats counts the commands a Publisher has received on its
// command topics since it started, by what became of them. A sender
// flooding the table shows as RateLimited rising.
type CommandStats struct {
	Taken       uint64 // queued for the Handler
	RateLimited uint64 // dropped without reply: the sender was over its rate
	QueueFull   uint64 // dropped: the Handler was too far behind
	Retained    uint64 // ignored: kept by the broker from an earlier time
}

// Commands reports what has become of the commands received so far. Each
// command is counted once the MQTT client has handed it over, in the order
// the broker delivered them.
func (p *Publisher) Commands() CommandStats {
	return CommandStats{
		Taken:       p.cmdTaken.Load(),
		RateLimited: p.cmdRateLimited.Load(),
		QueueFull:   p.cmdQueueFull.Load(),
		Retained:    p.cmdRetained.Load(),
	}
}

type inbound struct {
	sender  string
	payload []byte
}

type delayedMsg struct {
	due     time.Time
	turn    int // released once this many discards are published
	topic   string
	retain  bool
	payload []byte
}

// Start creates the Publisher and starts connecting in the background: it
// does not wait for the broker (see WaitReady). Publishes made before the
// broker is reachable are queued in memory and sent on connection.
func Start(cfg Config, t topic.Table, opts Options) (*Publisher, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if t == (topic.Table{}) {
		return nil, fmt.Errorf("%w: no table topics", ErrConfig)
	}
	cfg = cfg.withDefaults()
	tlsCfg, err := cfg.TLS.tlsConfig()
	if err != nil {
		return nil, err
	}
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	log = log.With("component", "mqtt", "table", t.ID())
	clock := opts.Clock
	if clock == nil {
		clock = realClock{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &Publisher{
		cfg: cfg, t: t, log: log, clock: clock,
		disp:     command.Dispatcher{Handler: opts.Handler, Policy: opts.Policy, Log: log, Now: clock.Now},
		memory:   opts.Memory,
		limit:    command.Limiter{Rate: cfg.CommandRate, Burst: cfg.CommandBurst},
		ctx:      ctx,
		cancel:   cancel,
		retained: map[string][]byte{},
		cmds:     make(chan inbound, queueDepth),
		delayCh:  make(chan struct{}, 1),
	}
	offline, _ := json.Marshal(statusMsg{V: Version, Table: t.ID(), Status: "offline"})
	o := paho.NewClientOptions().
		AddBroker(cfg.Broker).
		SetClientID(cfg.ClientID).
		SetUsername(cfg.Username).
		SetPassword(cfg.Password).
		SetCleanSession(false).
		SetAutoReconnect(true).
		SetMaxReconnectInterval(cfg.MaxReconnectInterval).
		SetConnectRetry(true).
		SetConnectRetryInterval(cfg.ConnectRetryInterval).
		SetKeepAlive(cfg.KeepAlive).
		SetStore(paho.NewOrderedMemoryStore()).
		SetBinaryWill(t.Status(), offline, 1, true).
		SetOrderMatters(true).
		SetWriteTimeout(10 * time.Second).
		SetOnConnectHandler(p.onConnect).
		SetConnectionLostHandler(func(_ paho.Client, err error) {
			log.Warn("mqtt connection lost", "broker", cfg.Broker, "err", err)
		})
	if tlsCfg != nil {
		o.SetTLSConfig(tlsCfg)
	}
	p.client = paho.NewClient(o)
	p.wg.Add(2)
	go p.commandLoop()
	go p.delayLoop()
	tok := p.client.Connect() // completes on the first connection; never waited on without a deadline
	p.subMu.Lock()
	p.connTok = tok
	p.subMu.Unlock()
	return p, nil
}

// onConnect runs in its own goroutine on every (re)connection. It announces
// the table online and subscribes to commands without waiting on tokens.
func (p *Publisher) onConnect(c paho.Client) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.log.Info("mqtt connected", "broker", p.cfg.Broker)
	tok := c.Subscribe(p.t.Commands(), 1, p.onCommand)
	p.subMu.Lock()
	p.subTok = tok
	connTok := p.connTok
	p.subMu.Unlock()
	p.connects++
	if p.connects == 1 && connTok != nil {
		// On the first connection paho resends its stored messages after
		// calling this handler and completes the connect token when done;
		// publishing meanwhile races on the stored packet (paho issue 703).
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			select {
			case <-connTok.Done():
			case <-p.ctx.Done():
				return
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			if !p.closed {
				p.sendOnline()
			}
		}()
		return
	}
	p.sendOnline()
	if p.connects > 1 {
		// Messages queued while disconnected are resent now, possibly out of
		// order (paho issues 731, 251): once they are acknowledged, publish
		// the newest retained views again so no older one stays retained.
		p.wg.Add(1)
		go p.reassert()
	}
}

// sendOnline publishes the retained online status; p.mu must be held.
func (p *Publisher) sendOnline() {
	online, _ := json.Marshal(statusMsg{V: Version, Table: p.t.ID(), Status: "online"})
	p.send(p.t.Status(), true, online)
	// A retained command would be delivered again at every subscription
	// (every restart): delete any the broker kept (the embedded broker
	// refuses them; mosquitto cannot). Empty payloads are not commands.
	for _, r := range access.Roles() {
		if r.Commands() {
			p.client.Publish(p.t.Command(string(r)), 1, true, []byte{})
		}
	}
}

func (p *Publisher) reassert() {
	defer p.wg.Done()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := p.Flush(ctx); err != nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	topics := make([]string, 0, len(p.retained))
	for t := range p.retained {
		topics = append(topics, t)
	}
	slices.Sort(topics)
	for _, t := range topics {
		p.send(t, true, p.retained[t])
	}
}

// send publishes at QoS 1 without waiting; p.mu must be held.
func (p *Publisher) send(name string, retain bool, payload []byte) {
	if retain {
		p.retained[name] = payload
	}
	if name == p.t.Status() {
		delete(p.retained, name)
	}
	tok := p.client.Publish(name, 1, retain, payload)
	p.pendMu.Lock()
	defer p.pendMu.Unlock()
	if len(p.pending) >= 1024 {
		p.pending = slices.DeleteFunc(p.pending, func(t paho.Token) bool {
			select {
			case <-t.Done():
				if err := t.Error(); err != nil {
					p.log.Warn("mqtt publish failed", "err", err)
				}
				return true
			default:
				return false
			}
		})
	}
	p.pending = append(p.pending, tok)
}

// Flush waits until every publish so far is acknowledged by the broker, or
// ctx ends, or the publisher is closed (ErrClosed). It returns the first
// publish error. While the broker is away nothing is acknowledged: give
// ctx a deadline.
func (p *Publisher) Flush(ctx context.Context) error {
	p.pendMu.Lock()
	toks := slices.Clone(p.pending)
	p.pendMu.Unlock()
	var first error
	for _, t := range toks {
		select {
		case <-t.Done():
			if err := t.Error(); err != nil && first == nil {
				first = fmt.Errorf("mqtt publish: %w", err)
			}
		case <-ctx.Done():
			return ctx.Err()
		case <-p.ctx.Done():
			return ErrClosed
		}
	}
	p.pendMu.Lock()
	p.pending = slices.DeleteFunc(p.pending, func(t paho.Token) bool {
		select {
		case <-t.Done():
			return true
		default:
			return false
		}
	})
	p.pendMu.Unlock()
	return first
}

// Connected reports whether the client is connected to the broker now.
func (p *Publisher) Connected() bool { return p.client.IsConnectionOpen() }

// WaitReady waits until the client is connected (and has resent what it
// queued before), and its subscription to commands is granted, or ctx ends.
func (p *Publisher) WaitReady(ctx context.Context) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		p.subMu.Lock()
		tok, connTok := p.subTok, p.connTok
		p.subMu.Unlock()
		connected := false
		select {
		case <-connTok.Done():
			connected = connTok.Error() == nil
		default:
		}
		if tok != nil && connected && p.client.IsConnectionOpen() {
			select {
			case <-tok.Done():
				if err := tok.Error(); err != nil {
					return fmt.Errorf("mqtt subscribe %s: %w", p.t.Commands(), err)
				}
				if st, ok := tok.(*paho.SubscribeToken); ok {
					for f, q := range st.Result() {
						if q == 0x80 {
							return fmt.Errorf("%w: %s", ErrDenied, f)
						}
					}
				}
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("mqtt: not connected to %s: %w", p.cfg.Broker, ctx.Err())
		}
	}
}

// Publish publishes one step: each seat's hidden state, the public state,
// then the public event (state before event, so a late subscriber that reads
// the retained state at seq S then receives every event after S), then the
// spectator view, delayed if configured. It does not wait for the broker:
// while disconnected the messages are queued and sent on reconnection.
func (p *Publisher) Publish(ctx context.Context, s Step) error {
	return p.publish(ctx, s, true)
}

// NewGame tells the publisher the table began a new game, whose journal
// numbers its steps from 1 again; displays take a step of a lower number
// with a later time as the start of a new game.
func (p *Publisher) NewGame() {
	p.mu.Lock()
	p.last = 0
	p.mu.Unlock()
}

// Snapshot publishes the retained views of s (no event), e.g. at start-up to
// state the table as the journal left it. s.Seq may repeat the last one.
func (p *Publisher) Snapshot(ctx context.Context, s Step) error {
	return p.publish(ctx, s, false)
}

func (p *Publisher) publish(ctx context.Context, s Step, events bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	type out struct {
		topic  string
		retain bool
		msg    any
	}
	var outs, spect []out
	tm := timePtr(s.Time)
	for n, v := range s.Seats {
		seat := &n
		if v.State != nil {
			outs = append(outs, out{p.t.SeatState(n), true, stateMsg{V: Version, Table: p.t.ID(), Seat: seat, Seq: s.Seq, Time: tm, State: v.State}})
		}
	}
	if s.State != nil {
		outs = append(outs, out{p.t.State(), true, stateMsg{V: Version, Table: p.t.ID(), Seq: s.Seq, Time: tm, State: s.State}})
	}
	if s.Spectator.State != nil {
		spect = append(spect, out{p.t.SpectatorState(), true, stateMsg{V: Version, Table: p.t.ID(), Seq: s.Seq, Time: tm, State: s.Spectator.State}})
	}
	if events {
		if s.Event != nil {
			outs = append(outs, out{p.t.Events(), false, eventMsg{V: Version, Table: p.t.ID(), Seq: s.Seq, Time: tm, Type: s.Type, Event: s.Event}})
		}
		for n, v := range s.Seats {
			if v.Event != nil {
				outs = append(outs, out{p.t.SeatEvents(n), false, eventMsg{V: Version, Table: p.t.ID(), Seat: &n, Seq: s.Seq, Time: tm, Type: s.Type, Event: v.Event}})
			}
		}
		if s.Spectator.Event != nil {
			spect = append(spect, out{p.t.SpectatorEvents(), false, eventMsg{V: Version, Table: p.t.ID(), Seq: s.Seq, Time: tm, Type: s.Type, Event: s.Spectator.Event}})
		}
	}
	enc := func(os []out) ([][]byte, error) {
		bs := make([][]byte, len(os))
		for i, o := range os {
			b, err := json.Marshal(o.msg)
			if err != nil {
				return nil, fmt.Errorf("table: step %d: payload for %s: %w", s.Seq, o.topic, err)
			}
			bs[i] = b
		}
		return bs, nil
	}
	bs, err := enc(outs)
	if err != nil {
		return err
	}
	sbs, err := enc(spect)
	if err != nil {
		return err
	}

	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed:
		return ErrClosed
	case s.Seq == 0:
		return fmt.Errorf("%w: step has seq 0 (sequences start at 1)", ErrSeq)
	case events && s.Seq <= p.last, !events && s.Seq < p.last:
		return fmt.Errorf("%w: step %d after %d", ErrSeq, s.Seq, p.last)
	}
	p.last = s.Seq
	for i, o := range outs {
		p.send(o.topic, o.retain, bs[i])
	}
	if events && (s.Type == "discard" || s.Type == "riichi") {
		p.delayMu.Lock()
		p.turns++
		p.delayMu.Unlock()
		select { // a message waiting for this turn may go now
		case p.delayCh <- struct{}{}:
		default:
		}
	}
	if len(spect) == 0 {
		return nil
	}
	if p.cfg.SpectatorDelay == 0 && p.cfg.SpectatorTurns == 0 {
		for i, o := range spect {
			p.send(o.topic, o.retain, sbs[i])
		}
		return nil
	}
	due := p.clock.Now().Add(p.cfg.SpectatorDelay)
	p.delayMu.Lock()
	for i, o := range spect {
		p.delayed = append(p.delayed, delayedMsg{due: due, turn: p.turns + p.cfg.SpectatorTurns, topic: o.topic, retain: o.retain, payload: sbs[i]})
	}
	if n := len(p.delayed) - maxDelayed; n > 0 {
		// A table far faster than people (a simulation) must not grow
		// without bound: the oldest held messages go (spectators resume
		// from the retained state, as after any gap).
		p.delayed = slices.Delete(p.delayed, 0, n)
		if !p.delayDrop {
			p.delayDrop = true
			p.log.Warn("spectator messages dropped: more are held back than the delay allows (logged once)", "held", maxDelayed, "delay", p.cfg.SpectatorDelay, "turns", p.cfg.SpectatorTurns)
		}
	}
	p.delayMu.Unlock()
	select {
	case p.delayCh <- struct{}{}:
	default:
	}
	return nil
}

// Machine publishes the machine status (retained): cycle phase, error codes.
func (p *Publisher) Machine(ctx context.Context, status json.RawMessage, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := json.Marshal(machineMsg{V: Version, Table: p.t.ID(), Time: timePtr(at), Machine: status})
	if err != nil {
		return fmt.Errorf("table: machine status: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	p.send(p.t.Machine(), true, b)
	return nil
}

// Run publishes every step of feed until ctx ends or feed fails.
func (p *Publisher) Run(ctx context.Context, feed Feed) error {
	for {
		s, err := feed.Next(ctx)
		if err != nil {
			return err
		}
		if err := p.Publish(ctx, s); err != nil {
			return err
		}
	}
}

// delayLoop publishes the spectator tree once its delay has passed.
func (p *Publisher) delayLoop() {
	defer p.wg.Done()
	for {
		var timer <-chan time.Time
		p.delayMu.Lock()
		now := p.clock.Now()
		var due []delayedMsg
		for len(p.delayed) > 0 && !p.delayed[0].due.After(now) && p.turns >= p.delayed[0].turn {
			due = append(due, p.delayed[0])
			p.delayed = p.delayed[1:]
		}
		if len(p.delayed) > 0 && p.delayed[0].due.After(now) {
			timer = p.clock.After(p.delayed[0].due.Sub(now))
		}
		p.delayMu.Unlock()
		if len(due) > 0 {
			p.mu.Lock()
			if !p.closed {
				for _, m := range due {
					p.send(m.topic, m.retain, m.payload)
				}
			}
			p.mu.Unlock()
			continue
		}
		select {
		case <-p.ctx.Done():
			return
		case <-p.delayCh:
		case <-timer:
		}
	}
}

// onCommand is paho's message handler: it must not block.
func (p *Publisher) onCommand(_ paho.Client, m paho.Message) {
	sender, ok := p.t.CommandSender(m.Topic())
	if !ok {
		p.log.Warn("mqtt message on an unexpected topic", "topic", m.Topic())
		return
	}
	if len(m.Payload()) == 0 {
		return // the deletion of a retained command
	}
	if m.Retained() {
		// Kept by the broker from some earlier time: never run it.
		p.cmdRetained.Add(1)
		if _, seen := p.warned.LoadOrStore(sender, struct{}{}); !seen {
			p.log.Warn("mqtt retained command ignored (logged once per sender)", "sender", sender, "topic", m.Topic())
		}
		return
	}
	ok, first, recovered := p.limit.Allow(sender, p.clock.Now())
	if recovered > 0 {
		p.log.Info("mqtt commands under the rate limit again", "sender", sender, "dropped", recovered)
	}
	if !ok {
		p.cmdRateLimited.Add(1)
		if first {
			p.log.Warn("mqtt commands over the rate limit: dropped without reply until the sender slows down (logged once)", "sender", sender, "rate", p.limit.Rate, "burst", p.limit.Burst, "defaults", p.limit.Rate == 0)
		}
		return
	}
	select {
	case p.cmds <- inbound{sender: sender, payload: m.Payload()}:
		p.cmdTaken.Add(1)
	default:
		p.cmdQueueFull.Add(1)
		p.log.Warn("mqtt command dropped: queue full", "sender", sender, "depth", queueDepth)
	}
}

func (p *Publisher) commandLoop() {
	defer p.wg.Done()
	for {
		select {
		case <-p.ctx.Done():
			return
		case in := <-p.cmds:
			p.handle(in)
		}
	}
}

func (p *Publisher) handle(in inbound) {
	role, err := access.ParseRole(in.sender)
	if err != nil || !role.Commands() {
		p.log.Warn("mqtt command on a topic of no commanding role", "sender", in.sender)
		return
	}
	c, perr := command.Parse(in.payload)
	if perr == nil {
		r, ok := p.recent.get(role, c.ID)
		if !ok && p.memory != nil {
			r, ok = p.memory.Recall(role, c.ID)
		}
		if ok {
			// A QoS 1 redelivery, a resend or a replay: answer again,
			// execute once.
			p.reply(role, r)
			return
		}
	}
	r := p.disp.Dispatch(p.ctx, role, in.payload)
	if perr == nil {
		p.recent.put(role, c.ID, r)
		if r.OK && p.memory != nil {
			if err := p.memory.Remember(role, c.ID, r); err != nil {
				p.log.Warn("mqtt command id not recorded: a replay after a restart could run it again", "role", role, "id", c.ID, "err", err)
			}
		}
	}
	p.reply(role, r)
}

func (p *Publisher) reply(role access.Role, r command.Reply) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.send(p.t.Reply(string(role)), false, r.Marshal())
	}
}

// closeWait bounds Close's wait for acknowledgements when its ctx has no
// deadline (on the Publisher's clock): a broker that went away must not
// hold up the table's shutdown.
const closeWait = 10 * time.Second

// Close announces the table offline, waits (bounded by ctx, or closeWait
// when ctx has no deadline) for queued messages to be acknowledged, stops
// the command and delay loops, and disconnects. Delayed spectator messages
// still waiting are dropped.
func (p *Publisher) Close(ctx context.Context) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return ErrClosed
	}
	offline, _ := json.Marshal(statusMsg{V: Version, Table: p.t.ID(), Status: "offline"})
	if p.client.IsConnectionOpen() {
		p.send(p.t.Status(), true, offline)
	}
	p.closed = true
	p.mu.Unlock()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelCauseFunc
		ctx, cancel = context.WithCancelCause(ctx)
		defer cancel(nil)
		timeout := p.clock.After(closeWait)
		go func() {
			select {
			case <-timeout:
				cancel(fmt.Errorf("mqtt: close: messages unacknowledged after %v: %w", closeWait, context.DeadlineExceeded))
			case <-ctx.Done():
			}
		}()
	}
	err := p.Flush(ctx)
	if cause := context.Cause(ctx); err != nil && cause != nil {
		err = cause
	}
	p.cancel()
	if werr := p.waitLoops(ctx); werr != nil && err == nil {
		err = werr
	}
	p.client.Disconnect(250)
	return err
}

// waitLoops waits for the publisher's goroutines, which end once p.ctx is
// cancelled unless a command handler ignores its context. ctx bounds the
// wait; when the flush has used ctx up already, closeWait on the clock
// does.
func (p *Publisher) waitLoops(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		p.wg.Wait()
		close(done)
	}()
	ctxDone := ctx.Done()
	var timeout <-chan time.Time
	if ctx.Err() != nil {
		ctxDone, timeout = nil, p.clock.After(closeWait)
	}
	select {
	case <-done:
		return nil
	case <-ctxDone:
	case <-timeout:
	}
	return fmt.Errorf("mqtt: close: a command handler has not returned: %w", context.DeadlineExceeded)
}

// recentReplies remembers the last replies by (role, id), so a command
// delivered twice is executed once.
type recentReplies struct {
	keys    []string
	replies map[string]command.Reply
}

const recentMax = 128

func (r *recentReplies) get(role access.Role, id string) (command.Reply, bool) {
	c, ok := r.replies[string(role)+"\x00"+id]
	return c, ok
}

func (r *recentReplies) put(role access.Role, id string, c command.Reply) {
	if r.replies == nil {
		r.replies = map[string]command.Reply{}
	}
	k := string(role) + "\x00" + id
	if _, ok := r.replies[k]; !ok {
		r.keys = append(r.keys, k)
	}
	r.replies[k] = c
	if len(r.keys) > recentMax {
		delete(r.replies, r.keys[0])
		r.keys = r.keys[1:]
	}
}
