package broker

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync/atomic"
	"time"

	mochi "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/hooks/storage/bolt"
	"github.com/mochi-mqtt/server/v2/packets"
	"go.etcd.io/bbolt"

	"jantaku/drivers/clock"
	"jantaku/mqtt/access"
)

// ErrConfig is wrapped by errors about a broker configuration.
var ErrConfig = errors.New("broker config")

// Config configures the embedded broker.
type Config struct {
	// TCP is the MQTT listener's address, "127.0.0.1:1883" by default; "-"
	// disables it. Port 0 picks a free port (see Broker.TCPAddr).
	TCP string `json:"tcp,omitempty"`
	// WebSocket is the MQTT-over-WebSocket listener's address (browsers,
	// overlays); empty or "-" disables it. Port 0 picks a free port.
	WebSocket string `json:"websocket,omitempty"`
	// Store is a bolt file that keeps sessions, subscriptions, queued QoS 1
	// messages and retained messages across restarts; empty keeps them in
	// memory only.
	Store string `json:"store,omitempty"`
	// TLSCert and TLSKey, PEM files, make both listeners speak TLS (mqtts,
	// wss); empty serves plain TCP and WebSocket.
	TLSCert string `json:"tls_cert,omitempty"`
	TLSKey  string `json:"tls_key,omitempty"`
	// Limits bound what each client may cost; the zero value is
	// DefaultLimits.
	Limits Limits `json:"limits,omitzero"`
	// Clock times logins and publish rates; nil is the wall clock. Tests
	// pass a fake.
	Clock clock.Clock `json:"-"`
}

// defaultStoreTimeout bounds the wait for the bolt file lock (another broker
// holding it).
const defaultStoreTimeout = 2 * time.Second

// DefaultTCP is the TCP listener's default address.
const DefaultTCP = "127.0.0.1:1883"

// Broker is a running embedded broker.
type Broker struct {
	srv   *mochi.Server
	gate  *gate
	clock clock.Clock
	tcp   *listener
	ws    *listener
}

