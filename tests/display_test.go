package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/mqtt/command"
	"jantaku/mqtt/display"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/table"
	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// displayRuleset is the test ruleset with riichi allowed, 25,000 points
// each at the start and wins valued like a riichi hand, so the displays
// show riichi discards, scores and a result with items.
type displayRuleset struct{ *tablecoretest.Ruleset }

func (r displayRuleset) Check(h *game.Hand, a game.Action) error {
	if a.Kind == game.Riichi {
		return nil
	}
	return r.Ruleset.Check(h, a)
}

func (r displayRuleset) Start(dealer game.Seat) game.Standing {
	st := r.Ruleset.Start(dealer)
	for i := range st.Scores {
		st.Scores[i] = 25000
	}
	return st
}

func (r displayRuleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	w, err := r.Ruleset.Win(h, a)
	if err != nil {
		return w, err
	}
	w.Value = game.Value{Summary: "2 han 30 fu", Points: 2000, Items: []game.Item{
		{Name: "立直", En: "Riichi", Value: "1 han"},
		{Name: "平和", En: "Pinfu", Value: "1 han"},
	}}
	for i := range w.Payments {
		w.Payments[i].Amount = 2000 / len(w.Payments)
	}
	return w, nil
}

// displayTable plays a scripted hand and publishes every step as the
// referee adapter will: public, seat and spectator views.
type displayTable struct {
	t   *testing.T
	mu  sync.Mutex
	g   *tablecore.Game
	pub *table.Publisher
	seq uint64
}

func (d *displayTable) publish(ctx context.Context, typ string) uint64 {
	d.t.Helper()
	view := func(a int) json.RawMessage {
		b, err := json.Marshal(d.g.View(a))
		if err != nil {
			d.t.Fatal(err)
		}
		return b
	}
	seq := uint64(d.g.View(tablecore.Public).Seq)
	if seq == d.seq {
		// Only passes since the last step: they keep the number before
		// them and the table sends them with its next step.
		return d.seq
	}
	d.seq = seq
	s := table.Step{Seq: d.seq, Type: typ, Event: json.RawMessage(fmt.Sprintf(`{"type":%q}`, typ)), State: view(tablecore.Public)}
	for n := range 4 {
		s.Seats[n].State = view(n)
	}
	s.Spectator.State = view(tablecore.Spectators)
	s.Time = time.Now()
	if err := d.pub.Publish(ctx, s); err != nil {
		d.t.Fatal(err)
	}
	return d.seq
}

// act applies the legal action of seat matching kind and tile ("" any),
// then passes for every other seat still asked about a claim.
func (d *displayTable) act(ctx context.Context, seat int, kind game.Kind, tl string) uint64 {
	d.t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.apply(seat, kind, tl); err != nil {
		d.t.Fatal(err)
	}
	return d.publish(ctx, kind.String())
}

func (d *displayTable) apply(seat int, kind game.Kind, tl string) error {
	for _, a := range d.g.Legal(game.Seat(seat)) {
		if a.Kind == kind && (tl == "" || a.Tile.String() == tl || (a.Tile.Kind.String() == tl)) {
			if _, err := d.g.Apply(a); err != nil {
				return fmt.Errorf("%s: %w", a, err)
			}
			if kind == game.Pass || !kind.IsClaim() {
				return nil
			}
			for s := range 4 {
				for _, b := range d.g.Legal(game.Seat(s)) {
					if b.Kind == game.Pass {
						if _, err := d.g.Apply(b); err != nil {
							return fmt.Errorf("%s: %w", b, err)
						}
					}
				}
			}
			return nil
		}
	}
	return fmt.Errorf("seat %d may not %s %s now (phase %s); legal: %v", seat, kind, tl, d.g.Hand().Phase, d.g.Legal(game.Seat(seat)))
}

