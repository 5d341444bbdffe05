package tests

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The installed daemon as systemd runs it: the built binary with the
// example configuration (deploy/jantaku.yaml, its data folder and listeners
// moved to the test's), $NOTIFY_SOCKET and $WATCHDOG_USEC. It says READY=1,
// feeds the watchdog, and on SIGTERM says STOPPING=1 and exits 0.
func TestDeployedDaemonTalksToSystemd(t *testing.T) {
	bin := daemonPath(t)
	dir := t.TempDir()
	conf, err := os.ReadFile("../deploy/jantaku.yaml")
	if err != nil {
		t.Fatal(err)
	}
	web := freeTCP(t)
	for k, v := range map[string]string{"data": filepath.Join(dir, "data"), "db": filepath.Join(dir, "tags.db"),
		"mqtt": freeTCP(t), "ws": freeTCP(t), "http": web} {
		re := regexp.MustCompile(`(?m)^` + k + `: .*$`)
		if !re.Match(conf) {
			t.Fatalf("deploy/jantaku.yaml has no %s key", k)
		}
		conf = re.ReplaceAll(conf, []byte(k+": "+v))
	}
	file := filepath.Join(dir, "jantaku.yaml")
	if err := os.WriteFile(file, conf, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "notify")
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got := make(chan string, 100)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, _, err := c.ReadFromUnix(buf)
			if err != nil {
				return
			}
			got <- string(buf[:n])
		}
	}()

	// As ExecStartPre and ExecStart do.
	if out, err := exec.Command(bin, "run", "--config", file, "--check").CombinedOutput(); err != nil || !strings.Contains(string(out), ": ok") {
		t.Fatalf("--check: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "run", "--config", file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET="+sock, "WATCHDOG_USEC=400000")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-done
		}
	}()
	next := func(want string) string {
		t.Helper()
		select {
		case s := <-got:
			return s
		case err := <-done:
			t.Fatalf("the daemon exited (%v) before %s:\n%s", err, want, out.String())
		case <-time.After(60 * time.Second):
			t.Fatalf("no %s in 60 s:\n%s", want, out.String())
		}
		return ""
	}
	if s := next("READY=1"); !strings.HasPrefix(s, "READY=1\nSTATUS=jantaku ") {
		t.Fatalf("first message %q", s)
	}
	for range 2 {
		if s := next("WATCHDOG=1"); s != "WATCHDOG=1\n" {
			t.Fatalf("sent %q", s)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for s := ""; s != "STOPPING=1\n"; {
		s = next("STOPPING=1")
		if s != "STOPPING=1\n" && s != "WATCHDOG=1\n" {
			t.Fatalf("sent %q while stopping", s)
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, out.String())
		}
	case <-time.After(20 * time.Second): // the unit's TimeoutStopSec
		t.Fatalf("still running 20 s after SIGTERM:\n%s", out.String())
	}
}

// The unit file holds what the service needs; systemd-analyze, when
// installed, finds nothing wrong with it.
func TestServiceUnit(t *testing.T) {
	unit, err := os.ReadFile("../deploy/jantaku.service")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"Type=notify", "WatchdogSec=30s", "Restart=on-failure", "RestartSec=5s", "StartLimitBurst=5",
		"User=jantaku", "SupplementaryGroups=gpio spi i2c", "StateDirectory=jantaku", "ConfigurationDirectory=jantaku",
		"ExecStart=/usr/local/bin/jantaku run --config /etc/jantaku/jantaku.yaml",
		"ExecStartPre=/usr/local/bin/jantaku run --config /etc/jantaku/jantaku.yaml --check",
		"DeviceAllow=char-gpiochip rw", "DeviceAllow=char-spi rw", "DeviceAllow=char-i2c rw",
		"Environment=JANTAKU_DATA=/var/lib/jantaku", "WantedBy=multi-user.target",
	} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(line) + `$`).Match(unit) {
			t.Errorf("deploy/jantaku.service lacks %q", line)
		}
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze not installed: the unit's syntax is not checked")
	}
	// verify wants the ExecStart binary to exist.
	dir := t.TempDir()
	unit = bytes.ReplaceAll(unit, []byte("/usr/local/bin/jantaku"), []byte("/bin/true"))
	if err := os.WriteFile(filepath.Join(dir, "jantaku.service"), unit, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", filepath.Join(dir, "jantaku.service")).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// scripts/install --dry-run says what it would do and does nothing;
// --purge alone is refused.
func TestInstallDryRun(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "jantaku")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, had := os.Stat("/usr/local/bin/jantaku")
	out, err := exec.Command("../scripts/install", "--dry-run", "--binary", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"would run: install -D -m 0755 " + bin + " /usr/local/bin/jantaku",
		"would run: install -D -m 0644 deploy/jantaku.service /etc/systemd/system/jantaku.service",
		"would run: /usr/local/bin/jantaku run --config /etc/jantaku/jantaku.yaml --check",
		"would run: systemctl daemon-reload",
	} {
		if !strings.Contains(string(out), want+"\n") {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasPrefix(l, "would run: ") && !strings.HasPrefix(l, "scripts/install: ") {
			t.Errorf("dry run did something: %q", l)
		}
	}
	if _, now := os.Stat("/usr/local/bin/jantaku"); (had == nil) != (now == nil) {
		t.Error("the dry run changed /usr/local/bin/jantaku")
	}
	out, err = exec.Command("../scripts/install", "--dry-run", "--uninstall").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "scripts/install: uninstalled") {
		t.Errorf("--uninstall --dry-run: %v\n%s", err, out)
	}
	if err := exec.Command("../scripts/install", "--purge").Run(); err == nil {
		t.Error("--purge without --uninstall was accepted")
	}
}
