package broker

import (
	"cmp"
	"fmt"
	"time"
)

// Limits bound what one client, logged in or not, may cost the broker. The
// zero value of each field takes the default noted; DefaultLimits lists
// them. Every limit is enforced before the broker allocates for it: a
// packet's size is checked from its fixed header, before its body is read.
type Limits struct {
	// LoginTimeout closes a connection that has not logged in (sent a
	// CONNECT with good credentials) this long after it was accepted,
	// whatever it is doing: a slow TLS or WebSocket handshake, a CONNECT
	// sent a byte at a time, or nothing. 10 s.
	LoginTimeout time.Duration `json:"login_timeout,omitempty"`
	// MaxPending bounds the connections not yet logged in, over all
	// listeners; more are closed at once. 256.
	MaxPending int `json:"max_pending,omitempty"`
	// MaxPendingPerHost bounds them per remote address, so one machine
	// cannot take every pending slot. 16.
	MaxPendingPerHost int `json:"max_pending_per_host,omitempty"`
	// MaxClients bounds the logged-in clients; more are refused with
	// CONNACK "server unavailable". 256.
	MaxClients int `json:"max_clients,omitempty"`
	// MaxConnectSize is the largest first packet (the CONNECT: client id,
	// user, password and last will). 4 KiB.
	MaxConnectSize int `json:"max_connect_size,omitempty"`
	// MaxPacketSize is the largest packet of a logged-in client other than
	// the table: a command of command.MaxSize (16 KiB) and its topic fit.
	// 20 KiB.
	MaxPacketSize int `json:"max_packet_size,omitempty"`
	// MaxTablePacketSize is the largest packet of the table user, whose
	// retained spectator state is the largest message of a table. 256 KiB.
	MaxTablePacketSize int `json:"max_table_packet_size,omitempty"`
	// PublishRate is the sustained number of PUBLISH packets per second a
	// client other than the table may send; PublishBurst more may come at
	// once. Beyond, the broker stops reading the client's socket until its
	// next publish is due (TCP slows the sender), and logs it once. 20/s,
	// burst 40.
	PublishRate  float64 `json:"publish_rate,omitempty"`
	PublishBurst int     `json:"publish_burst,omitempty"`
}

// DefaultLimits returns the limits the zero Limits stand for.
func DefaultLimits() Limits {
	return Limits{
		LoginTimeout:       10 * time.Second,
		MaxPending:         256,
		MaxPendingPerHost:  16,
		MaxClients:         256,
		MaxConnectSize:     4 << 10,
		MaxPacketSize:      20 << 10,
		MaxTablePacketSize: 256 << 10,
		PublishRate:        20,
		PublishBurst:       40,
	}
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	l.LoginTimeout = cmp.Or(l.LoginTimeout, d.LoginTimeout)
	l.MaxPending = cmp.Or(l.MaxPending, d.MaxPending)
	l.MaxPendingPerHost = cmp.Or(l.MaxPendingPerHost, d.MaxPendingPerHost)
	l.MaxClients = cmp.Or(l.MaxClients, d.MaxClients)
	l.MaxConnectSize = cmp.Or(l.MaxConnectSize, d.MaxConnectSize)
	l.MaxPacketSize = cmp.Or(l.MaxPacketSize, d.MaxPacketSize)
	l.MaxTablePacketSize = cmp.Or(l.MaxTablePacketSize, d.MaxTablePacketSize)
	l.PublishRate = cmp.Or(l.PublishRate, d.PublishRate)
	l.PublishBurst = cmp.Or(l.PublishBurst, d.PublishBurst)
	return l
}

// Validate checks the limits, naming the bad one.
func (l Limits) Validate() error {
	switch {
	case l.LoginTimeout < 0:
		return fmt.Errorf("%w: limits.login_timeout %v is negative", ErrConfig, l.LoginTimeout)
	case l.MaxPending < 0, l.MaxPendingPerHost < 0, l.MaxClients < 0:
		return fmt.Errorf("%w: limits: connection counts must not be negative", ErrConfig)
	case l.MaxConnectSize < 0 || l.MaxConnectSize > 1<<20:
		return fmt.Errorf("%w: limits.max_connect_size %d: want 0..1 MiB", ErrConfig, l.MaxConnectSize)
	case l.MaxPacketSize < 0 || l.MaxPacketSize > 16<<20:
		return fmt.Errorf("%w: limits.max_packet_size %d: want 0..16 MiB", ErrConfig, l.MaxPacketSize)
	case l.MaxTablePacketSize < 0 || l.MaxTablePacketSize > 16<<20:
		return fmt.Errorf("%w: limits.max_table_packet_size %d: want 0..16 MiB", ErrConfig, l.MaxTablePacketSize)
	case l.PublishRate < 0 || l.PublishBurst < 0:
		return fmt.Errorf("%w: limits: publish rate and burst must not be negative", ErrConfig)
	}
	return nil
}
