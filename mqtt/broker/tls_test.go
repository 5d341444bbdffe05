package broker_test

import (
	"crypto/tls"
	"crypto/x509"
	"os"
	"strconv"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/drivers/clock/clocktest"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/mqtttest"
)

// TestTLS: with a certificate both listeners speak TLS (mqtts, wss) with
// the same credentials; a client that never finishes the handshake is
// closed at the login timeout; a plain-text CONNECT gets nothing.
func TestTLS(t *testing.T) {
	certs := mqtttest.WriteCerts(t)
	clk := clocktest.New()
	b, err := broker.Start(broker.Config{
		TCP: "127.0.0.1:0", WebSocket: "127.0.0.1:" + strconv.Itoa(mqtttest.FreePort(t)),
		TLSCert: certs.ServerCert, TLSKey: certs.ServerKey, Clock: clk,
	}, mqtttest.Policy(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	pem, err := os.ReadFile(certs.CA)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	for _, u := range []string{"ssl://" + b.TCPAddr(), "wss://" + b.WebSocketAddr() + "/"} {
		o := paho.NewClientOptions().AddBroker(u).SetClientID("display-tls").SetUsername("display").
			SetPassword(mqtttest.Password("display")).SetTLSConfig(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}).
			SetConnectTimeout(10 * time.Second).SetAutoReconnect(false)
		c := paho.NewClient(o)
		if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatalf("%s: %v", u, tok.Error())
		}
		c.Disconnect(0)
	}
	plain, _ := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	defer plain.Close()
	_ = plain.Write(mqtttest.ConnectPacket("display", "display", mqtttest.Password("display"), true))
	if !plain.Closed() {
		t.Error("a plain-text CONNECT on the TLS listener was kept")
	}
	idle, _ := mqtttest.DialRaw("tcp://"+b.TCPAddr(), "")
	defer idle.Close()
	deadline := time.Now().Add(10 * time.Second)
	for b.Stats().Pending != 1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	clk.Advance(10 * time.Second)
	if !idle.Closed() {
		t.Error("a connection that never started TLS outlived the login timeout")
	}
}
