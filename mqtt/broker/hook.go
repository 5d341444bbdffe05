package broker

import (
	"bytes"
	"log/slog"

	mochi "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/packets"

	"jantaku/mqtt/access"
)

// Hook is a mochi hook that authenticates users and checks every publish,
// subscription, delivery and last will against an access.Policy.
type Hook struct {
	mochi.HookBase
	policy *access.Policy
	log    *slog.Logger
	refuse func(cl *mochi.Client, code packets.Code) // sends a CONNACK refusal
}

// NewHook returns the access hook for policy. Add it with
// (*mochi.Server).AddHook(h, nil) before Serve.
func NewHook(policy *access.Policy, log *slog.Logger) *Hook {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Hook{policy: policy, log: log}
}

// ID implements mochi.Hook.
func (h *Hook) ID() string { return "jantaku-access" }

// Provides implements mochi.Hook.
func (h *Hook) Provides(b byte) bool {
	return bytes.Contains([]byte{mochi.OnConnect, mochi.OnConnectAuthenticate, mochi.OnACLCheck}, []byte{b})
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
	h.log.Debug("mqtt connected", "user", user, "role", role, "client", cl.ID)
	return true
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
