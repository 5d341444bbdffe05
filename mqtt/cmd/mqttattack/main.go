// Command mqttattack measures what hostile clients cost a running table
// ("jantaku run"): the resident memory of its process under N connections
// that never log in (idle, a CONNECT sent in part, a CONNECT header
// announcing 255 MB), spread over many loopback addresses; then the
// operator's reply latency (p50, p99, max) while a seat floods commands;
// and whether the process is still running.
//
//	jantaku run --sim --data /tmp/jt --humans 0,1,2,3 &
//	go run ./mqtt/cmd/mqttattack -pid $! -access /tmp/jt/access.json
//
// It reads the seat and operator credentials from the table's access.json.
// Only loopback addresses are used (127.0.0.x as distinct hosts).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/mqtt/access"
	"jantaku/mqtt/command"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/topic"
)

func main() {
	brokerURL := flag.String("broker", "tcp://127.0.0.1:1883", "the table's broker (tcp:// or ws://)")
	pid := flag.Int("pid", 0, "the table's process id, for its memory (0: not measured)")
	accessFile := flag.String("access", "access.json", "the table's access.json (credentials)")
	n := flag.Int("n", 1000, "hostile connections")
	hosts := flag.Int("hosts", 250, "loopback addresses they come from (127.0.0.2 ...)")
	hold := flag.Duration("hold", 5*time.Second, "how long the connections are held while memory is sampled")
	flood := flag.Duration("flood", 10*time.Second, "how long a seat floods while the operator's replies are timed")
	calm := flag.Bool("calm", false, "time the operator's replies without the flood (the baseline)")
	flag.Parse()
	if err := run(*brokerURL, *pid, *accessFile, *n, *hosts, *hold, *flood, *calm); err != nil {
		fmt.Fprintln(os.Stderr, "mqttattack:", err)
		os.Exit(1)
	}
}

func rss(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return -1
}