// passAll passes every open claim.
func (d *displayTable) passAll(ctx context.Context) uint64 {
	d.t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	for s := range 4 {
		for _, a := range d.g.Legal(game.Seat(s)) {
			if a.Kind == game.Pass {
				if _, err := d.g.Apply(a); err != nil {
					d.t.Fatal(err)
				}
			}
		}
	}
	return d.publish(ctx, "pass")
}

// Handle takes the seats' commands from their pages: "win" declares ron
// or tsumo for the seat; "ok" sets a north aside (kita: a flower action).
func (d *displayTable) Handle(ctx context.Context, c command.Command) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c.Type == "ok" {
		var args struct{ Kind, Tile string }
		if err := json.Unmarshal(c.Args, &args); err != nil {
			return fmt.Errorf("ok: args: %w", err)
		}
		if args.Kind != game.Flower.String() {
			return fmt.Errorf("the test table takes ok only for flower, not %q", args.Kind)
		}
		if err := d.apply(c.Seat, game.Flower, args.Tile); err != nil {
			return err
		}
		d.publish(ctx, args.Kind)
		return nil
	}
	if c.Type != "win" {
		return fmt.Errorf("the test table takes only win and ok, not %s", c.Type)
	}
	for _, k := range []game.Kind{game.Ron, game.Tsumo} {
		if err := d.apply(c.Seat, k, ""); err == nil {
			d.publish(ctx, k.String())
			return nil
		}
	}
	return fmt.Errorf("seat %d cannot win now", c.Seat)
}

func displayScreenshots(t *testing.T) string {
	dir := os.Getenv("JANTAKU_SCREENSHOTS")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	// Removed after the test; JANTAKU_SCREENSHOTS=DIR keeps them.
	return t.TempDir()
}

// startDisplayRig starts what every display test runs against: the
// embedded broker, the table's publisher answering commands with h, and
// the display server in English. All three stop when the test
// ends.
func startDisplayRig(t *testing.T, ctx context.Context, h command.Handler) (*table.Publisher, *httptest.Server) {
	t.Helper()
	br := mqtttest.StartEmbedded(t, mqtttest.Policy(t), mqtttest.Options{})
	tb := mqtttest.Table()
	pub, err := table.Start(table.Config{Broker: br.URL(), Username: "table", Password: mqtttest.Password("table")}, tb, table.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), mqtttest.Patience)
		defer cancel()
		_ = pub.Close(ctx)
	})
	if err := pub.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	srv, err := display.New(display.Config{
		WebSocket: br.WebSocketURL() + "/", Prefix: tb.Prefix(), Table: tb.ID(), Language: "en",
		Display: display.Credentials{Username: "display", Password: mqtttest.Password("display")},
	})
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(srv)
	t.Cleanup(web.Close)
	return pub, web
}

// displayHands is the deal of the display tests' hand.
var displayHands = []string{
	"123m456m789m11p23s9s", // dealer: discards 9s, then riichi on 3z
	"111z222z333z444z5z",
	"123p456p789p56s77s", // ready on 4s-7s
	"555z666z777z99s13s", // pons the 9s
}