// Start starts a broker enforcing policy and returns once its listeners are
// bound. Close stops it.
func Start(cfg Config, policy *access.Policy, log *slog.Logger) (*Broker, error) {
	if policy == nil {
		return nil, fmt.Errorf("%w: no access policy", ErrConfig)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	addr := cfg.TCP
	if addr == "" {
		addr = DefaultTCP
	}
	if cfg.WebSocket == "-" {
		cfg.WebSocket = ""
	}
	if addr == "-" && cfg.WebSocket == "" {
		return nil, fmt.Errorf("%w: no listener (tcp is \"-\" and websocket is empty)", ErrConfig)
	}
	for key, a := range map[string]string{"tcp": addr, "websocket": cfg.WebSocket} {
		if a == "" || a == "-" {
			continue
		}
		if _, _, err := net.SplitHostPort(a); err != nil {
			return nil, fmt.Errorf("%w: %s address %q: %w", ErrConfig, key, a, err)
		}
	}

	if err := cfg.Limits.Validate(); err != nil {
		return nil, err
	}
	lim := cfg.Limits.withDefaults()
	var tlsCfg *tls.Config
	if cfg.TLSCert != "" || cfg.TLSKey != "" {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			return nil, fmt.Errorf("%w: tls_cert/tls_key: %w", ErrConfig, err)
		}
		tlsCfg = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	clk := cfg.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	blog := log.With("component", "mqtt-broker")
	caps := mochi.NewDefaultServerCapabilities()
	caps.MaximumClients = int64(lim.MaxClients)
	caps.MaximumPacketSize = uint32(max(lim.MaxPacketSize, lim.MaxTablePacketSize))
	// A disconnected persistent session keeps its queue for an hour, of at
	// most 1024 messages, rather than for ever and 8192.
	caps.MaximumSessionExpiryInterval = 3600
	caps.MaximumInflight = 1024
	srv := mochi.New(&mochi.Options{Logger: blog, Capabilities: caps})
	hook := NewHook(policy, log)
	hook.lim, hook.clock = lim, clk
	hook.refuse = func(cl *mochi.Client, code packets.Code) { _ = srv.SendConnack(cl, code, false, nil) }
	if err := srv.AddHook(hook, nil); err != nil {
		return nil, fmt.Errorf("broker: access hook: %w", err)
	}
	if cfg.Store != "" {
		err := srv.AddHook(boltStore{new(bolt.Hook)}, &bolt.Options{Path: cfg.Store, Options: &bbolt.Options{Timeout: defaultStoreTimeout}})
		if err != nil {
			_ = srv.Close()
			return nil, fmt.Errorf("broker: store %s: %w", cfg.Store, err)
		}
	}
	b := &Broker{srv: srv, gate: newGate(lim, clk, blog), clock: clk}
	if addr != "-" {
		b.tcp = &listener{id: "tcp", addr: addr, tls: tlsCfg, gate: b.gate, log: blog}
		if err := srv.AddListener(b.tcp); err != nil {
			_ = srv.Close()
			return nil, fmt.Errorf("broker: tcp listener %s: %w", addr, err)
		}
	}
	if cfg.WebSocket != "" {
		b.ws = &listener{id: "ws", addr: cfg.WebSocket, ws: true, tls: tlsCfg, gate: b.gate, log: blog}
		if err := srv.AddListener(b.ws); err != nil {
			_ = srv.Close()
			return nil, fmt.Errorf("broker: websocket listener %s: %w", cfg.WebSocket, err)
		}
	}
	if err := srv.Serve(); err != nil {
		_ = srv.Close()
		return nil, fmt.Errorf("broker: serve: %w", err)
	}
	return b, nil
}

// TCPAddr returns the TCP listener's bound address ("" if disabled).
func (b *Broker) TCPAddr() string {
	if b.tcp == nil {
		return ""
	}
	return b.tcp.Address()
}

// WebSocketAddr returns the WebSocket listener's address ("" if disabled).
func (b *Broker) WebSocketAddr() string {
	if b.ws == nil {
		return ""
	}
	return b.ws.Address()
}

// Stats are the broker's counters since it started.
type Stats struct {
	Clients          int64 // connected now
	MessagesReceived int64 // PUBLISH packets received
	MessagesSent     int64 // PUBLISH packets sent
	MessagesDropped  int64 // to slow subscribers
	InflightDropped  int64 // to subscribers with 1024 unacknowledged messages
	Retained         int64 // retained messages held
	Pending          int64 // connections not logged in yet
}

// Stats returns the broker's counters now.
func (b *Broker) Stats() Stats {
	i := b.srv.Info
	return Stats{
		Clients:          atomic.LoadInt64(&i.ClientsConnected),
		MessagesReceived: atomic.LoadInt64(&i.MessagesReceived),
		MessagesSent:     atomic.LoadInt64(&i.MessagesSent),
		MessagesDropped:  atomic.LoadInt64(&i.MessagesDropped),
		InflightDropped:  atomic.LoadInt64(&i.InflightDropped),
		Retained:         atomic.LoadInt64(&i.Retained),
		Pending:          int64(b.gate.pendingNow()),
	}
}

// closeWait bounds Close (on the broker's clock): a client that stopped
// reading must not hold up the table's shutdown.
const closeWait = 5 * time.Second

// forcedWait bounds the wait for the client goroutines once every
// connection under them is closed: nothing is left for them to block on,
// so only a bug keeps one running.
const forcedWait = 5 * time.Second

// Close is Shutdown bounded by five seconds on the broker's clock.
func (b *Broker) Close() error {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	timeout := b.clock.After(closeWait)
	go func() {
		select {
		case <-timeout:
			cancel(fmt.Errorf("broker: close: clients still connected after %v: %w", closeWait, context.DeadlineExceeded))
		case <-ctx.Done():
		}
	}()
	return b.Shutdown(ctx)
}

// Shutdown disconnects every client (a DISCONNECT, then the connection),
// closes the listeners and the store, and waits for the broker's client
// goroutines until ctx ends. Then it resets every connection under them
// unannounced (a TCP RST, what was queued to them dropped), since a client
// that stopped reading holds the broker's write to it, and the DISCONNECT
// behind that write, for ever; it waits for the goroutines a last few
// seconds and returns ctx's cause.
func (b *Broker) Shutdown(ctx context.Context) error {
	done := make(chan error, 1)
	go func() {
		err := b.srv.Close()
		b.gate.closeAll(false) // when no listener was added
		b.srv.Listeners.ClientsWg.Wait()
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	n := b.gate.closeAll(true)
	cause := context.Cause(ctx)
	select {
	case err := <-done:
		return errors.Join(err, fmt.Errorf("broker: close: %d connections closed without a DISCONNECT: %w", n, cause))
	case <-b.clock.After(forcedWait):
		return fmt.Errorf("broker: close: client goroutines still running %v after their connections were closed: %w", forcedWait, cause)
	}
}
