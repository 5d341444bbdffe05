package tests

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// displayBrowser is headless Chromium driven over the DevTools protocol:
// one WebSocket to the browser, one flattened session per page.
type displayBrowser struct {
	cmd  *exec.Cmd
	ws   *websocket.Conn
	wmu  sync.Mutex
	mu   sync.Mutex
	next int64
	wait map[int64]chan cdpReply
	done chan struct{}
	err  error
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// requireChromium returns the browser the display tests drive, or ends the
// test: in CI a missing browser is a failure (scripts/deps-browser installs
// it), on a developer's machine a skip that says how to get it.
func requireChromium(t *testing.T) string {
	t.Helper()
	bin := displayChromium()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (run scripts/deps-browser)")
		}
		t.Skip("chromium is not installed: run scripts/deps-browser to test the displays in a browser")
	}
	return bin
}

// displayChromium returns the browser binary, or "" when none is installed.
func displayChromium() string {
	for _, p := range []string{os.Getenv("JANTAKU_CHROMIUM"), "/usr/bin/chromium"} {
		if p == "" {
			continue
		}
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// startDisplayBrowser starts Chromium with a fresh profile; t.Cleanup stops it.
func startDisplayBrowser(t *testing.T, bin string) *displayBrowser {
	t.Helper()
	dir, err := os.MkdirTemp("", "jantaku-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-background-timer-throttling", "--disable-renderer-backgrounding",
		"--disable-backgrounding-occluded-windows", "--hide-scrollbars", "--mute-audio",
		"--user-data-dir="+dir, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
		"--window-size=1920,1080", "about:blank")
	logf, err := os.Create(filepath.Join(dir, "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its helpers are stopped with it
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		t.Fatalf("start %s: %v", bin, err)
	}
	b := &displayBrowser{cmd: cmd, wait: map[int64]chan cdpReply{}, done: make(chan struct{})}
	t.Cleanup(func() {
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		if b.ws != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_ = b.call(ctx, "", "Browser.close", nil, nil)
			cancel()
			b.ws.Close()
		}
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		logf.Close()
		for range 50 { // helpers may still be closing files in the profile
			if os.RemoveAll(dir) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	// Chromium writes its port and browser path to DevToolsActivePort.
	var url string
	// Chromium on a busy machine takes its time: wait generously.
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		data, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); err == nil && len(lines) == 2 {
			if _, err := strconv.Atoi(lines[0]); err == nil {
				url = "ws://127.0.0.1:" + lines[0] + lines[1]
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if url == "" {
		log, _ := os.ReadFile(filepath.Join(dir, "chromium.log"))
		t.Fatalf("chromium did not open its DevTools port within 2 minutes; its log:\n%s", log)
	}
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatalf("devtools %s: %v", url, err)
	}
	b.ws = ws
	go b.read()
	return b
}

func (b *displayBrowser) read() {
	defer close(b.done)
	for {
		var m struct {
			ID int64 `json:"id"`
			cdpReply
		}
		if err := b.ws.ReadJSON(&m); err != nil {
			b.mu.Lock()
			b.err = err
			b.mu.Unlock()
			return
		}
		if m.ID == 0 {
			continue // an event
		}
		b.mu.Lock()
		ch := b.wait[m.ID]
		delete(b.wait, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one DevTools command (in session, if not empty) and decodes
// its result into out (may be nil).
func (b *displayBrowser) call(ctx context.Context, session, method string, params any, out any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpReply, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	b.wmu.Lock()
	err := b.ws.WriteJSON(msg)
	b.wmu.Unlock()
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %d %s", method, r.Error.Code, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: devtools connection closed: %v", method, b.err)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// displayPage is one tab.
type displayPage struct {
	b       *displayBrowser
	session string
	name    string
}

// open opens url in a new tab of w×h CSS pixels.
func (b *displayBrowser) open(ctx context.Context, name, url string, w, h int, mobile bool) (*displayPage, error) {
	var tg struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &tg); err != nil {
		return nil, err
	}
	var at struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": tg.TargetID, "flatten": true}, &at); err != nil {
		return nil, err
	}
	p := &displayPage{b: b, session: at.SessionID, name: name}
	if err := p.size(ctx, w, h, mobile); err != nil {
		return nil, err
	}
	if err := b.call(ctx, p.session, "Page.enable", nil, nil); err != nil {
		return nil, err
	}
	if err := b.call(ctx, p.session, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *displayPage) size(ctx context.Context, w, h int, mobile bool) error {
	return p.b.call(ctx, p.session, "Emulation.setDeviceMetricsOverride",
		map[string]any{"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile}, nil)
}

// resize sizes an open page and waits until it is laid out at the new
// width (reading the layout lays it out), so what is measured next is
// measured at that size.
func (p *displayPage) resize(ctx context.Context, w, h int, mobile bool) error {
	if err := p.size(ctx, w, h, mobile); err != nil {
		return err
	}
	return p.until(ctx, fmt.Sprintf(`window.innerWidth === %d && document.documentElement.clientWidth > 0`, w))
}

// eval evaluates a JavaScript expression (awaiting a promise) and decodes
// its JSON value into out (may be nil).
func (p *displayPage) eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.b.call(ctx, p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if err != nil {
		return fmt.Errorf("%s: %w", p.name, err)
	}
	if r.Exception != nil {
		return fmt.Errorf("%s: %s: %s %s", p.name, expr, r.Exception.Text, r.Exception.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		return json.Unmarshal(r.Result.Value, out)
	}
	return nil
}

var errDisplayWait = errors.New("condition not met")

// until evaluates cond (a JavaScript boolean expression) until it is true
// or ctx ends.
func (p *displayPage) until(ctx context.Context, cond string) error {
	for {
		var ok bool
		if err := p.eval(ctx, "!!("+cond+")", &ok); err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: waiting for %s: %w", p.name, cond, errDisplayWait)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// screenshot saves the page as dir/name.png.
func (p *displayPage) screenshot(ctx context.Context, dir, name string) (string, error) {
	// A tab in the background draws no frames: bring it to the front.
	if err := p.b.call(ctx, p.session, "Page.bringToFront", nil, nil); err != nil {
		return "", err
	}
	var r struct {
		Data string `json:"data"`
	}
	if err := p.b.call(ctx, p.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return "", err
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".png")
	return path, os.WriteFile(path, png, 0o644)
}
