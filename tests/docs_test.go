package tests

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"jantaku/internal/testdir"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// docCommand is one command line of a code block in the README or docs/.
type docCommand struct {
	file string
	line int
	text string
}

// docCommands extracts the command lines of README.md and docs/*.md:
// shell code blocks (fenced without a language or as sh, bash, shell,
// console) and indented blocks. A command line starts with a program;
// other lines of a block (output, configuration) are not commands.
func docCommands(t *testing.T) []docCommand {
	t.Helper()
	files := []string{"../README.md"}
	more, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, more...)
	program := regexp.MustCompile(`^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:time\s+)?(?:sudo\s+(?:-u\s+\S+\s+)?)?(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(go|jantaku|\.?/?scripts/[a-z-]+|systemctl|journalctl|rsync|curl|ls|sudo)\b`)
	var out []docCommand
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		fenced, shell, prevBlank := false, false, true
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			trimmed := strings.TrimSpace(line)
			if strings.HasPrefix(trimmed, "```") {
				if !fenced {
					lang := strings.TrimPrefix(trimmed, "```")
					shell = lang == "" || lang == "sh" || lang == "bash" || lang == "shell" || lang == "console"
				}
				fenced = !fenced
				continue
			}
			code := fenced && shell || !fenced && strings.HasPrefix(line, "    ") && prevBlank
			if !fenced {
				// An indented block goes on while its lines stay indented.
				prevBlank = trimmed == "" || (prevBlank && strings.HasPrefix(line, "    "))
			}
			if code && program.MatchString(trimmed) {
				out = append(out, docCommand{file: filepath.Base(f), line: n, text: trimmed})
			}
		}
	}
	return out
}

// docSkips are the commands the docs test does not run, each with why. A
// command neither run nor listed here fails the test.
var docSkips = []struct {
	pattern *regexp.Regexp
	why     string
}{
	{regexp.MustCompile(`\bsudo\b|systemctl|journalctl|rsync|/etc/jantaku|/var/lib/jantaku|^curl|^ls -l /dev|raspi-config|apt `), "a step on the Raspberry Pi (docs/install.md), after scripts/install"},
	{regexp.MustCompile(`^(?:time\s+)?(?:[A-Z_]+=\S+\s+)*(?:time\s+)?(?:\./)?scripts/`), "a script: scripts/test runs the checks, deps and builds; it is what CI runs"},
	{regexp.MustCompile(`^(?:[A-Z_]+=\S+\s+)*go (test|run \./mqtt/cmd/)`), "a test or benchmark command: CI runs the tests, benchmarks are recorded by hand"},
	{regexp.MustCompile(`\[--|\b(?:FILE|DIR|JOURNAL|POSITION)\b`), "a synopsis: its placeholders stand for what to give"},
	{regexp.MustCompile(`^(?:[A-Z_]+=\S+\s+)*go build `), "a build for a measurement recorded by hand (scripts/build makes the release binaries)"},
}

// TestDocsCommands runs every jantaku command of the README and docs/ as
// a newcomer would, in order, in one fresh folder with a fresh home (so
// the data folder starts empty): each must exit 0. A command that runs
// the daemon until stopped runs until it has dealt a hand, then gets
// SIGINT and must stop cleanly. The daemon's listeners are moved to free
// ports and its simulated seats play at --pace 1ms unless the command
// gives a pace (the only changes made to a command). The folder is in memory where
// the machine has it (testdir.InMemory): the whole game of the README is played
// with a journal synced at every record.
func TestDocsCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the docs' commands run whole games")
	}
	bin := daemonPath(t)
	work := testdir.InMemory(t)
	home := filepath.Join(work, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8"}
	ran := 0
	for _, c := range docCommands(t) {
		where := fmt.Sprintf("%s:%d: %s", c.file, c.line, c.text)
		skipped := ""
		for _, s := range docSkips {
			if s.pattern.MatchString(c.text) {
				skipped = s.why
				break
			}
		}
		if skipped != "" {
			t.Logf("not run (%s): %s", skipped, where)
			continue
		}
		cmd, ok := jantakuCommand(c.text, bin)
		if !ok {
			t.Errorf("%s: neither a jantaku command nor one the docs test lists as not run", where)
			continue
		}
		ran++
		start := time.Now()
		if daemonCommand(cmd) {
			runBriefly(t, where, cmd, work, env)
		} else {
			runToEnd(t, where, cmd, work, env)
		}
		t.Logf("ran in %.1fs: %s", time.Since(start).Seconds(), where)
	}
	if ran < 10 {
		t.Errorf("only %d jantaku commands found in the docs", ran)
	}
	t.Logf("%d jantaku commands run", ran)
}

