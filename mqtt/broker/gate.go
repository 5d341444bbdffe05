package broker

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"jantaku/drivers/clock"
)

// Errors a connection is closed with.
var (
	// ErrPacketTooLarge: a fixed header announced more than the client may
	// send; nothing of the body was read or allocated.
	ErrPacketTooLarge = errors.New("packet too large")
	// ErrNotConnect: the first packet of a connection is not a CONNECT.
	ErrNotConnect = errors.New("first packet is not CONNECT")
	// ErrLoginTimeout: the connection did not log in in time.
	ErrLoginTimeout = errors.New("no login in time")
	// ErrTooManyPending: too many connections not yet logged in.
	ErrTooManyPending = errors.New("too many connections not logged in")
)

// gate admits connections, bounds those not yet logged in, closes those
// that do not log in in time, and logs each offending address at most once
// a minute.
type gate struct {
	lim   Limits
	clock clock.Clock
	log   *slog.Logger

	mu      sync.Mutex
	pending int
	perHost map[string]int
	conns   map[*admitted]struct{}
	noted   map[string]*offence
	closed  bool
}

type offence struct {
	at         time.Time
	suppressed int
}

// logEvery is how often one address's offences are logged.
const logEvery = time.Minute

func newGate(lim Limits, c clock.Clock, log *slog.Logger) *gate {
	return &gate{lim: lim, clock: c, log: log, perHost: map[string]int{}, conns: map[*admitted]struct{}{}, noted: map[string]*offence{}}
}

