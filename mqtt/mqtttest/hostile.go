package mqtttest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"time"

	"github.com/gorilla/websocket"
)

// Raw is a hand-driven MQTT 3.1.1 connection over TCP or WebSocket, for
// sending what no well-behaved client sends: oversized headers, a CONNECT
// a byte at a time, floods. Its reads wait at most 10 s (a generous
// deadline on an event, not a measurement).
type Raw struct {
	conn net.Conn
	ws   *websocket.Conn
	r    *bufio.Reader
}

// DialRaw opens a connection to brokerURL (tcp://host:port or
// ws://host:port/), from the local address laddr if not empty (e.g.
// "127.0.0.7:0", to appear as another machine on loopback).
func DialRaw(brokerURL, laddr string) (*Raw, error) {
	u, err := url.Parse(brokerURL)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Timeout: 10 * time.Second}
	if laddr != "" {
		a, err := net.ResolveTCPAddr("tcp", laddr)
		if err != nil {
			return nil, err
		}
		d.LocalAddr = a
	}
	switch u.Scheme {
	case "tcp", "mqtt":
		c, err := d.Dial("tcp", u.Host)
		if err != nil {
			return nil, err
		}
		return &Raw{conn: c, r: bufio.NewReader(c)}, nil
	case "ws":
		wd := websocket.Dialer{NetDial: d.Dial, Subprotocols: []string{"mqtt"}, HandshakeTimeout: 10 * time.Second}
		c, _, err := wd.Dial(brokerURL, nil)
		if err != nil {
			return nil, err
		}
		rw := &wsStream{c: c}
		return &Raw{conn: c.NetConn(), ws: c, r: bufio.NewReader(rw)}, nil
	}
	return nil, fmt.Errorf("mqtttest: DialRaw: scheme %q", u.Scheme)
}

type wsStream struct {
	c *websocket.Conn
	r io.Reader
}

func (w *wsStream) Read(p []byte) (int, error) {
	for {
		if w.r == nil {
			_, r, err := w.c.NextReader()
			if err != nil {
				return 0, err
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

// Write sends b as it is (over WebSocket, as one binary message).
func (r *Raw) Write(b []byte) error {
	_ = r.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
	if r.ws != nil {
		return r.ws.WriteMessage(websocket.BinaryMessage, b)
	}
	_, err := r.conn.Write(b)
	return err
}

// Close closes the connection.
func (r *Raw) Close() error { return r.conn.Close() }

// ReadPacket reads one packet: its first byte and body.
func (r *Raw) ReadPacket() (byte, []byte, error) {
	_ = r.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	t, err := r.r.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	n, mul := 0, 1
	for i := 0; ; i++ {
		b, err := r.r.ReadByte()
		if err != nil {
			return 0, nil, err
		}
		n += int(b&0x7f) * mul
		mul *= 128
		if b&0x80 == 0 {
			break
		}
		if i == 3 {
			return 0, nil, errors.New("mqtttest: bad remaining length")
		}
	}
	body := make([]byte, n)
	_, err = io.ReadFull(r.r, body)
	return t, body, err
}

// Closed waits (10 s at most) for the other end to close the connection,
// skipping any packets it sends first; it reports whether it did.
func (r *Raw) Closed() bool {
	for {
		_, _, err := r.ReadPacket()
		if err == nil {
			continue
		}
		var ne net.Error
		return !(errors.As(err, &ne) && ne.Timeout())
	}
}

// Length encodes an MQTT remaining length.
func Length(n int) []byte {
	var out []byte
	for {
		b := byte(n % 128)
		n /= 128
		if n > 0 {
			b |= 0x80
		}
		out = append(out, b)
		if n == 0 {
			return out
		}
	}
}

func mqttString(b []byte, s string) []byte {
	return append(append(b, byte(len(s)>>8), byte(len(s))), s...)
}

// ConnectPacket returns an MQTT 3.1.1 CONNECT (clean session, keepalive
// 60 s) with user and, if withPassword, password (which may be empty).
func ConnectPacket(clientID, user, password string, withPassword bool) []byte {
	var body []byte
	body = mqttString(body, "MQTT")
	flags := byte(0x02)
	if user != "" {
		flags |= 0x80
	}
	if withPassword {
		flags |= 0x40
	}
	body = append(body, 4, flags, 0, 60)
	body = mqttString(body, clientID)
	if user != "" {
		body = mqttString(body, user)
	}
	if withPassword {
		body = mqttString(body, password)
	}
	return append(append([]byte{0x10}, Length(len(body))...), body...)
}

// PublishPacket returns a PUBLISH at QoS 1 (packet id id) or QoS 0 (id 0).
func PublishPacket(topic string, payload []byte, id uint16, retain bool) []byte {
	h := byte(0x30)
	if id != 0 {
		h |= 0x02
	}
	if retain {
		h |= 0x01
	}
	body := mqttString(nil, topic)
	if id != 0 {
		body = append(body, byte(id>>8), byte(id))
	}
	body = append(body, payload...)
	return append(append([]byte{h}, Length(len(body))...), body...)
}

// Login sends a CONNECT and returns the CONNACK's return code (0:
// accepted).
func (r *Raw) Login(clientID, user, password string) (byte, error) {
	if err := r.Write(ConnectPacket(clientID, user, password, true)); err != nil {
		return 0, err
	}
	t, body, err := r.ReadPacket()
	if err != nil {
		return 0, fmt.Errorf("no CONNACK: %w", err)
	}
	if t != 0x20 || len(body) < 2 {
		return 0, fmt.Errorf("not a CONNACK: %#x % x", t, body)
	}
	return body[1], nil
}
