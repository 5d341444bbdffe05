package broker

import (
	"bytes"
	"log/slog"
	"sync"
	"time"

	mochi "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/packets"

	"jantaku/drivers/clock"
	"jantaku/mqtt/access"
)

// Hook is a mochi hook that authenticates users and checks every publish,
// subscription, delivery and last will against an access.Policy.
type Hook struct {
	mochi.HookBase
	policy *access.Policy
	log    *slog.Logger
	refuse func(cl *mochi.Client, code packets.Code) // sends a CONNACK refusal

	lim   Limits      // packet sizes and publish rates (defaults if zero)
	clock clock.Clock // for publish rates
	mu    sync.Mutex
	rates map[*mochi.Client]*bucket // publishers other than the table
}

// bucket is a token bucket of one client's publishes.
type bucket struct {
	tokens  float64
	at      time.Time
	dropped int  // publishes throttled in the current offence
	logged  bool // the current offence is logged
	retain  bool // a retained publish was refused and logged
}

// NewHook returns the access hook for policy. Add it with
// (*mochi.Server).AddHook(h, nil) before Serve.
func NewHook(policy *access.Policy, log *slog.Logger) *Hook {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Hook{policy: policy, log: log, lim: DefaultLimits(), clock: clock.Real{}, rates: map[*mochi.Client]*bucket{}}
}

// ID implements mochi.Hook.
func (h *Hook) ID() string { return "jantaku-access" }

// Provides implements mochi.Hook.
func (h *Hook) Provides(b byte) bool {
	return bytes.Contains([]byte{mochi.OnConnect, mochi.OnConnectAuthenticate, mochi.OnACLCheck,
		mochi.OnPacketRead, mochi.OnPublish, mochi.OnDisconnect}, []byte{b})
}

// OnConnect refuses a client whose last will names a topic its user may not
// write, or whose client id does not belong to its user. It runs before
// OnConnectAuthenticate, so an unknown user is refused here as well.
func (h *Hook) OnConnect(cl *mochi.Client, pk packets.Packet) error {
	user := string(pk.Connect.Username)
	if !h.policy.ClientIDAllowed(user, cl.ID) {
		h.log.Warn("mqtt connect refused: client id does not belong to user", "user", user, "client", cl.ID)
		return h.deny(cl, packets.ErrBadUsernameOrPassword)
	}
	if pk.Connect.WillFlag && !h.policy.Allowed(user, pk.Connect.WillTopic, true) {
		h.log.Warn("mqtt connect refused: last will on a topic the user may not write", "user", user, "client", cl.ID, "topic", pk.Connect.WillTopic)
		return h.deny(cl, packets.ErrBadUsernameOrPassword)
	}
	return nil
}

// deny refuses the connection. Bad-username-or-password is the code that
// MQTT 3.1.1 clients understand (mochi maps it to return code 5, not
// authorised); v5 "not authorised" (0x87) has no 3.1.1 equivalent.
func (h *Hook) deny(cl *mochi.Client, code packets.Code) error {
	if h.refuse != nil {
		h.refuse(cl, code)
	}
	return code
}

// OnConnectAuthenticate checks the user name and password.
func (h *Hook) OnConnectAuthenticate(cl *mochi.Client, pk packets.Packet) bool {
	user := string(pk.Connect.Username)
	role, ok := h.policy.Authenticate(user, string(pk.Connect.Password))
	if !ok {
		h.log.Warn("mqtt connect refused: bad user name or password", "user", user, "client", cl.ID, "remote", cl.Net.Remote)
		return false
	}
	if f, ok := cl.Net.Conn.(*framer); ok {
		size := h.lim.MaxPacketSize
		if role == access.Table {
			size = h.lim.MaxTablePacketSize
		}
		f.setLimit(size)
		f.user.Store(&user)
		f.adm.loggedIn()
	}
	if role != access.Table {
		h.mu.Lock()
		h.rates[cl] = &bucket{tokens: float64(h.lim.PublishBurst), at: h.clock.Now()}
		h.mu.Unlock()
	}
	h.log.Debug("mqtt connected", "user", user, "role", role, "client", cl.ID, "remote", cl.Net.Remote)
	return true
}

