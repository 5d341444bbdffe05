package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/mqtt/command"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/referee"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// choiceTable records the seats' choose commands.
type choiceTable struct {
	mu  sync.Mutex
	got []command.Command
}

func (c *choiceTable) Handle(_ context.Context, cmd command.Command) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, cmd)
	return nil
}

// TestDisplaySeatChoice: when the table's sensing reads a movement of
// seat 0's tiles two ways, seat 0's page asks which it meant, one button
// per reading in the page's language, and a press sends the reading's
// index as a choose command. Seat 2's page, the centre screen and the
// spectators' view do not show it.
func TestDisplaySeatChoice(t *testing.T) {
	bin := requireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard, not a measure
	defer cancel()
	rs := displayRuleset{tablecoretest.New()}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	h := &choiceTable{}
	pub, web := startDisplayRig(t, ctx, h)

	hands := []string{"123m456m789m555p19s", "111z222z333z444z5z", "123p456p789p56s77s", "555z666z777z99s13s"}
	wall, err := tablecoretest.Wall(rs.R.Set, hands, "3z8m1z9m2z4s", "")
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.StartHand(tablecore.Deal{Wall: wall, Dice: [2]int{3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	five := tile.MustParse("5p")[0]
	var ch referee.Choices
	ch[0] = []game.Action{
		{Kind: game.Pon, Seat: 0, Tile: five, Uses: []tile.Tile{five, five}},
		{Kind: game.OpenKan, Seat: 0, Tile: five, Uses: []tile.Tile{five, five, five}},
	}
	st, err := referee.StepChoosing(g, evs, time.Now(), &ch)
	if err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, st); err != nil {
		t.Fatal(err)
	}

	b := startDisplayBrowser(t, bin)
	open := func(name, path string) *displayPage {
		p, err := b.open(ctx, name, web.URL+path, 412, 915, true)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.until(ctx, fmt.Sprintf("document.body && +document.body.dataset.seq >= %d", st.Seq)); err != nil {
			t.Fatal(err)
		}
		return p
	}
	seat0 := open("seat0", "/seat.html?seat=0#u=seat0&p="+mqtttest.Password("seat0"))
	seat2 := open("seat2", "/seat.html?seat=2#u=seat2&p="+mqtttest.Password("seat2"))
	centre := open("centre", "/centre.html")
	spect := open("spectator", "/spectator.html#u=broadcast&p="+mqtttest.Password("broadcast"))

	var prompt struct {
		Text  string
		Kinds []string
		Tiles [][]string
	}
	js := `(() => { const p = document.querySelector('[data-k="choices"]'); if (!p) return {text: "", kinds: [], tiles: []};
		const bs = Array.from(p.querySelectorAll("[data-reading]"));
		return {text: p.textContent, kinds: bs.map(b => b.dataset.kind), tiles: bs.map(b => Array.from(b.querySelectorAll("[data-tile]")).map(e => e.dataset.tile))}; })()`
	if err := seat0.eval(ctx, js, &prompt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(prompt.Text, "Which did you mean?") || !strings.Contains(prompt.Text, "Pon") || !strings.Contains(prompt.Text, "Kan") {
		t.Errorf("seat 0's prompt %q, want Which did you mean? Pon … Kan …", prompt.Text)
	}
	if !slices.Equal(prompt.Kinds, []string{"pon", "kan"}) || len(prompt.Tiles) != 2 || len(prompt.Tiles[0]) != 3 || len(prompt.Tiles[1]) != 4 {
		t.Errorf("seat 0's readings %v %v, want pon of three 5p and kan of four", prompt.Kinds, prompt.Tiles)
	}
	for _, p := range []*displayPage{seat2, centre, spect} {
		var n int
		if err := p.eval(ctx, `document.querySelectorAll('[data-k="choices"], [data-reading]').length`, &n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s shows seat 0's readings", p.name)
		}
	}
	// In Japanese, the question and the calls' names follow.
	if err := seat0.eval(ctx, `document.querySelector('[data-lang="ja"]').click()`, nil); err != nil {
		t.Fatal(err)
	}
	if err := seat0.eval(ctx, js, &prompt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(prompt.Text, "どちらのつもりでしたか") || !strings.Contains(prompt.Text, "ポン") || !strings.Contains(prompt.Text, "カン") {
		t.Errorf("seat 0's prompt in Japanese %q", prompt.Text)
	}

	// The question and its buttons fit a phone and the table's screen in
	// every language.
	for _, lang := range []string{"ja", "zh", "en"} {
		if err := seat0.eval(ctx, fmt.Sprintf(`document.querySelector('[data-lang="%s"]').click()`, lang), nil); err != nil {
			t.Fatal(err)
		}
		for _, sz := range []struct {
			w, h   int
			mobile bool
		}{{390, 844, true}, {800, 480, false}} {
			if err := seat0.resize(ctx, sz.w, sz.h, sz.mobile); err != nil {
				t.Fatal(err)
			}
			var bad []string
			if err := seat0.eval(ctx, clippedText, &bad); err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Errorf("seat 0 with readings %dx%d %s: text cut off:\n  %s", sz.w, sz.h, lang, strings.Join(bad, "\n  "))
			}
		}
	}

	if err := seat0.eval(ctx, `document.querySelector('[data-reading="1"]').click()`, nil); err != nil {
		t.Fatal(err)
	}
	if err := seat0.until(ctx, `(JT.metrics.replies || 0) >= 1`); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.got) != 1 || h.got[0].Type != "choose" || h.got[0].Seat != 0 || string(h.got[0].Args) != `{"choice":1}` {
		t.Fatalf("the table got %+v, want seat 0's choose {\"choice\":1}", h.got)
	}
	var args struct{ Choice int }
	if err := json.Unmarshal(h.got[0].Args, &args); err != nil || args.Choice != 1 {
		t.Errorf("choice %s: %v", h.got[0].Args, err)
	}
}
