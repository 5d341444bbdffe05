package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"jantaku/mqtt/mqtttest"
	"jantaku/rules/game"
	"jantaku/tablecore/tablecoretest"
)

// spreadRuleset starts the seats far apart, one below zero, so the
// centre screen shows its widest figures: five-digit scores and
// differences to the leader, a negative score, the leader's rank.
type spreadRuleset struct{ displayRuleset }

func (r spreadRuleset) Start(dealer game.Seat) game.Standing {
	st := r.displayRuleset.Start(dealer)
	copy(st.Scores, []int{58700, 30000, 14300, -3000})
	return st
}

// clippedText finds text the page does not show whole: a text node that
// reaches past the box of an ancestor that clips it (overflow other than
// visible; a scrolling box clips only across), or past the left or
// right edge of the window. Each is "text: where".
const clippedText = `(() => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("svg, script, style, noscript")) continue;
    const cs0 = getComputedStyle(el);
    if (cs0.visibility === "hidden" || cs0.display === "none") continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
    if (r.left < -1 || r.right > vw + 1) { out.push(text + ": past the window's edge (" + Math.round(r.left) + "–" + Math.round(r.right) + " of " + vw + ")"); continue; }
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      const across = r.left < c.left - 1 || r.right > c.right + 1;
      const down = (cs.overflowY === "hidden" || cs.overflowY === "clip") && (r.top < c.top - 1 || r.bottom > c.bottom + 1);
      if (across || down) { out.push(text + ": clipped by " + name(a) + (across ? " across" : " down")); break; }
    }
  }
  return out;
})()`

// TestDisplaysFit renders the centre, seat and spectator pages at the
// table screen's 800×480, 1280×720, 1920×1080 and a phone's 390×844, in
// each language, mid-hand (melds, riichi, a claim open) and on the
// result, and fails on any text the page cuts off.
func TestDisplaysFit(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard, not a measure
	defer cancel()
	shots := displayScreenshots(t)

	d, srv, _ := startDisplayHand(t, ctx, spreadRuleset{displayRuleset{tablecoretest.New()}})
	pub := d.pub
	if err := pub.Machine(ctx, json.RawMessage(`{"phase":"walls-up","errors":[]}`), time.Now()); err != nil {
		t.Fatal(err)
	}
	d.act(ctx, 0, game.Discard, "9s")
	d.act(ctx, 3, game.Pon, "9s")
	d.act(ctx, 3, game.Discard, "3s")
	d.passAll(ctx)
	d.act(ctx, 0, game.Draw, "")
	d.act(ctx, 0, game.Riichi, "3z")
	d.passAll(ctx)
	for _, s := range []struct {
		seat int
		tile string
	}{{1, "8m"}, {2, "1z"}, {3, "9m"}, {0, "2z"}} {
		d.act(ctx, s.seat, game.Draw, "")
		d.act(ctx, s.seat, game.Discard, s.tile)
		d.passAll(ctx)
	}
	d.act(ctx, 1, game.Draw, "")
	mid := d.act(ctx, 1, game.Discard, "4s") // seat 2 may ron: its page offers win, chi, pass

	b := startDisplayBrowser(t, bin)
	type pageSpec struct{ name, path string }
	pages := []pageSpec{
		{"centre", "/centre.html"},
		{"seat2", "/seat.html?seat=2#u=seat2&p=" + mqtttest.Password("seat2")},
		{"spectator", "/spectator.html#u=broadcast&p=" + mqtttest.Password("broadcast")},
	}
	sizes := []struct {
		w, h   int
		mobile bool
	}{{800, 480, false}, {1280, 720, false}, {1920, 1080, false}, {390, 844, true}}
	tabs := map[string]*displayPage{}
	for _, ps := range pages {
		p, err := b.open(ctx, ps.name, srv.URL+ps.path, 1280, 720, false)
		if err != nil {
			t.Fatal(err)
		}
		tabs[ps.name] = p
	}
	check := func(stage string, seq uint64) {
		for _, ps := range pages {
			p := tabs[ps.name]
			if err := p.b.call(ctx, p.session, "Page.bringToFront", nil, nil); err != nil {
				t.Fatal(err)
			}
			if err := p.until(ctx, fmt.Sprintf("window.JT && +document.body.dataset.seq >= %d", seq)); err != nil {
				t.Fatal(err)
			}
			for _, lang := range []string{"ja", "zh", "en"} {
				if err := p.eval(ctx, fmt.Sprintf(`document.querySelector('[data-lang="%s"]').click()`, lang), nil); err != nil {
					t.Fatal(err)
				}
				for _, sz := range sizes {
					if err := p.resize(ctx, sz.w, sz.h, sz.mobile); err != nil {
						t.Fatal(err)
					}
					var bad []string
					if err := p.eval(ctx, clippedText, &bad); err != nil {
						t.Fatal(err)
					}
					where := fmt.Sprintf("%s %s %dx%d %s", stage, ps.name, sz.w, sz.h, lang)
					if len(bad) > 0 {
						t.Errorf("%s: text cut off:\n  %s", where, strings.Join(bad, "\n  "))
						p.screenshot(ctx, shots, strings.ReplaceAll(where, " ", "-"))
					}
				}
			}
		}
	}
	// A seat page without its login shows the form, naming the seat.
	login, err := b.open(ctx, "login", srv.URL+"/seat.html?seat=2&lang=en", 390, 844, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := login.until(ctx, `document.querySelector("#login h2")`); err != nil {
		t.Fatal(err)
	}
	var title string
	if err := login.eval(ctx, `document.querySelector("#login h2").textContent`, &title); err != nil {
		t.Fatal(err)
	}
	if title != "Seat 2" {
		t.Errorf("login form title %q, want Seat 2", title)
	}
	check("mid-hand", mid)
	d.mu.Lock()
	if err := d.apply(2, game.Ron, ""); err != nil {
		t.Fatal(err)
	}
	end := d.publish(ctx, "ron")
	d.mu.Unlock()
	check("result", end)
}