func alive(pid int) bool {
	return pid == 0 || syscall.Kill(pid, 0) == nil
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

func run(brokerURL string, pid int, accessFile string, n, hosts int, hold, flood time.Duration, calm bool) error {
	b, err := os.ReadFile(accessFile)
	if err != nil {
		return err
	}
	var acc access.Config
	if err := json.Unmarshal(b, &acc); err != nil {
		return fmt.Errorf("%s: %w", accessFile, err)
	}
	tb, err := topic.New(acc.Prefix, acc.Table)
	if err != nil {
		return err
	}
	user := func(r access.Role) (access.User, error) {
		for _, u := range acc.Users {
			if u.Role == r && u.Password != "" {
				return u, nil
			}
		}
		return access.User{}, fmt.Errorf("%s has no %s user with a password", accessFile, r)
	}
	seat, err := user(access.Seat(0))
	if err != nil {
		return err
	}
	op, err := user(access.Operator)
	if err != nil {
		return err
	}

	// 1. Hostile connections.
	before := rss(pid)
	var opened, refused atomic.Int64
	var conns []*mqtttest.Raw
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			laddr := fmt.Sprintf("127.0.0.%d:0", 2+i%max(1, min(hosts, 250)))
			r, err := mqtttest.DialRaw(brokerURL, laddr)
			if err != nil {
				refused.Add(1)
				return
			}
			switch i % 3 {
			case 1: // the start of a CONNECT, then nothing
				_ = r.Write(mqtttest.ConnectPacket("x", "x", "x", true)[:5])
			case 2: // a CONNECT announcing 255 MB
				_ = r.Write(append(append([]byte{0x10}, mqtttest.Length(268435455)...), 0, 4, 'M', 'Q', 'T'))
			}
			opened.Add(1)
			mu.Lock()
			conns = append(conns, r)
			mu.Unlock()
		}()
	}
	wg.Wait()
	peak := rss(pid)
	for end := time.Now().Add(hold); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		peak = max(peak, rss(pid))
	}
	for _, r := range conns {
		r.Close()
	}
	time.Sleep(time.Second)
	after := rss(pid)
	fmt.Printf("hostile connections: %d attempted from %d addresses, %d accepted by TCP, %d refused at connect\n", n, min(hosts, 250), opened.Load(), refused.Load())
	if pid != 0 {
		fmt.Printf("rss: before %s, peak while held %s, after closing %s\n", mb(before), mb(peak), mb(after))
	}

	// 2. A seat floods; the operator's replies are timed.
	connect := func(u access.User, id string, h paho.MessageHandler) (paho.Client, error) {
		o := paho.NewClientOptions().AddBroker(brokerURL).SetClientID(u.Name + "-" + id).SetUsername(u.Name).
			SetPassword(u.Password).SetCleanSession(true).SetAutoReconnect(false).SetConnectTimeout(10 * time.Second)
		c := paho.NewClient(o)
		if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			return nil, fmt.Errorf("%s cannot log in: %v", u.Name, tok.Error())
		}
		if h != nil {
			if tok := c.Subscribe(tb.Reply(string(u.Role)), 1, h); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
				return nil, fmt.Errorf("subscribe: %v", tok.Error())
			}
		}
		return c, nil
	}
	var sentMu sync.Mutex
	sent := map[string]time.Time{}
	var lat []time.Duration
	oc, err := connect(op, "timed", func(_ paho.Client, m paho.Message) {
		var r command.Reply
		if json.Unmarshal(m.Payload(), &r) != nil {
			return
		}
		sentMu.Lock()
		if t0, ok := sent[r.ID]; ok {
			lat = append(lat, time.Since(t0))
			delete(sent, r.ID)
		}
		sentMu.Unlock()
	})
	if err != nil {
		return err
	}
	defer oc.Disconnect(100)
	sc, err := connect(seat, "flood", nil)
	if err != nil {
		return err
	}
	defer sc.Disconnect(100)
	stop := make(chan struct{})
	var flooded atomic.Int64
	go func() {
		if calm {
			return
		}
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			sc.Publish(tb.Command(string(seat.Role)), 0, false, []byte(`{"v":1,"id":"f`+strconv.Itoa(i)+`","type":"pass"}`))
			flooded.Add(1)
		}
	}()
	ops := 0
	for end := time.Now().Add(flood); time.Now().Before(end); time.Sleep(150 * time.Millisecond) { // under the operator's rate limit
		id := "op" + strconv.Itoa(ops)
		ops++
		typ := "pause"
		if ops%2 == 0 {
			typ = "resume"
		}
		sentMu.Lock()
		sent[id] = time.Now()
		sentMu.Unlock()
		oc.Publish(tb.Command(string(op.Role)), 1, false, []byte(`{"v":1,"id":"`+id+`","type":"`+typ+`"}`))
	}
	close(stop)
	time.Sleep(2 * time.Second)
	sentMu.Lock()
	missing := len(sent)
	ls := slices.Clone(lat)
	sentMu.Unlock()
	slices.Sort(ls)
	if len(ls) == 0 {
		return errors.New("no operator reply during the flood")
	}
	q := func(p float64) time.Duration { return ls[min(len(ls)-1, int(p*float64(len(ls))))] }
	fmt.Printf("seat flood: %d commands in %v; operator: %d commands, %d answered, p50 %v, p99 %v, max %v\n",
		flooded.Load(), flood, ops, len(ls), q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), ls[len(ls)-1].Round(time.Microsecond))
	if missing > 0 {
		fmt.Printf("operator commands unanswered: %d\n", missing)
	}
	if pid != 0 {
		fmt.Printf("rss after the flood: %s\n", mb(rss(pid)))
	}
	if !alive(pid) {
		return fmt.Errorf("the table's process %d is gone", pid)
	}
	fmt.Println("crashes: 0")
	return nil
}
