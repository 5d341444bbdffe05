package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/internal/testdir"
	"jantaku/mqtt/mqtttest"
)

// seatMove is one move the test makes on seat 0's page, as a person
// would: it clicks what the page offers, most wanted first, and says what
// it clicked and the state it clicked on. Nothing is sent that the page
// does not show.
const seatMove = `(() => {
  const v = JT.app.view;
  const seq = JT.app.seq;
  // States are counted, not told by their numbers: a table's snapshot
  // repeats the number of the state before it.
  const states = JT.metrics.states;
  const replies = JT.metrics.replies || 0;
  // The page draws the newest state in its next task: click only what
  // is drawn for the state the page holds.
  if (String(states) !== document.body.dataset.states) return {did: "", seq: -1, states: -1, replies, hand: v ? v.hand : 0};
  if (!v || !v.seats) return {did: "", seq, states, replies, hand: 0};
  const out = (did) => ({did, seq, states, replies, hand: v.hand, phase: v.phase, legal: (v.legal || []).map(a => a.kind)});
  if (v.phase === "over" || v.game_over) return out("over");
  const q = (s) => document.querySelector(s);
  const qa = (s) => Array.from(document.querySelectorAll(s));
  const click = (el, what) => { if (!DRY) el.dispatchEvent(new MouseEvent("click", {bubbles: true})); return out(what); };
  let el;
  if ((el = q('[data-act="win"]'))) return click(el, "win");
  if ((el = q('[data-k="missing"] [data-choice]'))) return click(el, "missing " + el.dataset.suit);
  if ((el = q('[data-k="flower"] [data-choice]'))) return click(el, "flower " + el.dataset.choiceTile);
  if ((el = q('.opts [data-opt]'))) return click(el, "option");
  if ((el = q('.mine svg.t.pick'))) return click(el, "riichi " + el.dataset.tile);
  for (const name of ["wildkan", "kan", "pon", "chi", "riichi", "draw"]) {
    if ((el = q('[data-act="' + name + '"]'))) return click(el, name);
  }
  const can = qa('.mine svg.t.can');
  if (can.length) { el = can[can.length - 1]; return click(el, "discard " + el.dataset.tile); }
  if ((el = q('[data-act="pass"]'))) return click(el, "pass");
  return out("");
})()`

type seatMoveResult struct {
	Did     string   `json:"did"`
	Seq     int64    `json:"seq"`
	States  int64    `json:"states"`
	Replies int      `json:"replies"`
	Hand    int      `json:"hand"`
	Phase   string   `json:"phase"`
	Legal   []string `json:"legal"`
}

// TestSeatPagePlaysEveryRuleset plays one whole hand of each ruleset from
// seat 0's phone page against the real daemon, the other seats simulated:
// every declaration the hand needs (a missing suit, flowers, draws,
// discards, calls, riichi, wildcard kongs, wins) is made by clicking what
// the page shows, and the table accepts each. The daemon's log says what
// it waited for and names each hand.
func TestSeatPagePlaysEveryRuleset(t *testing.T) {
	bin := requireChromium(t)
	shots := displayScreenshots(t)
	// The rulesets share nothing (a daemon, a data folder and a browser
	// each: a tab in the background of a shared browser draws nothing), so
	// they play at once; most of each one's time is spent waiting on the
	// page and the table, not computing.
	for _, rules := range strings.Fields(envOr("JANTAKU_SEAT_RULES", "riichi mcr sichuan wuhan shanghai")) {
		t.Run(rules, func(t *testing.T) {
			t.Parallel()
			playSeatHand(t, startDisplayBrowser(t, bin), rules, shots)
		})
	}
}

// seatClaimWindow is the daemon's claim window in these games: shorter
// than a parlour's second, so the hand's seventy-odd windows do not make
// the test's time, and long enough that seat 0's page still answers
// inside many of them (its calls) and draws inside some (the refusal
// telling how long the window still holds). JANTAKU_SEAT_CLAIM_WINDOW
// sets another.
func seatClaimWindow() string {
	if w := os.Getenv("JANTAKU_SEAT_CLAIM_WINDOW"); w != "" {
		return w
	}
	return "300ms"
}