// startDisplayHand starts the display rig (startDisplayRig) on a game of
// rs whose table answers the seats' commands, deals displayHands and
// publishes the deal, whose number it returns.
func startDisplayHand(t *testing.T, ctx context.Context, rs game.Ruleset) (*displayTable, *httptest.Server, uint64) {
	t.Helper()
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := &displayTable{t: t, g: g}
	pub, srv := startDisplayRig(t, ctx, d)
	d.pub = pub
	wall, err := tablecoretest.Wall(g.Rules().Set, displayHands, "3z8m1z9m2z4s", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	return d, srv, d.publish(ctx, "deal")
}

// TestDisplays plays a hand on the test ruleset through the embedded
// broker and the real publisher, with the centre screen, two seat views
// and the spectator view open in headless Chromium, and checks what each
// shows: scores, dice, ponds with calls and riichi, a seat's hand on its
// own page only, the learner's waits, a win declared with the seat page's
// button, the result screen, machine errors with help, the languages.
func TestDisplays(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard, not a measure
	defer cancel()
	shots := displayScreenshots(t)
	t.Logf("screenshots in %s", shots)

	d, srv, seq := startDisplayHand(t, ctx, displayRuleset{tablecoretest.New()})
	g, pub := d.g, d.pub
	machine := func(s string) {
		if err := pub.Machine(ctx, json.RawMessage(s), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	machine(`{"phase":"ready","errors":[]}`)

	b := startDisplayBrowser(t, bin)
	open := func(name, path string, w, h int, mobile bool) *displayPage {
		p, err := b.open(ctx, name, srv.URL+path, w, h, mobile)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	centre := open("centre", "/centre.html", 1920, 1080, false)
	small := open("centre-800", "/centre.html?lang=ja", 800, 480, false)
	seat0 := open("seat0", "/seat.html?seat=0#u=seat0&p="+mqtttest.Password("seat0"), 412, 915, true)
	seat2 := open("seat2", "/seat.html?seat=2#u=seat2&p="+mqtttest.Password("seat2"), 800, 480, false)
	spect := open("spectator", "/spectator.html#u=broadcast&p="+mqtttest.Password("broadcast"), 1920, 1080, false)
	thief := open("seat1-as-seat0", "/seat.html?seat=1#u=seat0&p="+mqtttest.Password("seat0"), 412, 915, true)
	pages := []*displayPage{centre, small, seat0, seat2, spect}

	shown := func(s uint64) {
		t.Helper()
		for _, p := range pages {
			if err := p.until(ctx, fmt.Sprintf("+document.body.dataset.seq >= %d", s)); err != nil {
				t.Fatal(err)
			}
		}
	}
	text := func(p *displayPage, sel string) string {
		t.Helper()
		var s string
		// Text nodes joined with spaces, so table cells stay apart.
		js := `((el) => { if (!el) return ""; const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); const out = []; while (w.nextNode()) out.push(w.currentNode.nodeValue); return out.join(" "); })(document.querySelector(%q))`
		if err := p.eval(ctx, fmt.Sprintf(js, sel), &s); err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(s), " ")
	}
	tiles := func(p *displayPage, sel string) []string {
		t.Helper()
		var out []string
		if err := p.eval(ctx, fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.dataset.tile)`, sel), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	count := func(p *displayPage, sel string) int {
		t.Helper()
		var n int
		if err := p.eval(ctx, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	shot := func(p *displayPage, name string) {
		t.Helper()
		if _, err := p.screenshot(ctx, shots, name); err != nil {
			t.Fatal(err)
		}
	}
	shown(seq)

	// After the deal: round, scores, dice, tiles left; hands only where allowed.
	if got := text(centre, `[data-k="round"]`); got != "East 1" {
		t.Errorf("centre round %q, want East 1", got)
	}
	if got := text(small, `[data-k="round"]`); got != "東1局" {
		t.Errorf("800x480 centre round %q, want 東1局 (?lang=ja)", got)
	}
	for i := range 4 {
		if got := text(centre, fmt.Sprintf(`[data-seat="%d"] [data-k="score"]`, i)); got != "25,000" {
			t.Errorf("centre seat %d score %q, want 25,000", i, got)
		}
	}
	var dice []string
	if err := centre.eval(ctx, `Array.from(document.querySelectorAll('[data-k="dice"] [data-die]')).map(e => e.dataset.die)`, &dice); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(dice, []string{"3", "4"}) {
		t.Errorf("dice %v, want 3 4", dice)
	}
	if got, want := text(centre, `[data-k="wall"]`), fmt.Sprintf("%d tiles left", g.View(tablecore.Public).WallLeft); got != want {
		t.Errorf("centre %q, want %q", got, want)
	}
	if n := count(centre, "[data-hand]"); n != 0 {
		t.Errorf("centre screen shows %d hands", n)
	}
	sorted := func(ts []string) []string {
		out := slices.Clone(ts)
		sort.Strings(out)
		return out
	}
	for _, c := range []struct {
		p    *displayPage
		seat int
	}{{seat0, 0}, {seat2, 2}} {
		want := g.View(c.seat).Seats[c.seat].Hand
		if got := tiles(c.p, fmt.Sprintf(`[data-hand="%d"] [data-tile]`, c.seat)); !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("seat %d page shows hand %v, want %v", c.seat, got, want)
		}
		if n := count(c.p, "[data-hand]"); n != 1 {
			t.Errorf("seat %d page shows %d hands, want its own only", c.seat, n)
		}
	}
	for i := range 4 {
		want := g.View(tablecore.Spectators).Seats[i].Hand
		if got := tiles(spect, fmt.Sprintf(`[data-hand="%d"] > [data-tile]`, i)); !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("spectator seat %d hand %v, want %v", i, got, want)
		}
	}
	// A seat's credentials cannot open another seat's view.
	if err := thief.until(ctx, `document.querySelector('[data-conn="denied"]')`); err != nil {
		t.Errorf("seat 0's credentials on seat 1's page: %v", err)
	}
	if n := count(thief, "[data-hand]"); n != 0 {
		t.Errorf("seat 0's credentials show %d hands on seat 1's page", n)
	}
	shot(centre, "centre-1080-deal")

	// Play: 9s discarded and ponned, riichi on 3z, a round of discards.
	// Each step is waited for on every page, so the render delays
	// measured are those of a table at play, not of a burst.
	shown(d.act(ctx, 0, game.Discard, "9s"))
	shown(d.act(ctx, 3, game.Pon, "9s"))
	shown(d.act(ctx, 3, game.Discard, "3s"))
	shown(d.passAll(ctx))
	shown(d.act(ctx, 0, game.Draw, ""))
	shown(d.act(ctx, 0, game.Riichi, "3z"))
	shown(d.passAll(ctx))
	for _, s := range []struct {
		seat int
		tile string
	}{{1, "8m"}, {2, "1z"}, {3, "9m"}, {0, "2z"}} {
		shown(d.act(ctx, s.seat, game.Draw, ""))
		shown(d.act(ctx, s.seat, game.Discard, s.tile))
		shown(d.passAll(ctx))
	}
	shown(d.act(ctx, 1, game.Draw, ""))
	shown(d.act(ctx, 1, game.Discard, "4s")) // seat 2 may ron now

	if got := tiles(centre, `[data-pond="0"] .taken [data-tile]`); !slices.Equal(got, []string{"9s"}) {
		t.Errorf("seat 0's called discard %v, want 9s faded", got)
	}
	if got := tiles(centre, `[data-pond="0"] [data-riichi] [data-tile]`); !slices.Equal(got, []string{"3z"}) {
		t.Errorf("seat 0's riichi discard %v, want 3z sideways", got)
	}
	if got := tiles(centre, `[data-melds="3"] [data-meld="pon"] [data-tile]`); !slices.Equal(got, []string{"9s", "9s", "9s"}) {
		t.Errorf("seat 3's pon %v, want 9s 9s 9s", got)
	}
	if got := tiles(centre, `[data-k="last"] [data-tile]`); !slices.Equal(got, []string{"4s"}) {
		t.Errorf("last discard %v, want 4s", got)
	}
	if got := tiles(spect, `[data-pond="1"] .lastd [data-tile]`); !slices.Equal(got, []string{"4s"}) {
		t.Errorf("spectator: last discard outlined %v, want 4s", got)
	}
	if got := text(centre, `[data-seat="0"] .tags`); !strings.Contains(got, "Riichi") || !strings.Contains(got, "Dealer") {
		t.Errorf("seat 0 tags %q, want Dealer and Riichi", got)
	}

	// Learner mode on seat 2: ready on 4s and 7s.
	if err := seat2.eval(ctx, `document.getElementById("learner-toggle").click()`, nil); err != nil {
		t.Fatal(err)
	}
	if got := text(seat2, `[data-k="shanten"]`); got != "Ready (tenpai)" {
		t.Errorf("seat 2 learner %q, want Ready (tenpai)", got)
	}
	if got := tiles(seat2, `[data-k="waits"] [data-tile]`); !slices.Equal(got, []string{"4s", "7s"}) {
		t.Errorf("seat 2 waits %v, want 4s 7s", got)
	}
	// Seat 2's buttons: it may win on 4s, chi it (56s), pass, or draw (the
	// others have passed, and it is next); nothing else is offered (no
	// pon, kan, riichi, nor buttons that do nothing).
	var shownActs []string
	if err := seat2.eval(ctx, `Array.from(document.querySelectorAll("[data-act]")).map(b => b.dataset.act)`, &shownActs); err != nil {
		t.Fatal(err)
	}
	if want := []string{"draw", "win", "chi", "pass"}; !slices.Equal(shownActs, want) {
		t.Errorf("seat 2 buttons %v, want %v", shownActs, want)
	}
	shot(seat2, "seat2-800-claim-learner")
	shot(seat0, "seat0-phone-claim")
	shot(spect, "spectator-1080-claim")
	shot(small, "centre-800-claim-ja")

	// A machine fault shows with its help text, then clears.
	machine(`{"phase":"faulted","errors":[{"code":"E102","title":"conveyor jam","part":"eye2","side":2,"message":"tile 04A1 stuck at side 2's gate after the stroke","remedy":"open the lid"}]}`)
	if err := centre.until(ctx, `document.querySelector('[data-code="E102"]')`); err != nil {
		t.Fatal(err)
	}
	if got := text(centre, `[data-code="E102"]`); !strings.Contains(got, "A tile is stuck at the West wall's gate") {
		t.Errorf("machine error shown as %q", got)
	}
	if err := small.until(ctx, `document.querySelector('[data-code="E102"]')`); err != nil {
		t.Fatal(err)
	}
	shot(small, "centre-800-fault-ja")
	machine(`{"phase":"ready","errors":[]}`)
	if err := centre.until(ctx, `!document.querySelector('[data-code]')`); err != nil {
		t.Fatal(err)
	}

	// Seat 2 wins with its page's button: the command goes to the table,
	// which applies the ron and publishes the end of the hand.
	if err := seat2.eval(ctx, `document.querySelector('[data-act="win"]').click()`, nil); err != nil {
		t.Fatal(err)
	}
	if err := seat2.until(ctx, `document.querySelector('[data-k="result"]')`); err != nil {
		t.Fatal(err)
	}
	d.mu.Lock()
	seq = d.seq
	d.mu.Unlock()
	shown(seq)
	for _, p := range pages {
		res := text(p, `[data-k="result"]`)
		for _, want := range []string{"Pinfu", "1 han", "2 han 30 fu", "2,000"} {
			if p == small {
				want = strings.NewReplacer("Pinfu", "平和", "2,000", "2,000点").Replace(want)
			}
			if !strings.Contains(res, want) {
				t.Errorf("%s: result %q lacks %q", p.name, res, want)
			}
		}
		if got := text(p, `[data-total="2"]`); !strings.HasSuffix(got, "+2,000 27,000") {
			t.Errorf("%s: seat 2's total %q, want +2,000 27,000", p.name, got)
		}
		if got := text(p, `[data-total="1"]`); !strings.HasSuffix(got, "−2,000 23,000") {
			t.Errorf("%s: seat 1's total %q, want −2,000 23,000", p.name, got)
		}
		if got := text(p, `[data-pay="1>2"]`); !strings.Contains(got, "2,000") {
			t.Errorf("%s: payment 1→2 %q", p.name, got)
		}
	}
	if got := text(seat2, `[data-k="toast"]`); !strings.Contains(got, "✓") {
		t.Errorf("seat 2's reply %q, want the win acknowledged", got)
	}
	shot(centre, "centre-1080-result")
	shot(small, "centre-800-result-ja")
	shot(seat2, "seat2-800-result")
	shot(spect, "spectator-1080-result")

	// Chinese, switched on the page.
	if err := centre.eval(ctx, `document.querySelector('[data-lang="zh"]').click()`, nil); err != nil {
		t.Fatal(err)
	}
	if got := text(centre, `[data-k="round"]`); got != "东风第1局" {
		t.Errorf("centre round in Chinese %q, want 东风第1局", got)
	}
	shot(centre, "centre-1080-result-zh")

	// Render delay: payload time to the page's DOM update, per page; and
	// the time one render takes.
	var lat, ren []float64
	for _, p := range pages {
		var m struct{ Lat, Render []float64 }
		if err := p.eval(ctx, `({lat: JT.metrics.lat, render: JT.metrics.render})`, &m); err != nil {
			t.Fatal(err)
		}
		lat, ren = append(lat, m.Lat...), append(ren, m.Render...)
	}
	pct := func(xs []float64) string {
		if len(xs) == 0 {
			return "none"
		}
		slices.Sort(xs)
		return fmt.Sprintf("n %d, p50 %.1f ms, p95 %.1f ms, max %.1f ms", len(xs), xs[len(xs)/2], xs[len(xs)*95/100], xs[len(xs)-1])
	}
	t.Logf("state published to DOM updated (5 pages): %s", pct(lat))
	t.Logf("one render: %s", pct(ren))
}

// TestDisplayLearner checks the page's shanten and waits against
// hand-derived cases and against rules/hand on random hands.
func TestDisplayLearner(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard, not a measure
	defer cancel()
	h, err := display.New(display.Config{WebSocket: "ws://127.0.0.1:1/", Prefix: "jantaku", Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	b := startDisplayBrowser(t, bin)
	p, err := b.open(ctx, "learner", srv.URL+"/seat.html?seat=0#u=x&p=y", 800, 480, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.until(ctx, `window.JT && JT.learner`); err != nil {
		t.Fatal(err)
	}
	type result struct {
		Shanten *int     `json:"shanten"`
		Waits   []string `json:"waits"`
	}
	ask := func(hs []string) []result {
		t.Helper()
		in, _ := json.Marshal(hs)
		var out []result
		expr := fmt.Sprintf(`%s.map(h => { const ts = []; for (const m of h.matchAll(/([0-9]+)([mpsz])/g)) for (const d of m[1]) ts.push(d + m[2]);
			const c = JT.learner.counts(ts); return {shanten: JT.learner.shanten(c), waits: JT.learner.waits(c).map(w => w.tile + (w.exhausted ? "*" : ""))}; })`, in)
		if err := p.eval(ctx, expr, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}

	// Worked by hand.
	cases := []struct {
		hand    string
		shanten int
		waits   string // "" none
	}{
		{"123m456m789m1234p", 0, "1p 4p"},                                           // nobetan
		{"123m456m789m11p23s", 0, "1s 4s"},                                          // ryanmen
		{"123m456m789m11p13s", 0, "2s"},                                             // kanchan
		{"123m456m789m1p", 0, "1p"},                                                 // tanki after melds: 10 tiles
		{"1112345678999m", 0, "1m 2m 3m 4m 5m 6m 7m 8m 9m"},                         // nine gates
		{"1122334455667m", 0, "1m 4m 7m"},                                           // seven pairs or sets
		{"1133557799m1p2p3p", 1, ""},                                                // four pairs
		{"1m9m1p9p1s9s1z2z3z4z5z6z7z", 0, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"}, // thirteen-sided orphans
		{"1m9m1p9p1s9s1z2z3z4z5z6z6z", 0, "7z"},                                     // orphans with the pair
		{"11m22m33m44p55p66s7z", 0, "7z"},                                           // seven pairs, a single
		{"1111m2222p3333s4z", 2, ""},                                                // three sets; as pairs only three
		{"13579m2468p1357s", 4, ""},                                                 // four kanchan, no pair
		{"1m4m7m1p4p7p1s4s7s1z2z3z4z", 6, ""},                                       // seven orphan kinds
		{"123m456m789m11p22s", 0, "1p 2s"},                                          // shanpon
		{"123456789m1111p", 0, "1p*"},                                               // a fifth 1p: the shape only
		{"12345678m123p11s7z", 0, ""},                                               // 14 tiles: discard 7z for 6m-9m
		{"123m456m789m11p234s", -1, ""},                                             // complete
	}
	var hs []string
	for _, c := range cases {
		hs = append(hs, c.hand)
	}
	got := ask(hs)
	for i, c := range cases {
		if got[i].Shanten == nil || *got[i].Shanten != c.shanten || strings.Join(got[i].Waits, " ") != c.waits {
			sh := "null"
			if got[i].Shanten != nil {
				sh = fmt.Sprint(*got[i].Shanten)
			}
			t.Errorf("%s: shanten %s waits %q, want %d %q", c.hand, sh, strings.Join(got[i].Waits, " "), c.shanten, c.waits)
		}
	}

	// The copies left to draw, counted by hand for a three-player view:
	// the set has no 2m–8m (the view's copies); seat 0 sees 1p in its
	// hand, its pond and the indicators, 9s three times in seat 1's pon
	// (its own discard of 9s was taken into that pon, so counted once),
	// and the north seat 2 set aside.
	var left []int
	view := `{"copies":{"2m":0,"3m":0,"4m":0,"5m":0,"6m":0,"7m":0,"8m":0},"indicators":["1p"],
		"seats":[{"hand":["1p","9p","0p"],"discards":[{"tile":"1p"},{"tile":"9s","taken":true}],"melds":[]},
			{"discards":[],"melds":["(pon 999s<3)"]},{"discards":[],"melds":[],"flowers":["4z"]}]}`
	if err := p.eval(ctx, `(() => { const u = JT.learner.unseen(`+view+`, 0); return ["5m","1m","1p","9s","5p","4z","7z"].map(u); })()`, &left); err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 4, 1, 1, 3, 3, 4}; !slices.Equal(left, want) {
		t.Errorf("copies left of 5m 1m 1p 9s 5p 4z 7z: %v, want %v", left, want)
	}

	// Against rules/hand on random hands of 13, 14, 10 and 7 tiles.
	opts := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)}
	rng := rand.New(rand.NewPCG(8, 2026))
	set, _ := tile.Standard(0)
	all := set.Tiles()
	hs = hs[:0]
	var counts []tile.Counts
	for i := range 600 {
		n := []int{13, 14, 13, 14, 10, 11, 7}[i%7]
		rng.Shuffle(len(all), func(a, b int) { all[a], all[b] = all[b], all[a] })
		ts := slices.Clone(all[:n])
		if i%3 == 0 { // bias toward ready hands: nine gates' tiles, then random ones
			ts = append(tile.MustParse("1112345678999m")[:min(n, 9)], ts[:n-min(n, 9)]...)
		}
		c := tile.CountsOf(ts)
		ok := true
		for _, v := range c {
			ok = ok && v <= 4
		}
		if !ok {
			continue
		}
		hs = append(hs, tile.Format(ts))
		counts = append(counts, c)
	}
	got = ask(hs)
	bad := 0
	for i, c := range counts {
		want, err := hand.Shanten(c, opts)
		if err != nil {
			t.Fatalf("%s: %v", hs[i], err)
		}
		var ws []string
		if c.Total()%3 == 1 {
			w, err := hand.Waits(c, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range w {
				s := x.Tile.String()
				if x.Exhausted {
					s += "*"
				}
				ws = append(ws, s)
			}
		}
		if got[i].Shanten == nil || *got[i].Shanten != want || strings.Join(got[i].Waits, " ") != strings.Join(ws, " ") {
			bad++
			if bad <= 10 {
				t.Errorf("%s: page says shanten %v waits %v; rules/hand %d %v", hs[i], got[i].Shanten, got[i].Waits, want, ws)
			}
		}
	}
	t.Logf("learner: %d hand-derived cases, %d random hands compared with rules/hand", len(cases), len(counts))
}