// OnPacketRead lets an MQTT 3.1.1 CONNECT carry an empty password (the
// standard allows a zero-length one; mochi calls it a protocol error and
// answers with a v5 code, 130, that 3.1.1 clients cannot read): the
// password is then checked, and refused, like any wrong one.
func (h *Hook) OnPacketRead(cl *mochi.Client, pk packets.Packet) (packets.Packet, error) {
	if pk.FixedHeader.Type == packets.Connect && pk.ProtocolVersion < 5 && pk.Connect.PasswordFlag && len(pk.Connect.Password) == 0 {
		pk.Connect.PasswordFlag = false
	}
	return pk, nil
}

// OnPublish refuses retained messages from every user but the table (a
// retained command would run again at every subscription: only the table
// publishes state): they are acknowledged and dropped, logged once per
// connection. It slows a client over its publish rate down to the rate,
// logged once per offence.
func (h *Hook) OnPublish(cl *mochi.Client, pk packets.Packet) (packets.Packet, error) {
	h.mu.Lock()
	b := h.rates[cl]
	if b == nil { // the table, or an inline client
		h.mu.Unlock()
		return pk, nil
	}
	user := string(cl.Properties.Username)
	if pk.FixedHeader.Retain {
		first := !b.retain
		b.retain = true
		h.mu.Unlock()
		if first {
			h.log.Warn("mqtt retained publish refused: only the table retains messages (logged once per connection)", "user", user, "client", cl.ID, "remote", cl.Net.Remote, "topic", pk.TopicName)
		}
		return pk, packets.CodeSuccessIgnore
	}
	now := h.clock.Now()
	b.tokens = min(float64(h.lim.PublishBurst), b.tokens+now.Sub(b.at).Seconds()*h.lim.PublishRate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		if b.dropped > 0 && b.tokens >= float64(h.lim.PublishBurst)/2 {
			n := b.dropped
			b.dropped, b.logged = 0, false
			h.mu.Unlock()
			h.log.Info("mqtt client back under its publish rate", "user", user, "client", cl.ID, "remote", cl.Net.Remote, "throttled", n)
			return pk, nil
		}
		h.mu.Unlock()
		return pk, nil
	}
	// Over the rate: this client's next token is waited for here, in its
	// own read loop, so the broker stops reading its socket and TCP slows
	// the sender down; no one else waits, and nothing is dropped.
	wait := time.Duration((1 - b.tokens) / h.lim.PublishRate * float64(time.Second))
	b.tokens--
	b.dropped++
	first := !b.logged
	b.logged = true
	h.mu.Unlock()
	if first {
		h.log.Warn("mqtt client over its publish rate: its publishes are slowed to the rate (logged once per offence)", "user", user, "client", cl.ID, "remote", cl.Net.Remote, "rate", h.lim.PublishRate, "burst", h.lim.PublishBurst)
	}
	var gone chan struct{}
	if f, ok := cl.Net.Conn.(*framer); ok {
		gone = f.gone
	}
	select {
	case <-h.clock.After(wait):
	case <-gone: // closed meanwhile (the broker stopping, say)
	}
	return pk, nil
}

// OnDisconnect forgets the client's publish rate.
func (h *Hook) OnDisconnect(cl *mochi.Client, err error, expire bool) {
	h.mu.Lock()
	b := h.rates[cl]
	delete(h.rates, cl)
	h.mu.Unlock()
	if b != nil && b.dropped > 0 {
		h.log.Info("mqtt client over its publish rate disconnected", "user", string(cl.Properties.Username), "client", cl.ID, "remote", cl.Net.Remote, "throttled", b.dropped)
	}
}

// OnACLCheck allows a publish (write), a subscription filter or a delivery
// (read) when one of the user's rules covers it.
func (h *Hook) OnACLCheck(cl *mochi.Client, name string, write bool) bool {
	user := string(cl.Properties.Username)
	ok := h.policy.Allowed(user, name, write)
	if !ok {
		h.log.Debug("mqtt access denied", "user", user, "client", cl.ID, "topic", name, "write", write)
	}
	return ok
}