func playSeatHand(t *testing.T, b *displayBrowser, rules, shots string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	data := testdir.InMemory(t)
	logPath := filepath.Join(data, "daemon.log")
	httpAddr, mqttAddr := freeTCP(t), freeTCP(t)
	d := startDaemon(t, httpAddr, logPath, []string{"--rules", rules, "--humans", "0", "--data", data,
		"--mqtt", mqttAddr, "--ws", freeTCP(t), "--pace", "20ms", "--seed", "7",
		"--claim-window", seatClaimWindow(), "--log-level", "debug"}, nil)
	defer d.kill()

	var acc struct {
		Users []struct{ Name, Role, Password string }
	}
	raw, err := os.ReadFile(filepath.Join(data, "access.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &acc); err != nil {
		t.Fatal(err)
	}
	pw := ""
	for _, u := range acc.Users {
		if u.Role == "seat0" {
			pw = u.Password
		}
	}
	// A second client of seat 0, beside the page, tells a state the table
	// never published from one the page never got.
	obs := observeSeat(t, "tcp://"+mqttAddr, "seat0", pw, 0)
	p, err := b.open(ctx, "seat0-"+rules, fmt.Sprintf("http://%s/display/seat.html?seat=0&lang=en#u=seat0&p=%s", httpAddr, pw), 390, 844, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.until(ctx, `window.JT && JT.app && JT.app.view && JT.app.view.hand >= 1`); err != nil {
		t.Fatal(err)
	}
	var first seatMoveResult
	if err := p.eval(ctx, `({hand: JT.app.view.hand})`, &first); err != nil {
		t.Fatal(err)
	}
	did := map[string]int{}
	overtaken := 0
	var history []string
	shot := false
	for moves := 0; ; moves++ {
		if moves > 600 {
			t.Fatalf("no end of hand after 600 moves: %v", history[max(0, len(history)-20):])
		}
		var m seatMoveResult
		if !shot {
			// The first ruleset-specific control the page offers (a
			// missing suit, a flower, a wildcard kong, a call, riichi) is
			// what the docs show.
			if err := p.eval(ctx, strings.Replace(seatMove, "DRY", "true", 1), &m); err != nil {
				t.Fatal(err)
			}
			k, _, _ := strings.Cut(m.Did, " ")
			if k == "missing" || k == "flower" || k == "wildkan" || k == "riichi" || k == "pon" || k == "chi" || k == "kan" {
				shot = true
				if _, err := p.screenshot(ctx, shots, "seat-"+rules); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := p.eval(ctx, strings.Replace(seatMove, "DRY", "false", 1), &m); err != nil {
			t.Fatal(err)
		}
		if m.Hand > first.Hand || m.Did == "over" {
			break
		}
		if m.Did == "" && m.States < 0 {
			if err := p.until(ctx, `String(JT.metrics.states) === document.body.dataset.states`); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if m.Did == "" {
			// Nothing for seat 0 to do: the simulated seats play on. Two
			// minutes without a step is a table that stopped, however busy
			// the machine.
			wctx, wcancel := context.WithTimeout(ctx, 2*time.Minute)
			err := p.until(wctx, fmt.Sprintf(`JT.metrics.states > %d || JT.app.view.hand > %d`, m.States, first.Hand))
			wcancel()
			if err != nil {
				// What the page last had and how it was connected, and
				// what the table's log says of its own connection: a page
				// that missed a state, or a state never published.
				var conn struct {
					Conn     string `json:"conn"`
					Detail   string `json:"detail"`
					Seq      int64  `json:"seq"`
					States   int    `json:"states"`
					Connects int    `json:"connects"`
				}
				var trace, errs []string
				_ = p.eval(ctx, `({conn: JT.app.conn, detail: JT.app.connDetail, seq: JT.app.seq, states: JT.metrics.states, connects: JT.metrics.connects})`, &conn)
				_ = p.eval(ctx, `JT.metrics.trace || []`, &trace)
				_ = p.eval(ctx, `JT.metrics.errors || []`, &errs)
				log, _ := os.ReadFile(logPath)
				t.Fatalf("the table stood still, seat 0's page offering nothing (phase %s, legal %v): %v (history %v)\npage: %+v\npage's last state messages: %v, failed on: %q\nanother seat 0 client's: %v\nthe broker's counters:\n%s\ntable's mqtt log lines:\n%s\n%s",
					m.Phase, m.Legal, err, history[max(0, len(history)-10):], conn, trace, errs, obs.last(), brokerMetrics(httpAddr), linesWith(log, "mqtt connected", "mqtt connection lost", "reassert", "dropped", "quota"), linesWith(log, "step ", "waiting for", "mqtt command"))
			}
			continue
		}
		kind, _, _ := strings.Cut(m.Did, " ")
		did[kind]++
		history = append(history, m.Did)
		// The command's reply, or the choices the click opened (several
		// chi, kongs or riichi discards): then the next move picks one.
		opened := `document.querySelector('.opts [data-opt], .mine svg.t.pick')`
		if err := p.until(ctx, fmt.Sprintf(`(JT.metrics.replies || 0) > %d || %s`, m.Replies, opened)); err != nil {
			t.Fatalf("%s: no reply: %v", m.Did, err)
		}
		var waiting bool
		if err := p.eval(ctx, fmt.Sprintf(`(JT.metrics.replies || 0) === %d`, m.Replies), &waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			continue
		}
		var reply struct {
			OK    bool `json:"ok"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := p.eval(ctx, `JT.metrics.lastReply`, &reply); err != nil {
			t.Fatal(err)
		}
		if !reply.OK {
			// A claim window can close before seat 0's answer arrives: a
			// simulated seat's ron or call came first (seat 0's draw, or
			// its pon under a ron). The refusal is right then, and the
			// page has a newer state to play on; a refusal of what the
			// table still offers, or of a move on seat 0's own turn, is a
			// failure.
			msg := ""
			if reply.Error != nil {
				msg = reply.Error.Message
			}
			if wait, ok := claimWindowLeft(msg); ok && kind == "draw" {
				// Seat 0 drew inside the claim window that follows every
				// discard: the table says how long it still holds, and
				// the draw is played again once it has passed, as a
				// person would tap again.
				time.Sleep(wait + 100*time.Millisecond)
				continue
			}
			switch kind {
			case "draw", "pon", "chi", "kan", "pass", "win", "option":
			default:
				// A discard, a missing suit, a flower, riichi or a wildcard
				// kong on one's own turn cannot be overtaken.
				log, _ := os.ReadFile(logPath)
				t.Fatalf("%s (phase %s, legal %v) refused: %s\n%s", m.Did, m.Phase, m.Legal, msg, tail(log))
			}
			wctx, wcancel := context.WithTimeout(ctx, time.Minute)
			moved := p.until(wctx, fmt.Sprintf(`JT.metrics.states > %d`, m.States)) == nil
			wcancel()
			if !moved {
				log, _ := os.ReadFile(logPath)
				t.Fatalf("%s (phase %s, legal %v) refused while the table stood still: %s\n%s", m.Did, m.Phase, m.Legal, msg, tail(log))
			}
			t.Logf("%s overtaken by the table: %s", m.Did, msg)
			overtaken++
			continue
		}
		if err := p.until(ctx, fmt.Sprintf(`JT.metrics.states > %d`, m.States)); err != nil {
			t.Fatalf("%s: no new state: %v", m.Did, err)
		}
	}
	t.Logf("%s: seat 0 played %v (%d overtaken)", rules, did, overtaken)
	if did["discard"] == 0 {
		t.Errorf("seat 0 discarded nothing from its page: %v", history)
	}
	if rules == "sichuan" && did["missing"] != 1 {
		t.Errorf("sichuan: seat 0 chose a missing suit %d times from its page, want 1", did["missing"])
	}
	// The log names the hand and what the game waited for.
	deadline := time.Now().Add(time.Minute)
	for {
		log, _ := os.ReadFile(logPath)
		s := string(log)
		if strings.Contains(s, `msg="hand dealt"`) && strings.Contains(s, `msg="hand over"`) && strings.Contains(s, `msg="waiting for a person on a seat page"`) {
			if rules == "sichuan" && !strings.Contains(s, "seat 0: missing-suit") {
				t.Errorf("the log does not say the game waits for seat 0's missing suit:\n%s", tail(log))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log lacks the hand's lines:\n%s", tail(log))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// claimWindowLeft reads how long the claim window still holds from a busy
// refusal ("… the claim window is open for 991ms more").
func claimWindowLeft(msg string) (time.Duration, bool) {
	_, rest, ok := strings.Cut(msg, "the claim window is open for ")
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(strings.TrimSuffix(rest, " more"))
	return d, err == nil
}

// seatObserver is a client of a seat beside its page: the numbers of the
// seat's states as the broker delivered them, the newest last.
type seatObserver struct {
	c    *mqtttest.Client
	mu   sync.Mutex
	seqs []string
}

func observeSeat(t *testing.T, url, user, pw string, seat int) *seatObserver {
	t.Helper()
	c, err := mqtttest.Dial(t, url, user, pw, user+"-observer", nil)
	if err != nil {
		t.Fatalf("%s beside the page: %v", user, err)
	}
	o := &seatObserver{c: c}
	tok := c.Paho().Subscribe(mqtttest.Table().SeatState(seat), 1, func(_ paho.Client, m paho.Message) {
		var s struct {
			Seq int64 `json:"seq"`
		}
		_ = json.Unmarshal(m.Payload(), &s)
		o.mu.Lock()
		defer o.mu.Unlock()
		r := ""
		if m.Retained() {
			r = "r"
		}
		o.seqs = append(o.seqs, fmt.Sprintf("%d%s", s.Seq, r))
		if len(o.seqs) > 64 {
			o.seqs = o.seqs[len(o.seqs)-16:]
		}
	})
	if !tok.WaitTimeout(mqtttest.Patience) || tok.Error() != nil {
		t.Fatalf("%s beside the page: subscribe: %v", user, tok.Error())
	}
	return o
}

// last says whether the client is still connected and the newest dozen
// numbers.
func (o *seatObserver) last() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return fmt.Sprintf("connected %v, %v", o.c.Connected(), o.seqs[max(0, len(o.seqs)-12):])
}

// brokerMetrics returns the embedded broker's lines of the daemon's
// /metrics, or why there are none.
func brokerMetrics(httpAddr string) string {
	c := http.Client{Timeout: 10 * time.Second}
	r, err := c.Get("http://" + httpAddr + "/metrics")
	if err != nil {
		return err.Error()
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return err.Error()
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "jantaku_mqtt_") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