// jantakuCommand turns a docs line into a shell command running bin:
// "go run ./cmd/jantaku" and a leading "jantaku" become bin; the trailing
// comment goes; "run" gets free ports, and --pace 1ms if it has none.
func jantakuCommand(line, bin string) (string, bool) {
	line = stripComment(line)
	switch {
	case strings.HasPrefix(line, "go run ./cmd/jantaku "), line == "go run ./cmd/jantaku":
		line = bin + strings.TrimPrefix(line, "go run ./cmd/jantaku")
	case strings.HasPrefix(line, "jantaku "):
		line = bin + strings.TrimPrefix(line, "jantaku")
	default:
		return "", false
	}
	if f := strings.Fields(line); len(f) > 1 && f[1] == "run" {
		line += " --mqtt 127.0.0.1:0 --ws 127.0.0.1:0 --http 127.0.0.1:0"
		if !strings.Contains(line, "--pace") {
			// A command that resumes the game an earlier command left
			// deals its first hand once the simulated seats have played
			// the rest of the hand: at a person's pace, a minute or two.
			line += " --pace 1ms"
		}
	}
	return line, true
}

// stripComment drops a shell comment (" #" outside quotes).
func stripComment(s string) string {
	var q rune
	for i, r := range s {
		switch {
		case q != 0:
			if r == q {
				q = 0
			}
		case r == '\'' || r == '"':
			q = r
		case r == '#' && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t'):
			return strings.TrimSpace(s[:i])
		}
	}
	return strings.TrimSpace(s)
}

// daemonCommand: "run" without a bound of its own (--games, --hands,
// --check, --help).
func daemonCommand(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) < 2 || f[1] != "run" {
		return false
	}
	for _, a := range f[2:] {
		for _, bound := range []string{"--games", "--hands", "--check", "--help", "-h"} {
			if a == bound || strings.HasPrefix(a, bound+"=") {
				return false
			}
		}
	}
	return true
}

func shell(cmd, dir string, env []string) *exec.Cmd {
	c := exec.Command("/bin/sh", "-c", "exec "+cmd)
	if strings.ContainsAny(cmd, "|>") {
		c = exec.Command("/bin/sh", "-c", cmd)
	}
	c.Dir, c.Env = dir, env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return c
}

// runToEnd runs cmd and wants exit 0 within a generous bound.
func runToEnd(t *testing.T, where, cmd, dir string, env []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c := shell(cmd, dir, env)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%s: %v\nstdout:\n%s\nstderr:\n%s", where, err, tail(out.Bytes()), tail(errb.Bytes()))
		}
	case <-ctx.Done():
		syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		<-done
		t.Errorf("%s: still running after 10 minutes\n%s", where, tail(errb.Bytes()))
	}
}

// runBriefly runs a daemon until its log shows a hand dealt, then stops
// it with SIGINT and wants a clean exit.
func runBriefly(t *testing.T, where, cmd, dir string, env []string) {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), "daemon.log")
	lf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	c := shell(cmd, dir, env)
	c.Stdout, c.Stderr = lf, lf
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		b, _ := os.ReadFile(logPath)
		if bytes.Contains(b, []byte(`msg="hand dealt"`)) {
			break
		}
		select {
		case err := <-done:
			t.Errorf("%s: exited before dealing a hand: %v\n%s", where, err, tail(b))
			return
		default:
		}
		if time.Now().After(deadline) {
			syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			<-done
			t.Errorf("%s: no hand dealt within 5 minutes\n%s", where, tail(b))
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	syscall.Kill(-c.Process.Pid, syscall.SIGINT)
	select {
	case err := <-done:
		if err != nil {
			b, _ := os.ReadFile(logPath)
			t.Errorf("%s: on SIGINT: %v\n%s", where, err, tail(b))
		}
	case <-time.After(time.Minute):
		syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		<-done
		t.Errorf("%s: still running a minute after SIGINT", where)
	}
}
