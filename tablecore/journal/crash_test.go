package journal

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The child mode of TestKillDuringAppend: append forever, printing each
// sequence number after Append (write + fsync) has returned.
const crashChildEnv = "JOURNAL_CRASH_CHILD"

// JOURNAL_KILL_TRIALS sets the number of kills for a long run, e.g.
//
//	JOURNAL_KILL_TRIALS=500 go test -run KillDuringAppend ./tablecore/journal
const killTrialsEnv = "JOURNAL_KILL_TRIALS"

// crashPayload is derived from the sequence number so the parent can check
// every byte that survived.
func crashPayload(seq uint64) []byte {
	p := make([]byte, int(seq*7919%300))
	for i := range p {
		p[i] = byte(seq) ^ byte(i)
	}
	return p
}

func crashChild(path string) {
	j, err := Open(path, quiet())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	for {
		next := j.Last() + 1
		seq, err := j.Append(ctx, Event{Time: time.Unix(int64(next), 0), Seat: int(next % 4), Payload: crashPayload(next)})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintln(out, seq)
		out.Flush()
	}
}

func TestKillDuringAppend(t *testing.T) {
	if p := os.Getenv(crashChildEnv); p != "" {
		crashChild(p)
		return
	}
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	trials := 5
	if s := os.Getenv(killTrialsEnv); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", killTrialsEnv, s, err)
		}
		trials = n
	}
	path := filepath.Join(t.TempDir(), "journal")
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	var acked uint64 // highest sequence number a child reported as durable
	for trial := range trials {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringAppend$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill after a random number of acknowledged appends; the child is
		// then somewhere in its next Append.
		wantAcks := 1 + r.IntN(200)
		sc := bufio.NewScanner(stdout)
		for i := 0; i < wantAcks && sc.Scan(); i++ {
			seq, err := strconv.ParseUint(sc.Text(), 10, 64)
			if err != nil {
				t.Fatalf("trial %d: child said %q", trial, sc.Text())
			}
			if seq != acked+1 {
				t.Fatalf("trial %d: child acknowledged %d after %d", trial, seq, acked)
			}
			acked = seq
		}
		cmd.Process.Kill() // SIGKILL
		cmd.Wait()
		if stderr.Len() > 0 {
			t.Fatalf("trial %d: child: %s", trial, stderr.String())
		}

		var n uint64
		err = Replay(path, func(e Event) error {
			n++
			if e.Seq != n || !bytes.Equal(e.Payload, crashPayload(n)) || e.Seat != int(n%4) || e.Time.Unix() != int64(n) {
				return fmt.Errorf("event %d is %+v", n, e)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("trial %d: replay after kill: %v", trial, err)
		}
		if n < acked {
			t.Fatalf("trial %d: journal holds %d events, %d were acknowledged", trial, n, acked)
		}
		// The next child continues the same file, so recovery of whatever
		// the kill left is exercised too.
		acked = n
	}
}