func hostOf(a net.Addr) string {
	if a == nil {
		return "?"
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// admit takes c as a pending connection and starts its login timer, or
// closes it (and notes the offence) when the pending limits are reached.
func (g *gate) admit(c net.Conn) (*admitted, bool) {
	host := hostOf(c.RemoteAddr())
	g.mu.Lock()
	if g.closed || g.pending >= g.lim.MaxPending || g.perHost[host] >= g.lim.MaxPendingPerHost {
		closed := g.closed
		g.mu.Unlock()
		_ = c.Close()
		if !closed {
			g.note(host, "mqtt connection refused", ErrTooManyPending, "remote", c.RemoteAddr().String())
		}
		return nil, false
	}
	g.pending++
	g.perHost[host]++
	a := &admitted{Conn: c, g: g, host: host, done: make(chan struct{})}
	a.isPending = true
	g.conns[a] = struct{}{}
	g.mu.Unlock()
	go a.watch(g.clock.After(g.lim.LoginTimeout))
	return a, true
}

// note logs an offence of host, at most once per logEvery; the line after
// a quiet spell says how many were not logged.
func (g *gate) note(host, msg string, err error, attrs ...any) {
	now := g.clock.Now()
	g.mu.Lock()
	o := g.noted[host]
	if o != nil && now.Sub(o.at) < logEvery {
		o.suppressed++
		g.mu.Unlock()
		return
	}
	n := 0
	if o != nil {
		n = o.suppressed
	}
	if len(g.noted) >= 4096 { // a bounded memory of offenders
		clear(g.noted)
	}
	g.noted[host] = &offence{at: now}
	g.mu.Unlock()
	attrs = append(attrs, "err", err)
	if n > 0 {
		attrs = append(attrs, "not_logged_since", n)
	}
	g.log.Warn(msg+" (logged once a minute per address)", attrs...)
}

// closeAll closes every connection, pending or not, refuses new ones, and
// returns how many it closed. With abort the connections are reset rather
// than closed: what the broker had queued to a client that stopped
// reading is dropped at once, instead of being left to the kernel to
// deliver through the client's closed window, holding its buffers, until
// its probes give up and it drops the connection without a word.
func (g *gate) closeAll(abort bool) int {
	g.mu.Lock()
	g.closed = true
	cs := make([]*admitted, 0, len(g.conns))
	for a := range g.conns {
		cs = append(cs, a)
	}
	g.mu.Unlock()
	for _, a := range cs {
		if tc, ok := a.Conn.(*net.TCPConn); ok && abort {
			_ = tc.SetLinger(0)
		}
		_ = a.Close()
	}
	return len(cs)
}

// Pending returns the number of connections not logged in.
func (g *gate) pendingNow() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pending
}

// admitted is an accepted network connection (TCP, before TLS and
// WebSocket framing).
type admitted struct {
	net.Conn
	g    *gate
	host string

	isPending bool // guarded by g.mu
	once      sync.Once
	done      chan struct{} // closed at login or close
	timedOut  atomic.Bool
}

// watch closes the connection if it is still pending when due fires.
func (a *admitted) watch(due <-chan time.Time) {
	select {
	case <-due:
		a.g.mu.Lock()
		p := a.isPending
		a.g.mu.Unlock()
		if p {
			a.timedOut.Store(true)
			a.g.note(a.host, "mqtt connection closed", fmt.Errorf("%w (%v)", ErrLoginTimeout, a.g.lim.LoginTimeout), "remote", a.RemoteAddr().String())
			_ = a.Close()
		}
	case <-a.done:
	}
}

// release gives back the pending slot, once.
func (a *admitted) release(forget bool) {
	a.g.mu.Lock()
	if a.isPending {
		a.isPending = false
		a.g.pending--
		if a.g.perHost[a.host]--; a.g.perHost[a.host] <= 0 {
			delete(a.g.perHost, a.host)
		}
	}
	if forget {
		delete(a.g.conns, a)
	}
	a.g.mu.Unlock()
	a.once.Do(func() { close(a.done) })
}

// loggedIn ends the connection's pending state.
func (a *admitted) loggedIn() { a.release(false) }

// Close implements net.Conn.
func (a *admitted) Close() error {
	a.release(true)
	return a.Conn.Close()
}

// framer checks the MQTT stream read from a connection packet by packet:
// the first must be a CONNECT of at most MaxConnectSize bytes, the later
// ones at most the client's packet size. A violation fails the read before
// the broker sees the packet's body, so nothing is allocated for it.
type framer struct {
	net.Conn           // the MQTT byte stream: TCP, TLS or WebSocket
	adm      *admitted // the network connection it runs on
	limit    atomic.Int64
	user     atomic.Pointer[string]
	gone     chan struct{} // closed by Close
	goneOnce sync.Once

	// parser state, touched by Read only (the broker reads from one goroutine)
	first  bool // the first packet's header is done
	hdr    int  // header bytes seen of the current packet (0: none)
	rem    int  // remaining length being decoded
	mul    int
	skip   int64 // body bytes still to pass
	failed error
}

func newFramer(c net.Conn, a *admitted, connectMax int) *framer {
	f := &framer{Conn: c, adm: a, mul: 1, gone: make(chan struct{})}
	f.limit.Store(int64(connectMax))
	return f
}

// Close implements net.Conn.
func (f *framer) Close() error {
	f.goneOnce.Do(func() { close(f.gone) })
	return f.Conn.Close()
}

// setLimit sets the largest packet the client may send from now on.
func (f *framer) setLimit(n int) { f.limit.Store(int64(n)) }

// Read implements net.Conn.
func (f *framer) Read(p []byte) (int, error) {
	if f.failed != nil {
		return 0, f.failed
	}
	n, err := f.Conn.Read(p)
	if serr := f.scan(p[:n]); serr != nil {
		f.failed = serr
		return 0, serr
	}
	return n, err
}

// scan follows packet boundaries through b.
func (f *framer) scan(b []byte) error {
	for len(b) > 0 {
		if f.skip > 0 {
			k := min(int64(len(b)), f.skip)
			f.skip -= k
			b = b[k:]
			continue
		}
		c := b[0]
		b = b[1:]
		if f.hdr == 0 {
			if !f.first && c>>4 != 1 {
				return fmt.Errorf("%w (type %d)", ErrNotConnect, c>>4)
			}
			f.hdr, f.rem, f.mul = 1, 0, 1
			continue
		}
		f.hdr++
		f.rem += int(c&0x7f) * f.mul
		f.mul *= 128
		if c&0x80 != 0 {
			if f.hdr > 4 { // the fourth length byte may not continue
				return fmt.Errorf("%w: malformed remaining length", ErrPacketTooLarge)
			}
			continue
		}
		total := int64(f.hdr) + int64(f.rem)
		if lim := f.limit.Load(); total > lim {
			what := "packet"
			if !f.first {
				what = "CONNECT"
			}
			return fmt.Errorf("%w: %s of %d bytes announced, at most %d", ErrPacketTooLarge, what, total, lim)
		}
		if !f.first {
			// Until the login is known (setLimit), later packets get the
			// limit of clients that are not the table.
			f.first = true
			f.limit.Store(int64(f.adm.g.lim.MaxPacketSize))
		}
		f.skip, f.hdr = int64(f.rem), 0
	}
	return nil
}
