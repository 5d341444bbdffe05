package mqtttest

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// Message is a received message.
type Message struct {
	Topic    string
	Payload  []byte
	Retained bool
}

// Client is a connected test client that records what it receives.
type Client struct {
	t      testing.TB
	paho   paho.Client
	mu     sync.Mutex
	got    []Message
	notify chan struct{}
}

// Connect connects user (password Password(user)) to b with client id
// user-suffix, failing the test if it is not connected within Patience. Use
// Dial to see a refused connection.
func Connect(t testing.TB, b Broker, user, suffix string) *Client {
	t.Helper()
	c, err := Dial(t, b.URL(), user, Password(user), user+"-"+suffix, nil)
	if err != nil {
		t.Fatalf("connect %s to %s: %v", user, b.Name(), err)
	}
	return c
}

// Dial connects and returns the connection error, if any. will, if not nil,
// is set as the last will (retained, QoS 1). t.Cleanup disconnects.
func Dial(t testing.TB, url, user, password, clientID string, will *Message) (*Client, error) {
	c := &Client{t: t, notify: make(chan struct{}, 1)}
	o := paho.NewClientOptions().AddBroker(url).SetClientID(clientID).
		SetUsername(user).SetPassword(password).SetCleanSession(true).
		SetAutoReconnect(false).SetConnectTimeout(Patience).
		SetDefaultPublishHandler(c.record)
	if will != nil {
		o.SetBinaryWill(will.Topic, will.Payload, 1, true)
	}
	c.paho = paho.NewClient(o)
	tok := c.paho.Connect()
	if !tok.WaitTimeout(Patience) {
		c.paho.Disconnect(0)
		return nil, context.DeadlineExceeded
	}
	if err := tok.Error(); err != nil {
		return nil, err
	}
	t.Cleanup(func() { c.paho.Disconnect(50) })
	return c, nil
}

func (c *Client) record(_ paho.Client, m paho.Message) {
	c.mu.Lock()
	c.got = append(c.got, Message{Topic: m.Topic(), Payload: slices.Clone(m.Payload()), Retained: m.Retained()})
	c.mu.Unlock()
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// Paho returns the underlying client.
func (c *Client) Paho() paho.Client { return c.paho }

// Subscribe subscribes to filters at QoS 1 one after the other and returns
// the granted QoS of each (0x80: refused).
func (c *Client) Subscribe(filters ...string) []byte {
	c.t.Helper()
	var granted []byte
	for _, f := range filters {
		tok := c.paho.Subscribe(f, 1, nil)
		if !tok.WaitTimeout(Patience) {
			c.t.Fatalf("subscribe %s: no SUBACK within %v", f, Patience)
		}
		if err := tok.Error(); err != nil {
			c.t.Fatalf("subscribe %s: %v", f, err)
		}
		granted = append(granted, tok.(*paho.SubscribeToken).Result()[f])
	}
	return granted
}

// Publish publishes at QoS 1 and waits for the acknowledgement (Patience
// at most); it returns the token's error.
func (c *Client) Publish(topic string, payload []byte) error {
	tok := c.paho.Publish(topic, 1, false, payload)
	if !tok.WaitTimeout(Patience) {
		return context.DeadlineExceeded
	}
	return tok.Error()
}

// Connected reports whether the connection is open.
func (c *Client) Connected() bool { return c.paho.IsConnectionOpen() }

// Messages returns what was received so far.
func (c *Client) Messages() []Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.got)
}

// On returns the messages received on topic so far.
func (c *Client) On(topic string) []Message {
	var out []Message
	for _, m := range c.Messages() {
		if m.Topic == topic {
			out = append(out, m)
		}
	}
	return out
}

// WaitFor waits until some received message satisfies ok and returns it;
// it fails the test after Patience.
func (c *Client) WaitFor(what string, ok func(Message) bool) Message {
	c.t.Helper()
	deadline := time.NewTimer(Patience)
	defer deadline.Stop()
	for {
		for _, m := range c.Messages() {
			if ok(m) {
				return m
			}
		}
		select {
		case <-c.notify:
		case <-deadline.C:
			c.t.Fatalf("never received %s; got %d messages: %v", what, len(c.Messages()), topics(c.Messages()))
		}
	}
}

func topics(ms []Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Topic)
	}
	return out
}
