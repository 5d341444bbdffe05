package display_test

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/display"
)

func get(t *testing.T, h http.Handler, method, path string) *http.Response {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, path, nil))
	return w.Result()
}

func TestConfigJSON(t *testing.T) {
	h, err := display.New(display.Config{WebSocket: "ws://table.local:1884/", Prefix: "parlour/jantaku", Table: "t7",
		Display: display.Credentials{Username: "tv", Password: "tv-secret"}, Language: "zh", SpectatorDelay: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r := get(t, h, http.MethodGet, "/config.json")
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("content type %q", ct)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("config.json cache control %q, want no-store", cc)
	}
	var c struct {
		V           int    `json:"v"`
		WebSocket   string `json:"websocket"`
		Language    string `json:"language"`
		DelayMS     int64  `json:"spectator_delay_ms"`
		Credentials struct{ Username, Password string }
		T           map[string]json.RawMessage `json:"topics"`
	}
	body, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	if c.V != 1 || c.WebSocket != "ws://table.local:1884/" || c.Language != "zh" || c.DelayMS != 30000 {
		t.Errorf("config %s", body)
	}
	if c.Credentials.Username != "tv" || c.Credentials.Password != "tv-secret" {
		t.Errorf("display credentials %+v", c.Credentials)
	}
	want := map[string]string{
		"state":           `"parlour/jantaku/t7/state"`,
		"machine":         `"parlour/jantaku/t7/machine"`,
		"status":          `"parlour/jantaku/t7/status"`,
		"spectator_state": `"parlour/jantaku/t7/spectator/state"`,
		"seat_state":      `["parlour/jantaku/t7/seat/0/state","parlour/jantaku/t7/seat/1/state","parlour/jantaku/t7/seat/2/state","parlour/jantaku/t7/seat/3/state"]`,
		"command":         `["parlour/jantaku/t7/cmd/seat0","parlour/jantaku/t7/cmd/seat1","parlour/jantaku/t7/cmd/seat2","parlour/jantaku/t7/cmd/seat3"]`,
		"reply":           `["parlour/jantaku/t7/reply/seat0","parlour/jantaku/t7/reply/seat1","parlour/jantaku/t7/reply/seat2","parlour/jantaku/t7/reply/seat3"]`,
	}
	for k, v := range want {
		if got := string(c.T[k]); got != v {
			t.Errorf("topics.%s = %s, want %s", k, got, v)
		}
	}
	if strings.Contains(string(body), "seat0\",\"password") {
		t.Errorf("config.json holds seat credentials: %s", body)
	}
}

func TestNoCredentialsWithoutDisplayUser(t *testing.T) {
	h, err := display.New(display.Config{Prefix: "jantaku", Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(get(t, h, http.MethodGet, "/config.json").Body)
	if strings.Contains(string(body), "credentials") {
		t.Errorf("config.json without a display user: %s", body)
	}
	if !strings.Contains(string(body), `"websocket_port":1884`) {
		t.Errorf("no default WebSocket port: %s", body)
	}
}

func TestPagesServed(t *testing.T) {
	h, err := display.New(display.Config{Prefix: "jantaku", Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	for path, ct := range map[string]string{
		"/": "text/html", "/centre.html": "text/html", "/seat.html": "text/html", "/spectator.html": "text/html",
		"/app.js": "text/javascript", "/mqtt.js": "text/javascript", "/jantaku.css": "text/css",
	} {
		r := get(t, h, http.MethodGet, path)
		if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), ct) {
			t.Errorf("GET %s: %d %s, want 200 %s", path, r.StatusCode, r.Header.Get("Content-Type"), ct)
		}
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q", path, csp)
		}
	}
	if r := get(t, h, http.MethodGet, "/nothing.js"); r.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing.js: %d", r.StatusCode)
	}
	if r := get(t, h, http.MethodPost, "/config.json"); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /config.json: %d", r.StatusCode)
	}
}

// TestNoExternalResources: the pages load nothing from elsewhere (no CDN,
// no external font or image); MQTT's URL comes from config.json.
func TestNoExternalResources(t *testing.T) {
	ext := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	css := regexp.MustCompile(`(?i)@import|url\(`)
	err := fs.WalkDir(display.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(display.Files(), path)
		if err != nil {
			return err
		}
		if m := css.Find(b); m != nil && strings.HasSuffix(path, ".css") {
			t.Errorf("%s loads %q", path, m)
		}
		if m := ext.Find(b); m != nil {
			t.Errorf("%s refers to %q", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestConfigErrors(t *testing.T) {
	for name, c := range map[string]display.Config{
		"prefix":    {Table: "t1"},
		"table":     {Prefix: "jantaku", Table: "a/b"},
		"websocket": {Prefix: "jantaku", Table: "t1", WebSocket: "http://x/"},
		"port":      {Prefix: "jantaku", Table: "t1", WebSocketPort: 70000},
		"language":  {Prefix: "jantaku", Table: "t1", Language: "fr"},
		"delay":     {Prefix: "jantaku", Table: "t1", SpectatorDelay: -time.Second},
	} {
		if _, err := display.New(c); !errors.Is(err, display.ErrConfig) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestFromAccess(t *testing.T) {
	ac := access.Config{Prefix: "jantaku", Table: "t1", Users: []access.User{
		{Name: "table", Role: access.Table, Password: "x"},
		{Name: "tv-hashed", Role: access.Display, Hash: "$7$101$AAAA$BBBB"},
		{Name: "tv", Role: access.Display, Password: "tv-pw"},
	}}
	c, err := display.FromAccess(ac, "ws://127.0.0.1:1884/")
	if err != nil {
		t.Fatal(err)
	}
	if c.Display != (display.Credentials{Username: "tv", Password: "tv-pw"}) || c.Prefix != "jantaku" || c.Table != "t1" {
		t.Errorf("%+v", c)
	}
	ac.Users = ac.Users[:2]
	if _, err := display.FromAccess(ac, ""); !errors.Is(err, display.ErrConfig) {
		t.Errorf("no plain display user: %v", err)
	}
}
