package mqtttest

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"time"
)

// ConnectWithWill opens a raw MQTT 3.1.1 connection to the broker at url
// with a retained QoS 1 last will, returns the CONNACK return code (0:
// accepted), and then drops the TCP connection without DISCONNECT, so an
// accepted will is published. paho cannot drop a connection that way.
func ConnectWithWill(brokerURL, user, password, clientID, willTopic string, will []byte) (byte, error) {
	u, err := url.Parse(brokerURL)
	if err != nil {
		return 0, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return 0, err
	}
	defer conn.Close() // the abrupt end that fires the will
	str := func(b []byte, s []byte) []byte { return append(append(b, byte(len(s)>>8), byte(len(s))), s...) }
	var body []byte
	body = str(body, []byte("MQTT"))
	body = append(body, 4, 0x80|0x40|0x20|0x08|0x04|0x02, 0, 60) // user, password, will retain, will QoS 1, will, clean; keepalive 60
	body = str(body, []byte(clientID))
	body = str(body, []byte(willTopic))
	body = str(body, will)
	body = str(body, []byte(user))
	body = str(body, []byte(password))
	pkt := []byte{0x10}
	for n := len(body); ; {
		b := byte(n % 128)
		n /= 128
		if n > 0 {
			b |= 0x80
		}
		pkt = append(pkt, b)
		if n == 0 {
			break
		}
	}
	pkt = append(pkt, body...)
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := conn.Write(pkt); err != nil {
		return 0, err
	}
	ack := make([]byte, 4)
	if _, err := io.ReadFull(conn, ack); err != nil {
		return 0, fmt.Errorf("no CONNACK: %w", err)
	}
	if ack[0] != 0x20 || ack[1] != 2 {
		return 0, fmt.Errorf("not a CONNACK: % x", ack)
	}
	return ack[3], nil
}
