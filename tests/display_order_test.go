package tests

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"jantaku/tablecore/tablecoretest"
)

// TestDisplayKeepsTheNewestState hands the page's MQTT handler state
// messages in the orders a broker can deliver them, and checks which the
// page draws. The embedded broker sends a subscriber the retained state
// after granting the subscription, so a step published at that moment can
// arrive live before the retained state it replaced: the page must not
// go back to the older one, or it offers a player a move the table no
// longer waits for and nothing that it does. A message the page fails on
// must not stop the ones after it either.
func TestDisplayKeepsTheNewestState(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang guard, not a measure
	defer cancel()

	d, srv, seq := startDisplayHand(t, ctx, displayRuleset{tablecoretest.New()})
	g := d.g

	b := startDisplayBrowser(t, bin)
	p, err := b.open(ctx, "centre", srv.URL+"/centre.html", 1280, 720, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.until(ctx, fmt.Sprintf("window.JT && JT.app && JT.app.seq === %d", seq)); err != nil {
		t.Fatal(err)
	}

	// deliver hands the page's MQTT handler one state message: the view
	// it holds, under another number and time (ms after the one it has).
	deliver := func(seq int, later int, retained bool) {
		t.Helper()
		js := fmt.Sprintf(`(() => {
  const a = JT.app;
  const msg = {v: 1, table: "t1", seq: %d, time: new Date(a.time + %d).toISOString(), state: a.view};
  a.client.o.onMessage(a.stateTopic, JSON.stringify(msg), {retain: %v, qos: 1});
  return true;
})()`, seq, later, retained)
		var ok bool
		if err := p.eval(ctx, js, &ok); err != nil {
			t.Fatal(err)
		}
	}
	status := func(s string) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const a = JT.app; a.client.o.onMessage(a.cfg.topics.status, JSON.stringify({v: 1, table: "t1", status: %q}), {retain: true, qos: 1}); return true; })()`, s)
		var ok bool
		if err := p.eval(ctx, js, &ok); err != nil {
			t.Fatal(err)
		}
	}
	held := func(what string, want int) {
		t.Helper()
		var got int
		if err := p.eval(ctx, "JT.app.seq", &got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: the page holds state %d, want %d", what, got, want)
		}
	}
	n := int(seq)

	deliver(n+2, 0, false)
	held("a newer state, live", n+2)
	deliver(n+1, 0, true)
	held("the retained state it replaced, after it", n+2)
	deliver(n+1, 0, false)
	held("an older state redelivered live", n+2)
	deliver(n+2, 0, true)
	held("the same state retained", n+2)

	// A new game numbers its steps from 1 again, later.
	deliver(1, 1000, false)
	held("a new game's first step", 1)
	deliver(1, 0, true)
	held("the same step retained", 1)

	// A new connection takes the first state it is sent, whatever its
	// number: the table may have restarted with another game and its
	// clock set back.
	var ok bool
	if err := p.eval(ctx, `(() => { JT.app.client.o.onStatus("online"); return true; })()`, &ok); err != nil {
		t.Fatal(err)
	}
	deliver(n+5, 0, false)
	deliver(n+4, 0, true)
	held("a reconnection's live state, then the retained one it replaced", n+5)
	if err := p.eval(ctx, `(() => { JT.app.client.o.onStatus("online"); return true; })()`, &ok); err != nil {
		t.Fatal(err)
	}
	deliver(3, -5000, true)
	held("a reconnection's first state, older by number and time", 3)

	// So does a table that went offline and came back.
	status("offline")
	status("online")
	deliver(2, -5000, true)
	held("the first state of a table back online", 2)
	deliver(1, -5000, false)
	held("an older one after it", 2)

	// A message the page fails on does not stop the ones after it in the
	// same stream: its handler for other topics is made to throw, and
	// one WebSocket message brings such a message and then a state.
	var got struct {
		Seq    int      `json:"seq"`
		Errors []string `json:"errors"`
	}
	js := `(() => {
  const a = JT.app, enc = new TextEncoder();
  const publish = (topic, text) => { // MQTT PUBLISH, QoS 0
    const t = enc.encode(topic), p = enc.encode(text), n = 2 + t.length + p.length, len = [];
    let x = n;
    do { let d = x % 128; x = Math.floor(x / 128); if (x > 0) d |= 128; len.push(d); } while (x > 0);
    const out = new Uint8Array(1 + len.length + n);
    out[0] = 0x30; out.set(len, 1);
    let o = 1 + len.length;
    out[o++] = t.length >> 8; out[o++] = t.length & 255; out.set(t, o); out.set(p, o + t.length);
    return out;
  };
  const before = a.page.message;
  a.page.message = () => { throw new Error("a handler that fails"); };
  const bad = publish("jantaku/t1/elsewhere", "{}");
  const good = publish(a.stateTopic, JSON.stringify({v: 1, table: "t1", seq: a.seq + 1, time: new Date(a.time).toISOString(), state: a.view}));
  const both = new Uint8Array(bad.length + good.length);
  both.set(bad); both.set(good, bad.length);
  try { a.client.receive(both); } finally { a.page.message = before; }
  return {seq: a.seq, errors: JT.metrics.errors};
})()`
	if err := p.eval(ctx, js, &got); err != nil {
		t.Fatalf("a message the page fails on: %v", err)
	}
	if got.Seq != 3 || len(got.Errors) != 1 || !strings.Contains(got.Errors[0], "a handler that fails") {
		t.Fatalf("after a message the page fails on and a state: state %d, errors %q; want state 3 and the one error", got.Seq, got.Errors)
	}

	// The page still follows the real table.
	if _, err := g.Apply(g.Legal(0)[0]); err != nil {
		t.Fatal(err)
	}
	next := d.publish(ctx, "discard")
	// Its time is later than the states handed to the page above.
	if err := p.until(ctx, fmt.Sprintf("JT.app.seq === %d", next)); err != nil {
		t.Fatal(err)
	}
}
