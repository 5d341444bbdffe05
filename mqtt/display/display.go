package display

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/topic"
)

// ErrConfig is wrapped by errors about a display configuration.
var ErrConfig = errors.New("display config")

//go:embed web
var web embed.FS

// Files returns the pages and their scripts, as served.
func Files() fs.FS {
	sub, _ := fs.Sub(web, "web")
	return sub
}

// Config says where the pages find the broker and which table they show.
type Config struct {
	// WebSocket is the broker's MQTT-over-WebSocket URL as browsers reach
	// it, e.g. "ws://table.local:1884/". Empty: the host the page was
	// loaded from, on WebSocketPort (ws, or wss when the page came over
	// HTTPS).
	WebSocket     string `json:"websocket,omitempty"`
	WebSocketPort int    `json:"websocket_port,omitempty"`
	// Prefix and Table name the table's topics (topic.New).
	Prefix string `json:"prefix"`
	Table  string `json:"table"`
	// Display is the credential of the display role, handed to every page
	// for the public topics. Empty: pages ask for credentials.
	Display Credentials `json:"display,omitzero"`
	// Language is the pages' default language: "ja", "zh" or "en" ("ja"
	// when empty); each browser may switch and remembers its choice.
	Language string `json:"language,omitempty"`
	// SpectatorDelay is shown on the spectator view (the publisher applies
	// it: table.Config.SpectatorDelay).
	SpectatorDelay time.Duration `json:"spectator_delay,omitempty"`
}

// Credentials are an MQTT user name and password.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// FromAccess fills Prefix, Table and Display from an access configuration:
// the first user with the display role and a plain-text password (a hashed
// one cannot be handed to a browser). ws is Config.WebSocket.
func FromAccess(ac access.Config, ws string) (Config, error) {
	c := Config{WebSocket: ws, Prefix: ac.Prefix, Table: ac.Table}
	for _, u := range ac.Users {
		if u.Role == access.Display && u.Password != "" {
			c.Display = Credentials{Username: u.Name, Password: u.Password}
			break
		}
	}
	if c.Display.Username == "" {
		return Config{}, fmt.Errorf("%w: no user with role display and a plain-text password in the access configuration", ErrConfig)
	}
	return c, c.Validate()
}

// Validate checks the configuration, naming the bad key.
func (c Config) Validate() error {
	if _, err := topic.New(c.Prefix, c.Table); err != nil {
		return fmt.Errorf("%w: prefix/table: %w", ErrConfig, err)
	}
	if c.WebSocket != "" {
		u, err := url.Parse(c.WebSocket)
		if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" {
			return fmt.Errorf("%w: websocket %q: want ws://host:port/ or wss://host/path", ErrConfig, c.WebSocket)
		}
	}
	if c.WebSocketPort < 0 || c.WebSocketPort > 65535 {
		return fmt.Errorf("%w: websocket_port %d: want 1-65535", ErrConfig, c.WebSocketPort)
	}
	switch c.Language {
	case "", "ja", "zh", "en":
	default:
		return fmt.Errorf("%w: language %q: want ja, zh or en", ErrConfig, c.Language)
	}
	if c.SpectatorDelay < 0 {
		return fmt.Errorf("%w: spectator_delay must not be negative", ErrConfig)
	}
	return nil
}

// WebSocketFor returns the URL of a broker WebSocket listener at addr (as
// broker.Broker.WebSocketAddr returns it) for Config.WebSocket.
func WebSocketFor(addr string) string { return "ws://" + addr + "/" }

// Handler serves the pages and config.json. It is immutable and safe for
// concurrent use.
type Handler struct {
	files  http.Handler
	config []byte
}

// pageConfig is config.json: everything a page needs besides credentials
// of its own.
type pageConfig struct {
	V                int          `json:"v"`
	WebSocket        string       `json:"websocket,omitempty"`
	WebSocketPort    int          `json:"websocket_port,omitempty"`
	Prefix           string       `json:"prefix"`
	Table            string       `json:"table"`
	Topics           pageTopics   `json:"topics"`
	Credentials      *Credentials `json:"credentials,omitempty"`
	Language         string       `json:"language"`
	SpectatorDelayMS int64        `json:"spectator_delay_ms,omitempty"`
}

type pageTopics struct {
	Status         string   `json:"status"`
	State          string   `json:"state"`
	Events         string   `json:"events"`
	Machine        string   `json:"machine"`
	SpectatorState string   `json:"spectator_state"`
	SeatState      []string `json:"seat_state"`
	Command        []string `json:"command"` // by seat
	Reply          []string `json:"reply"`   // by seat
}

// New returns the Handler of cfg.
func New(cfg Config) (*Handler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	t, _ := topic.New(cfg.Prefix, cfg.Table)
	pc := pageConfig{
		V: 1, WebSocket: cfg.WebSocket, WebSocketPort: cfg.WebSocketPort,
		Prefix: cfg.Prefix, Table: cfg.Table, Language: cfg.Language,
		SpectatorDelayMS: cfg.SpectatorDelay.Milliseconds(),
		Topics: pageTopics{
			Status: t.Status(), State: t.State(), Events: t.Events(), Machine: t.Machine(),
			SpectatorState: t.SpectatorState(),
		},
	}
	if pc.Language == "" {
		pc.Language = "ja"
	}
	if cfg.WebSocket == "" && cfg.WebSocketPort == 0 {
		pc.WebSocketPort = 1884
	}
	for n := range topic.Seats {
		role := string(access.Seat(n))
		pc.Topics.SeatState = append(pc.Topics.SeatState, t.SeatState(n))
		pc.Topics.Command = append(pc.Topics.Command, t.Command(role))
		pc.Topics.Reply = append(pc.Topics.Reply, t.Reply(role))
	}
	if cfg.Display.Username != "" {
		d := cfg.Display
		pc.Credentials = &d
	}
	b, err := json.Marshal(pc)
	if err != nil {
		return nil, fmt.Errorf("display: config.json: %w", err)
	}
	return &Handler{files: http.FileServerFS(Files()), config: b}, nil
}

// csp keeps the pages to their own files: no CDN, no external image or
// font; MQTT goes over any ws:/wss: URL the configuration names.
const csp = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors *"

// ServeHTTP serves GET and HEAD of the pages, their files and config.json.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	hd := w.Header()
	hd.Set("Content-Security-Policy", csp)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-cache")
	if strings.HasSuffix(r.URL.Path, "/config.json") {
		hd.Set("Content-Type", "application/json")
		hd.Set("Cache-Control", "no-store")
		hd.Set("Content-Length", strconv.Itoa(len(h.config)))
		if r.Method == http.MethodGet {
			_, _ = w.Write(h.config)
		}
		return
	}
	h.files.ServeHTTP(w, r)
}
