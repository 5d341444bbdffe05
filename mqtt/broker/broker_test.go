package broker_test

import (
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/mqtt/broker"
	"jantaku/mqtt/mqtttest"
)

func TestConfigErrors(t *testing.T) {
	p := mqtttest.Policy(t)
	for name, cfg := range map[string]broker.Config{
		"no listener":  {TCP: "-"},
		"bad tcp":      {TCP: "localhost"},
		"bad ws":       {TCP: "127.0.0.1:0", WebSocket: "nowhere"},
		"busy port":    {TCP: "127.0.0.1:0"}, // replaced below
		"store in dir": {TCP: "127.0.0.1:0", Store: filepath.Join(t.TempDir(), "missing", "x.db")},
	} {
		if name == "busy port" {
			b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0"}, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			cfg.TCP = b.TCPAddr()
		}
		b, err := broker.Start(cfg, p, nil)
		if err == nil {
			b.Close()
			t.Errorf("%s: started", name)
		}
	}
	if _, err := broker.Start(broker.Config{TCP: "-"}, p, nil); !errors.Is(err, broker.ErrConfig) {
		t.Errorf("no listener: %v, want ErrConfig", err)
	}
	if _, err := broker.Start(broker.Config{}, nil, nil); !errors.Is(err, broker.ErrConfig) {
		t.Errorf("no policy: %v, want ErrConfig", err)
	}
}

// TestWebSocket connects a browser-style client over MQTT-over-WebSocket:
// the same credentials and rules apply.
func TestWebSocket(t *testing.T) {
	b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0", WebSocket: "127.0.0.1:" + strconv.Itoa(mqtttest.FreePort(t))}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	tb := mqtttest.Table()
	dial := func(user, pass string) (paho.Client, error) {
		o := paho.NewClientOptions().AddBroker("ws://" + b.WebSocketAddr()).SetClientID(user + "-ws").
			SetUsername(user).SetPassword(pass).SetConnectTimeout(5 * time.Second)
		c := paho.NewClient(o)
		tok := c.Connect()
		if !tok.WaitTimeout(10 * time.Second) {
			return nil, errors.New("no CONNACK within 10s")
		}
		return c, tok.Error()
	}
	// The WebSocket listener starts serving in the background: retry until up.
	var c paho.Client
	for deadline := time.Now().Add(mqtttest.Patience); ; time.Sleep(100 * time.Millisecond) {
		if c, err = dial("display", mqtttest.Password("display")); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("websocket connect: %v", err)
	}
	defer c.Disconnect(50)
	for filter, want := range map[string]byte{tb.State(): 1, tb.Seat(0): 0x80} {
		tok := c.Subscribe(filter, 1, nil)
		if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatalf("subscribe %s: %v", filter, tok.Error())
		}
		if got := tok.(*paho.SubscribeToken).Result()[filter]; got != want {
			t.Errorf("display over websocket: subscribe %s granted %#x, want %#x", filter, got, want)
		}
	}
	if _, err := dial("display", "wrong"); err == nil {
		t.Error("wrong password accepted over websocket")
	}
}
