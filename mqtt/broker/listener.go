package broker

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/mochi-mqtt/server/v2/listeners"
)

// listener is a TCP or WebSocket listener that admits connections through
// the gate and hands the broker each one's MQTT stream behind a framer.
// (mochi's own listeners can do neither, and log refusals with an empty
// message and no address.)
type listener struct {
	id   string
	addr string
	ws   bool
	tls  *tls.Config
	gate *gate
	log  *slog.Logger

	ln        net.Listener
	srv       *http.Server
	establish listeners.EstablishFn
	mu        sync.Mutex
	closed    bool
	running   sync.WaitGroup // run calls, Added under mu while open
}

var _ listeners.Listener = (*listener)(nil)

type admittedKey struct{}

// Init implements listeners.Listener: it binds the address.
func (l *listener) Init(log *slog.Logger) error {
	ln, err := net.Listen("tcp", l.addr)
	if err != nil {
		return err
	}
	l.ln = ln
	l.addr = ln.Addr().String()
	return nil
}

// ID implements listeners.Listener.
func (l *listener) ID() string { return l.id }

// Address implements listeners.Listener: the bound address.
func (l *listener) Address() string { return l.addr }

// Protocol implements listeners.Listener.
func (l *listener) Protocol() string {
	switch {
	case l.ws && l.tls != nil:
		return "wss"
	case l.ws:
		return "ws"
	case l.tls != nil:
		return "tls"
	}
	return "tcp"
}

// Serve implements listeners.Listener.
func (l *listener) Serve(establish listeners.EstablishFn) {
	l.establish = establish
	if l.ws {
		up := &websocket.Upgrader{
			Subprotocols:    []string{"mqtt"},
			ReadBufferSize:  2048,
			WriteBufferSize: 2048,
			// Browsers on the parlour network load overlays from anywhere;
			// credentials, not origins, decide who may do what.
			CheckOrigin: func(*http.Request) bool { return true },
		}
		l.mu.Lock()
		l.srv = &http.Server{
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				a, _ := r.Context().Value(admittedKey{}).(*admitted)
				c, err := up.Upgrade(w, r, nil)
				if err != nil || a == nil {
					return // Upgrade answered with an HTTP error
				}
				c.SetReadLimit(int64(l.gate.lim.MaxTablePacketSize) + 8)
				l.run(a, &wsConn{Conn: c.NetConn(), c: c})
			}),
			// The login timer bounds the whole handshake on the gate's
			// clock; these are the wall-clock backstops.
			ReadHeaderTimeout: l.gate.lim.LoginTimeout,
			MaxHeaderBytes:    8 << 10,
			ConnContext: func(ctx context.Context, c net.Conn) context.Context {
				if tc, ok := c.(*tls.Conn); ok {
					c = tc.NetConn()
				}
				return context.WithValue(ctx, admittedKey{}, c)
			},
		}
		srv := l.srv
		l.mu.Unlock()
		var ln net.Listener = gatedListener{l}
		if l.tls != nil {
			ln = tls.NewListener(ln, l.tls)
		}
		_ = srv.Serve(ln)
		return
	}
	for {
		a, err := l.accept()
		if err != nil {
			return
		}
		var c net.Conn = a
		if l.tls != nil {
			c = tls.Server(a, l.tls)
		}
		go l.run(a, c)
	}
}

// accept returns the next admitted connection.
func (l *listener) accept() (*admitted, error) {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return nil, err
		}
		if a, ok := l.gate.admit(c); ok {
			return a, nil
		}
	}
}

// run serves one connection until it ends, and logs why it ended when the
// reason is the client's fault.
func (l *listener) run(a *admitted, c net.Conn) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		_ = a.Close()
		return
	}
	l.running.Add(1)
	l.mu.Unlock()
	defer l.running.Done()
	f := newFramer(c, a, l.gate.lim.MaxConnectSize)
	err := l.establish(l.id, f)
	_ = f.Close()
	_ = a.Close()
	if err == nil || a.timedOut.Load() || errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) {
		return // a normal end, or logged by the login timer
	}
	attrs := []any{"remote", a.RemoteAddr().String(), "listener", l.id}
	if u := f.user.Load(); u != nil {
		attrs = append(attrs, "user", *u)
	}
	l.gate.note(a.host, "mqtt connection closed", err, attrs...)
}

// Close implements listeners.Listener.
func (l *listener) Close(closeClients listeners.CloseFn) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	srv := l.srv
	l.mu.Unlock()
	if l.ln != nil {
		_ = l.ln.Close()
	}
	if srv != nil {
		_ = srv.Close()
	}
	closeClients(l.id)
	// mochi waits for every connection it was given once the listeners
	// are closed: those not logged in are the gate's to close, and no
	// connection is given to it from now on (run checks closed).
	l.gate.closeAll(false)
	l.running.Wait()
}

// gatedListener admits the WebSocket listener's connections through the
// gate before the HTTP server reads a byte.
type gatedListener struct{ l *listener }

func (g gatedListener) Accept() (net.Conn, error) { return g.l.accept() }
func (g gatedListener) Close() error              { return g.l.ln.Close() }
func (g gatedListener) Addr() net.Addr            { return g.l.ln.Addr() }

// wsConn is an MQTT stream carried in binary WebSocket messages; a packet
// may span messages and a message may hold several packets.
type wsConn struct {
	net.Conn
	c *websocket.Conn
	r io.Reader
}

func (w *wsConn) Read(p []byte) (int, error) {
	for {
		if w.r == nil {
			typ, r, err := w.c.NextReader()
			if err != nil {
				return 0, err
			}
			if typ != websocket.BinaryMessage {
				return 0, errors.New("websocket: MQTT travels in binary messages only")
			}
			w.r = r
		}
		n, err := w.r.Read(p)
		if errors.Is(err, io.EOF) {
			w.r = nil
			if n == 0 {
				continue
			}
			err = nil
		}
		return n, err
	}
}

func (w *wsConn) Write(p []byte) (int, error) {
	if err := w.c.WriteMessage(websocket.BinaryMessage, p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (w *wsConn) SetDeadline(t time.Time) error {
	return w.Conn.SetDeadline(t)
}

func (w *wsConn) Close() error { return w.c.Close() }
