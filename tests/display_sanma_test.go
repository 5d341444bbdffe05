package tests

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"jantaku/mqtt/mqtttest"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// TestDisplaysSanma plays the start of a three-player riichi hand
// (riichi/sanma) to the pages: the dealer sets a north aside (kita), the
// next seat draws and is offered kita on its page, presses it, and every
// page shows three seats (no empty fourth), their winds and 35,000 points
// each, and each seat's norths set aside beside its melds; no text is cut
// off at the table screen's and a phone's size.
func TestDisplaysSanma(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard, not a measure
	defer cancel()
	shots := displayScreenshots(t)

	rs, err := rulesets.New("riichi/sanma", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := &displayTable{t: t, g: g}
	pub, srv := startDisplayRig(t, ctx, d)
	d.pub = pub

	// The 108-tile set has no 2m–8m. The dealer holds two norths, the
	// next seat one; the next seat draws 3z; the dealer's replacement
	// tile is 8p.
	hands := []string{"44z123p456p789s11z2z", "4z999s123s567p9m1m2z", "111m999m555z666z7z"}
	wall, err := tablecoretest.Wall(g.Rules().Set, hands, "3z", "8p")
	if err != nil {
		t.Fatal(err)
	}
	if len(wall) != 108 {
		t.Fatalf("wall of %d tiles, want the 108 of three-player riichi", len(wall))
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{2, 5}}); err != nil {
		t.Fatal(err)
	}
	d.publish(ctx, "deal")
	d.act(ctx, 0, game.Flower, "4z")
	d.passAll(ctx)
	d.act(ctx, 0, game.Draw, "")
	d.act(ctx, 0, game.Discard, "2z")
	d.passAll(ctx)
	mid := d.act(ctx, 1, game.Draw, "")

	b := startDisplayBrowser(t, bin)
	type pageSpec struct{ name, path string }
	specs := []pageSpec{
		{"centre", "/centre.html"},
		{"seat1", "/seat.html?seat=1#u=seat1&p=" + mqtttest.Password("seat1")},
		{"seat2", "/seat.html?seat=2#u=seat2&p=" + mqtttest.Password("seat2")},
		{"spectator", "/spectator.html#u=broadcast&p=" + mqtttest.Password("broadcast")},
	}
	tabs := map[string]*displayPage{}
	for _, ps := range specs {
		p, err := b.open(ctx, ps.name, srv.URL+ps.path, 1280, 720, false)
		if err != nil {
			t.Fatal(err)
		}
		tabs[ps.name] = p
	}
	shown := func(cond string) {
		t.Helper()
		for _, ps := range specs {
			if err := tabs[ps.name].until(ctx, cond); err != nil {
				t.Fatalf("%s: %v", ps.name, err)
			}
		}
	}
	eval := func(p string, js string, out any) {
		t.Helper()
		if err := tabs[p].eval(ctx, js, out); err != nil {
			t.Fatal(err)
		}
	}
	strs := func(p, js string) []string {
		t.Helper()
		var out []string
		eval(p, js, &out)
		return out
	}
	text := func(p, sel string) string {
		t.Helper()
		var s string
		eval(p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s)
		return strings.Join(strings.Fields(s), " ")
	}
	kita := func(p string, seat int) []string {
		t.Helper()
		return strs(p, fmt.Sprintf(`Array.from(document.querySelectorAll('[data-kita="%d"] [data-tile]')).map(e => e.dataset.tile)`, seat))
	}
	shown(fmt.Sprintf("window.JT && +document.body.dataset.seq >= %d", mid))

	// Three seats, winds East, South, West, 35,000 each; seat 0's north
	// beside its melds on every page.
	if got := strs("centre", `Array.from(document.querySelectorAll('main.seats.n3 > section')).map(e => e.dataset.seat)`); !slices.Equal(got, []string{"0", "1", "2"}) {
		t.Errorf("centre seats %v, want 0 1 2 in a three-column layout", got)
	}
	if got := strs("centre", `Array.from(document.querySelectorAll('main.seats > section .wind')).map(e => e.textContent)`); !slices.Equal(got, []string{"East", "South", "West"}) {
		t.Errorf("centre winds %v, want East South West", got)
	}
	for i := range 3 {
		if got := text("centre", fmt.Sprintf(`[data-seat="%d"] [data-k="score"]`, i)); got != "35,000" {
			t.Errorf("centre seat %d score %q, want 35,000", i, got)
		}
	}
	// 108 − 14 dead wall − 40 dealt = 54; the replacement for the north
	// moves one live tile into the dead wall, and seat 1 drew one.
	if got := text("centre", `[data-k="wall"]`); got != "52 tiles left" {
		t.Errorf("centre wall %q, want 52 tiles left", got)
	}
	if got := strs("spectator", `Array.from(document.querySelectorAll('main.rows.n3 > section')).map(e => e.dataset.seat)`); !slices.Equal(got, []string{"0", "1", "2"}) {
		t.Errorf("spectator rows %v, want 0 1 2", got)
	}
	for _, p := range []string{"centre", "spectator", "seat1", "seat2"} {
		if got := kita(p, 0); !slices.Equal(got, []string{"4z"}) {
			t.Errorf("%s: seat 0's kita %v, want [4z]", p, got)
		}
		if got := kita(p, 1); len(got) != 0 {
			t.Errorf("%s: seat 1's kita %v before it sets one aside", p, got)
		}
		if got := text(p, `[data-kita="0"] small`); got != "Kita" {
			t.Errorf("%s: kita label %q, want Kita", p, got)
		}
		if got := strs(p, `Array.from(document.querySelectorAll('[data-seat="3"], [data-score="3"], [data-total="3"]')).map(e => e.outerHTML.slice(0, 60))`); len(got) != 0 {
			t.Errorf("%s: a fourth seat shown: %v", p, got)
		}
	}
	// The seat page: the two others (the previous and the next player),
	// three score chips, and seat 1's kita button, not seat 2's.
	if got := strs("seat1", `Array.from(document.querySelectorAll('.board .other')).map(e => e.dataset.seat)`); !slices.Equal(got, []string{"0", "2"}) {
		t.Errorf("seat 1's page shows others %v, want 0 (previous) and 2 (next)", got)
	}
	if got := strs("seat1", `Array.from(document.querySelectorAll('[data-score]')).map(e => e.dataset.score)`); !slices.Equal(got, []string{"1", "2", "0"}) {
		t.Errorf("seat 1's score chips %v, want 1 2 0", got)
	}
	if got := strs("seat1", `Array.from(document.querySelectorAll('[data-k="kita"] [data-choice]')).map(e => e.dataset.choiceTile)`); !slices.Equal(got, []string{"4z"}) {
		t.Errorf("seat 1's kita button %v, want one for 4z", got)
	}
	if got := text("seat1", `[data-k="kita"] small`); got != "Kita" {
		t.Errorf("seat 1's kita label %q, want Kita", got)
	}
	if n := len(strs("seat1", `Array.from(document.querySelectorAll('[data-k="flower"]')).map(e => e.id)`)); n != 0 {
		t.Errorf("seat 1's page offers a flower button for a north")
	}
	if got := strs("seat2", `Array.from(document.querySelectorAll('[data-k="kita"]')).map(e => e.id)`); len(got) != 0 {
		t.Errorf("seat 2's page offers kita out of turn")
	}

	sizes := []struct {
		w, h   int
		mobile bool
	}{{800, 480, false}, {1280, 720, false}, {390, 844, true}}
	fit := func(stage string) {
		t.Helper()
		for _, ps := range specs {
			p := tabs[ps.name]
			if err := p.b.call(ctx, p.session, "Page.bringToFront", nil, nil); err != nil {
				t.Fatal(err)
			}
			for _, lang := range []string{"ja", "zh", "en"} {
				eval(ps.name, fmt.Sprintf(`document.querySelector('[data-lang="%s"]').click()`, lang), nil)
				for _, sz := range sizes {
					if err := p.resize(ctx, sz.w, sz.h, sz.mobile); err != nil {
						t.Fatal(err)
					}
					var bad []string
					eval(ps.name, clippedText, &bad)
					if len(bad) > 0 {
						where := fmt.Sprintf("%s %s %dx%d %s", stage, ps.name, sz.w, sz.h, lang)
						t.Errorf("%s: text cut off:\n  %s", where, strings.Join(bad, "\n  "))
						p.screenshot(ctx, shots, strings.ReplaceAll(where, " ", "-"))
					}
				}
			}
			eval(ps.name, `document.querySelector('[data-lang="en"]').click()`, nil)
		}
	}
	fit("sanma-mid")

	// Seat 1 presses kita on its page: the table sets the north aside and
	// every page shows it beside seat 1's melds.
	eval("seat1", `document.querySelector('[data-k="kita"] [data-choice]').click()`, nil)
	shown(`document.querySelector('[data-kita="1"]') !== null`)
	for _, p := range []string{"centre", "spectator", "seat1", "seat2"} {
		if got := kita(p, 1); !slices.Equal(got, []string{"4z"}) {
			t.Errorf("%s: seat 1's kita after the press %v, want [4z]", p, got)
		}
	}
	if h := g.Hand(); len(h.Seats[1].Flowers) != 1 {
		t.Errorf("the table holds %d norths set aside for seat 1, want 1", len(h.Seats[1].Flowers))
	}
	fit("sanma-kita")
	if t.Failed() {
		for _, ps := range specs {
			tabs[ps.name].screenshot(ctx, shots, "sanma-"+ps.name)
		}
	}
}
