package table

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"os"
	"time"
)

// ErrConfig is wrapped by errors about a publisher configuration.
var ErrConfig = errors.New("mqtt client config")

// Config says how the table daemon reaches its broker. The zero durations
// take the defaults noted.
type Config struct {
	// Broker is the broker's URL: tcp://127.0.0.1:1883 for the embedded
	// broker, ssl://host:8883 or wss://host/mqtt for an external one.
	Broker   string `json:"broker"`
	Username string `json:"username"`
	Password string `json:"password"`
	// ClientID defaults to Username. The embedded broker requires the user
	// name or "<username>-..." (see access.Policy.ClientIDAllowed).
	ClientID string `json:"client_id,omitempty"`
	TLS      TLS    `json:"tls,omitzero"`
	// SpectatorDelay holds back the spectator tree (stream delay).
	SpectatorDelay time.Duration `json:"spectator_delay,omitempty"`
	// SpectatorTurns holds it back further, until this many more discards
	// have been published; with SpectatorDelay, both must have passed.
	SpectatorTurns int `json:"spectator_turns,omitempty"`
	// CommandRate and CommandBurst bound each sender's commands (see
	// command.Limiter); zero takes command.DefaultRate and DefaultBurst.
	CommandRate  float64 `json:"command_rate,omitempty"`
	CommandBurst int     `json:"command_burst,omitempty"`
	// KeepAlive, 30s by default.
	KeepAlive time.Duration `json:"keepalive,omitempty"`
	// MaxReconnectInterval caps the reconnect back-off, 10s by default.
	MaxReconnectInterval time.Duration `json:"max_reconnect_interval,omitempty"`
	// ConnectRetryInterval is the wait between first connection attempts,
	// 2s by default.
	ConnectRetryInterval time.Duration `json:"connect_retry_interval,omitempty"`
}

// TLS names PEM files for ssl:// and wss:// brokers. CA empty uses the
// system roots; Cert and Key (a client certificate) are optional together.
type TLS struct {
	CA         string `json:"ca,omitempty"`
	Cert       string `json:"cert,omitempty"`
	Key        string `json:"key,omitempty"`
	ServerName string `json:"server_name,omitempty"`
}

func (c Config) withDefaults() Config {
	if c.ClientID == "" {
		c.ClientID = c.Username
	}
	if c.KeepAlive == 0 {
		c.KeepAlive = 30 * time.Second
	}
	if c.MaxReconnectInterval == 0 {
		c.MaxReconnectInterval = 10 * time.Second
	}
	if c.ConnectRetryInterval == 0 {
		c.ConnectRetryInterval = 2 * time.Second
	}
	return c
}

// Validate checks the configuration, naming the bad key.
func (c Config) Validate() error {
	u, err := url.Parse(c.Broker)
	switch {
	case c.Broker == "":
		return fmt.Errorf("%w: broker is empty (e.g. tcp://127.0.0.1:1883)", ErrConfig)
	case err != nil:
		return fmt.Errorf("%w: broker %q: %w", ErrConfig, c.Broker, err)
	case u.Scheme != "tcp" && u.Scheme != "ssl" && u.Scheme != "tls" && u.Scheme != "ws" && u.Scheme != "wss" && u.Scheme != "mqtt" && u.Scheme != "mqtts":
		return fmt.Errorf("%w: broker %q: scheme must be tcp, ssl, ws or wss", ErrConfig, c.Broker)
	case u.Host == "":
		return fmt.Errorf("%w: broker %q: no host", ErrConfig, c.Broker)
	case c.Username == "":
		return fmt.Errorf("%w: username is empty", ErrConfig)
	case (c.TLS.Cert == "") != (c.TLS.Key == ""):
		return fmt.Errorf("%w: tls.cert and tls.key go together", ErrConfig)
	case c.SpectatorDelay < 0 || c.KeepAlive < 0 || c.MaxReconnectInterval < 0 || c.ConnectRetryInterval < 0:
		return fmt.Errorf("%w: durations must not be negative", ErrConfig)
	case c.SpectatorTurns < 0 || c.CommandRate < 0 || c.CommandBurst < 0:
		return fmt.Errorf("%w: spectator_turns, command_rate and command_burst must not be negative", ErrConfig)
	}
	return nil
}

// tlsConfig loads the TLS files, or returns nil when none is set.
func (t TLS) tlsConfig() (*tls.Config, error) {
	if t == (TLS{}) {
		return nil, nil
	}
	cfg := &tls.Config{ServerName: t.ServerName, MinVersion: tls.VersionTLS12}
	if t.CA != "" {
		pem, err := os.ReadFile(t.CA)
		if err != nil {
			return nil, fmt.Errorf("%w: tls.ca: %w", ErrConfig, err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%w: tls.ca %s: no PEM certificate", ErrConfig, t.CA)
		}
		cfg.RootCAs = pool
	}
	if t.Cert != "" {
		cert, err := tls.LoadX509KeyPair(t.Cert, t.Key)
		if err != nil {
			return nil, fmt.Errorf("%w: tls.cert/tls.key: %w", ErrConfig, err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return cfg, nil
}
