package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tablesvc "jantaku/firmware/table"
	mqtable "jantaku/mqtt/table"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// timedSteps records each step with the table's (fake) time.
type timedSteps struct {
	now   func() time.Time
	steps []mqtable.Step
	at    []time.Time
}

func (r *timedSteps) NewGame() {}
func (r *timedSteps) Publish(_ context.Context, s mqtable.Step) error {
	r.steps, r.at = append(r.steps, s), append(r.at, r.now())
	return nil
}
func (r *timedSteps) Snapshot(context.Context, mqtable.Step) error { return nil }

// seededDealer shuffles as a table does, from a fixed seed.
type seededDealer struct{ rng *rand.Rand }

func (d seededDealer) Deal(_ context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	w := g.Rules().Set.Tiles()
	d.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return tablecore.Deal{Wall: w, Dice: [2]int{1 + d.rng.IntN(6), 1 + d.rng.IntN(6)}}, nil
}

// tickedGame plays one game of simulated players with a claim window
// of window on a fake clock, published through the MQTT steps: the
// table moves one tick at a time, each 100 ms after the last, until the
// game is over or limit steps are published.
func tickedGame(t *testing.T, ruleset string, window time.Duration, limit int) *timedSteps {
	t.Helper()
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	rec := &timedSteps{now: clock}
	ticks := make(chan time.Time)
	tb, err := tablesvc.New(t.Context(), tablesvc.Config{Dir: testdir.InMemory(t), Ruleset: ruleset, Simulated: []bool{true, true, true, true},
		Games: 1, ClaimWindow: window, Dealer: seededDealer{rand.New(rand.NewPCG(5, 6))},
		Publisher: &refereeSteps{pub: rec}, Now: clock, Ticks: ticks})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ran := make(chan struct{})
	go func() { defer close(ran); tb.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	for i := 0; i < 200000; i++ {
		mu.Lock()
		now = now.Add(100 * time.Millisecond) // the table's tick
		mu.Unlock()
		select {
		case ticks <- time.Time{}:
		case <-ran:
			return rec // the game is over
		}
		// The owner answers once the tick's step is done.
		hctx, hcancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-ran:
				hcancel()
			case <-hctx.Done():
			}
		}()
		_, err := tb.Health(hctx)
		hcancel()
		if err != nil || len(rec.steps) > limit {
			return rec
		}
	}
	return rec
}

type phaseView struct {
	Phase  string `json:"phase"`
	Turn   int    `json:"turn"`
	Pot    int    `json:"pot"`
	Scores []int  `json:"scores"`
	Claim  *struct {
		From int    `json:"from"`
		Tile string `json:"tile"`
	} `json:"claim"`
}

// TestClaimWindowHidesWhoCouldCall plays a game of simulated players on a
// fake clock with a 1 s claim window and checks what displays and seats
// read in real time: after every discard, whether or not some hand could
// call it, the public and seat views show the same open window on it, the
// next step comes exactly one window later, and no pass is ever public.
// A riichi declaration's deposit is paid only once its window closes, so
// the public pot and scores do not change with the declaring discard. The
// spectator view (delayed) shows which discards really had callers, so
// the test knows both kinds occurred.
func TestClaimWindowHidesWhoCouldCall(t *testing.T) {
	const window = time.Second
	rec := tickedGame(t, "riichi/tenhou", window, 3000)
	real, none := 0, 0
	riichiWith, riichiWithout := 0, 0
	for i, st := range rec.steps {
		if strings.Contains(string(st.Event), `"kind":"pass"`) {
			t.Errorf("step %d: a pass is public: %s", st.Seq, st.Event)
		}
		if st.Type != "discard" && st.Type != "riichi" {
			continue
		}
		var pub, spect phaseView
		if err := errors.Join(json.Unmarshal(st.State, &pub), json.Unmarshal(st.Spectator.State, &spect)); err != nil {
			t.Fatal(err)
		}
		if spect.Phase == "claims" {
			real++
		} else {
			none++
		}
		if st.Type == "riichi" && i > 0 {
			var before phaseView
			if err := json.Unmarshal(rec.steps[i-1].State, &before); err != nil {
				t.Fatal(err)
			}
			if pub.Pot != before.Pot || !slices.Equal(pub.Scores, before.Scores) {
				t.Errorf("step %d (riichi, callers: %v): the public pot and scores changed with the declaring discard: %d %v, before %d %v", st.Seq, spect.Phase == "claims", pub.Pot, pub.Scores, before.Pot, before.Scores)
			}
			if spect.Phase == "claims" {
				riichiWith++
			} else {
				riichiWithout++
			}
		}
		if pub.Phase != "claims" || pub.Claim == nil || pub.Turn != pub.Claim.From {
			t.Errorf("step %d (%s): public view %+v, want an open window on the discard", st.Seq, st.Type, pub)
		}
		for n, sv := range st.Seats {
			var v phaseView
			if sv.State == nil {
				continue
			}
			if err := json.Unmarshal(sv.State, &v); err != nil {
				t.Fatal(err)
			}
			if v.Phase != "claims" || v.Claim == nil || v.Turn != pub.Turn {
				t.Errorf("step %d: seat %d's view %+v, want the same window as the public's", st.Seq, n, v)
			}
		}
		if i+1 < len(rec.steps) {
			if d := rec.at[i+1].Sub(rec.at[i]); d != window {
				t.Errorf("step %d (%s, callers: %v): the next step came %v later, want the window %v", st.Seq, st.Type, spect.Phase == "claims", d, window)
			}
		}
	}
	if real == 0 || none == 0 {
		t.Fatalf("discards with callers %d, without %d: the game did not show both", real, none)
	}
	if riichiWith+riichiWithout == 0 {
		t.Fatal("no riichi was declared in the game")
	}
	t.Logf("%d steps; %d discards with a possible call, %d without; riichi %d with, %d without", len(rec.steps), real, none, riichiWith, riichiWithout)
}

// TestPublicNumbersCountNoPasses: passes are private, so they must not show
// in the public numbering either: the public events of a game are numbered
// 1, 2, 3... without gaps (a gap would count the seats that passed when a
// call waited for their answers), no public step is named after a pass,
// and the passes still reach the spectators.
func TestPublicNumbersCountNoPasses(t *testing.T) {
	rec := tickedGame(t, "riichi/tenhou", time.Second, 3000)
	type batch struct {
		Events []struct {
			Seq    uint64 `json:"seq"`
			Type   string `json:"type"`
			Action *struct {
				Kind string `json:"kind"`
			} `json:"action"`
		} `json:"events"`
	}
	next, spectPasses := uint64(1), 0
	for _, st := range rec.steps {
		if st.Type == "pass" {
			t.Errorf("step %d is public as a pass", st.Seq)
		}
		var pub, spect batch
		if err := errors.Join(json.Unmarshal(st.Event, &pub), json.Unmarshal(st.Spectator.Event, &spect)); err != nil {
			t.Fatal(err)
		}
		if len(pub.Events) == 0 {
			t.Errorf("step %d (%s) has no public event", st.Seq, st.Type)
		}
		for _, e := range pub.Events {
			if e.Seq != next {
				t.Errorf("step %d: public event %s numbered %d, want %d", st.Seq, e.Type, e.Seq, next)
			}
			next = e.Seq + 1
		}
		if next-1 != st.Seq {
			t.Errorf("step %d: its last public event is %d", st.Seq, next-1)
		}
		for _, e := range spect.Events {
			if e.Action != nil && e.Action.Kind == "pass" {
				spectPasses++
			}
		}
	}
	if spectPasses == 0 {
		t.Fatal("nobody passed in the game: the test proves nothing")
	}
	t.Logf("%d steps, %d passes seen by the spectators only", len(rec.steps), spectPasses)
}

// wallDealer deals one fixed wall.
type wallDealer struct{ wall []tile.Tile }

func (d wallDealer) Deal(context.Context, *tablecore.Game) (tablecore.Deal, error) {
	return tablecore.Deal{Wall: slices.Clone(d.wall), Dice: [2]int{3, 4}}, nil
}

// peopleTable is a table of four people on a fake clock with a 1 s claim
// window, dealt a fixed wall and published through the MQTT steps; the
// test moves its clock and sends its ticks.
type peopleTable struct {
	t     *testing.T
	mu    sync.Mutex
	now   time.Time
	rec   *timedSteps
	tb    *tablesvc.Table
	ticks chan time.Time
}

// newPeopleTable deals hands (and draws, the tiles drawn after them, as
// tablecoretest.Wall takes them) under options laid over riichi/tenhou.
func newPeopleTable(t *testing.T, hands []string, draws string, options json.RawMessage) *peopleTable {
	t.Helper()
	rules, err := rulesets.New("riichi/tenhou", options)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rules.Rules().Set, hands, draws, "")
	if err != nil {
		t.Fatal(err)
	}
	p := &peopleTable{t: t, now: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC), ticks: make(chan time.Time)}
	p.rec = &timedSteps{now: p.clock}
	p.tb, err = tablesvc.New(t.Context(), tablesvc.Config{Dir: testdir.InMemory(t), Ruleset: "riichi/tenhou", Options: options,
		Simulated: []bool{false, false, false, false}, ClaimWindow: time.Second, Dealer: wallDealer{w},
		Publisher: &refereeSteps{pub: p.rec}, Now: p.clock, Ticks: p.ticks})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	ran := make(chan struct{})
	go func() { defer close(ran); p.tb.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-ran; p.tb.Close() })
	return p
}

func (p *peopleTable) clock() time.Time { p.mu.Lock(); defer p.mu.Unlock(); return p.now }

// advance moves the table's clock on by d.
func (p *peopleTable) advance(d time.Duration) {
	p.mu.Lock()
	p.now = p.now.Add(d)
	p.mu.Unlock()
}

// tick makes the table take one step and waits until it has.
func (p *peopleTable) tick() {
	p.t.Helper()
	p.ticks <- time.Time{}
	if _, err := p.tb.Health(p.t.Context()); err != nil { // answered once the step is done
		p.t.Fatal(err)
	}
}

// say sends seat's command of type typ with the arguments args (JSON).
func (p *peopleTable) say(seat int, typ, args string) error {
	c := tablesvc.Command{Type: typ, Seat: seat}
	if args != "" {
		c.Args = json.RawMessage(args)
	}
	return p.tb.Handle(p.t.Context(), c)
}

func (p *peopleTable) view(seat int) tablecore.View {
	p.t.Helper()
	v, err := p.tb.View(p.t.Context(), seat)
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

// callScene is one discard of 9p by the dealer at a table of four people.
type callScene struct {
	declare  string // "discard" or "riichi"
	chi      bool   // seat 1 holds 7p 8p and may chi it
	ronHand  bool   // seat 3 waits on it (tanki, with a chun triplet)
	pon, ron bool   // seat 2 (9p 9p) says pon 300 ms after it, seat 3 ron 600 ms after
	noPair   bool   // seat 2 holds one 9p, not two
	late     bool   // seat 2 says pon 200 ms after the window's end
	// seat 1 waits on it too (a hatsu triplet) and says ron 300 ms after
	// it; head bump lets only the first seat after the discarder win.
	ron1Hand, ron1, headBump bool
}

// played is what a callScene published after the discard, with the times
// from it; contested: the referee waited for a seat other than 2 to
// answer; pass1: seat 1's answer to a pass 100 ms after the discard.
type played struct {
	steps     []mqtable.Step
	at        []time.Duration
	contested bool
	pass1     error
}

// play deals the scene's hands, plays it with a 100 ms tick and returns
// the steps published after the discard.
func (c callScene) play(t *testing.T) (p played) {
	t.Helper()
	seat1, seat3 := "147m258s136p2345z", "777z234s567s345p1p"
	if c.chi {
		seat1 = "147m258s78p12345z"
	}
	if c.ron1Hand {
		seat1 = "666z234p678s789m9p"
	}
	if c.ronHand {
		seat3 = "777z234s567s345p9p"
	}
	seat2 := "99p147s258m36p567z"
	if c.noPair {
		seat2 = "19p147s258m36p567z"
	}
	var options json.RawMessage
	if c.headBump {
		options = json.RawMessage(`{"multiple_ron":"atamahane"}`)
	}
	tb := newPeopleTable(t, []string{"123m456m789m123s9p1z", seat1, seat2, seat3}, "", options)
	tb.tick() // the deal
	tb.advance(100 * time.Millisecond)
	discarded, first := tb.clock(), len(tb.rec.steps)
	typ, args := "ok", `{"kind":"discard","tile":"9p"}`
	if c.declare == "riichi" {
		typ, args = "riichi", `{"tile":"9p"}`
	}
	if err := tb.say(0, typ, args); err != nil {
		t.Fatalf("the dealer's %s of 9p: %v", c.declare, err)
	}
	if tb.view(tablecore.Spectators).Phase == "claims" {
		for _, seat := range []int{1, 3} {
			p.contested = p.contested || slices.ContainsFunc(tb.view(seat).Legal, func(a tablecore.ActionView) bool { return a.Kind != "draw" })
		}
	}
	must := func(seat int, typ string) {
		if err := tb.say(seat, typ, ""); err != nil {
			t.Fatalf("seat %d's %s: %v", seat, typ, err)
		}
	}
	for k := 1; k <= 20; k++ {
		tb.advance(100 * time.Millisecond)
		if k == 1 {
			p.pass1 = tb.say(1, "pass", "")
		}
		if k == 3 && c.pon || k == 12 && c.late {
			must(2, "pon")
		}
		if k == 3 && c.ron1 {
			must(1, "win")
		}
		if k == 6 && c.ron {
			must(3, "win")
		}
		tb.tick()
	}
	for i := first + 1; i < len(tb.rec.steps); i++ {
		p.steps, p.at = append(p.steps, tb.rec.steps[i]), append(p.at, tb.rec.at[i].Sub(discarded))
	}
	return p
}

// TestClaimWindowPlaysACallAtItsEnd: a person's pon is played, and published,
// exactly when the claim window ends, in one step that reads the same
// whether nobody else could answer the discard, seat 1 could chi it or
// seat 3 could win on it (and said nothing): the moment and the payload
// of a call tell no one what the other hands could do. The same holds for
// a riichi declaration, whose deposit is paid with the call.
func TestClaimWindowPlaysACallAtItsEnd(t *testing.T) {
	for _, declare := range []string{"discard", "riichi"} {
		t.Run(declare, func(t *testing.T) {
			var want json.RawMessage
			for _, c := range []callScene{
				{declare: declare, pon: true},
				{declare: declare, pon: true, chi: true},
				{declare: declare, pon: true, ronHand: true},
			} {
				p := c.play(t)
				steps, at := p.steps, p.at
				if p.contested != (c.chi || c.ronHand) {
					t.Fatalf("%+v: the referee waited for another seat: %v", c, p.contested)
				}
				if len(steps) != 1 || at[0] != time.Second || steps[0].Type != "pon" {
					var got []string
					for i, st := range steps {
						got = append(got, fmt.Sprintf("%s at %v", st.Type, at[i]))
					}
					t.Fatalf("%+v: after the discard %v were published, want one pon when the window ends (1s)", c, got)
				}
				var v phaseView
				if err := json.Unmarshal(steps[0].State, &v); err != nil {
					t.Fatal(err)
				}
				if v.Phase != "act" || v.Turn != 2 {
					t.Errorf("%+v: after the pon the public view is %+v, want seat 2 to act", c, v)
				}
				if declare == "riichi" && (v.Pot != 1000 || v.Scores[0] != 24000) {
					t.Errorf("%+v: the riichi deposit was not paid with the call: %+v", c, v)
				}
				if want == nil {
					want = steps[0].Event
				} else if string(steps[0].Event) != string(want) {
					t.Errorf("%+v: the public event of the pon is %s, without other callers %s", c, steps[0].Event, want)
				}
			}
		})
	}
}

// TestClaimWindowRonOverPon: seat 2 says pon, then seat 3 ron on the
// same discard: the win is played when the window ends, not before, and
// not the pon, which shows nowhere public: the step reads as it does when
// seat 3 alone answers (seat 2 held 9p 9p, which no one is to learn).
func TestClaimWindowRonOverPon(t *testing.T) {
	alone := callScene{declare: "discard", ronHand: true, ron: true}.play(t)
	p := callScene{declare: "discard", ronHand: true, pon: true, ron: true}.play(t)
	steps, at := p.steps, p.at
	if len(steps) == 0 || at[0] != time.Second {
		t.Fatalf("after the discard %d steps, the first at %v, want the win when the window ends (1s)", len(steps), at)
	}
	var b struct {
		Events []struct {
			Type   string `json:"type"`
			Seat   *int   `json:"seat"`
			Action *struct {
				Kind string `json:"kind"`
			} `json:"action"`
		} `json:"events"`
	}
	if err := json.Unmarshal(steps[0].Event, &b); err != nil {
		t.Fatal(err)
	}
	won := false
	for _, e := range b.Events {
		won = won || e.Type == "win" && e.Seat != nil && *e.Seat == 3
		if e.Type == "claimed" && e.Action != nil && e.Action.Kind != "ron" {
			t.Errorf("a %s was played over the ron: %s", e.Action.Kind, steps[0].Event)
		}
	}
	if !won {
		t.Errorf("the step when the window ends is not seat 3's win: %s", steps[0].Event)
	}
	if len(alone.steps) == 0 || string(alone.steps[0].Event) != string(steps[0].Event) || alone.at[0] != at[0] {
		t.Errorf("the win over seat 2's pon reads %s, the win alone %v", steps[0].Event, alone.steps)
	}
	if ev := string(steps[0].Spectator.Event); !strings.Contains(ev, `"seat":2,"action":{"kind":"pass"`) {
		t.Errorf("the spectators do not see seat 2 pass: %s", ev)
	}
}

// TestClaimWindowLateCallSettlesAtOnce: a call made once the window has
// ended (before the next draw) is played at once, in one step, whether or
// not another seat could still answer: the others pass.
func TestClaimWindowLateCallSettlesAtOnce(t *testing.T) {
	var want json.RawMessage
	for _, c := range []callScene{{late: true}, {late: true, ronHand: true}, {late: true, chi: true}} {
		p := c.play(t)
		if len(p.steps) != 1 || p.at[0] != 1200*time.Millisecond || p.steps[0].Type != "pon" {
			t.Fatalf("%+v: after the discard %d steps at %v, want one pon when it is said (1.2s)", c, len(p.steps), p.at)
		}
		if want == nil {
			want = p.steps[0].Event
		} else if string(p.steps[0].Event) != string(want) {
			t.Errorf("%+v: the public event of the pon is %s, without other callers %s", c, p.steps[0].Event, want)
		}
	}
}

// TestClaimWindowHeadBumpedWinIsPrivate: with head bump, seats 1 and 3
// both say ron on the dealer's discard; seat 1, first after the dealer,
// wins when the window ends, and the public step reads as when seat 1
// alone says ron: seat 3's win that was not to be shows nowhere public.
func TestClaimWindowHeadBumpedWinIsPrivate(t *testing.T) {
	both := callScene{declare: "discard", noPair: true, headBump: true, ron1Hand: true, ron1: true, ronHand: true, ron: true}.play(t)
	alone := callScene{declare: "discard", noPair: true, headBump: true, ron1Hand: true, ron1: true, ronHand: true}.play(t)
	if len(both.steps) == 0 || both.at[0] != time.Second || len(alone.steps) == 0 || alone.at[0] != time.Second {
		t.Fatalf("the wins came at %v and %v, want when the window ends (1s)", both.at, alone.at)
	}
	if !strings.Contains(string(both.steps[0].Event), `"type":"win","hand":0,"seat":1`) {
		t.Errorf("seat 1 did not win: %s", both.steps[0].Event)
	}
	if string(both.steps[0].Event) != string(alone.steps[0].Event) {
		t.Errorf("with seat 3's ron the public step reads %s, without it %s", both.steps[0].Event, alone.steps[0].Event)
	}
}

// robKong plays, at a table of four people (1 s window, 100 ms tick), a
// hand where seat 2 pons the dealer's 9p, draws the last 9p four discards
// later and adds it to the pon. robHand gives seat 3 a hand that wins on
// 9p (7p 8p, robbing the kong), ron has it say so 300 ms after the kong,
// else seat 2 draws its replacement 500 ms after the kong (too early) and
// again at 1 s. It returns what was published after the kong, with the
// times from it, and whether the referee opened a window.
func robKong(t *testing.T, robHand, ron bool) (p played) {
	t.Helper()
	seat3 := "777z234s567s345p1p"
	if robHand {
		seat3 = "777z234s567s11m78p"
	}
	tb := newPeopleTable(t, []string{"123m456m789m123s9p1z", "147m258s136p2345z", "99p147s258m36p567z", seat3}, "9s9m8m9p", nil)
	tick := func(n int) {
		for range n {
			tb.advance(100 * time.Millisecond)
			tb.tick()
		}
	}
	must := func(seat int, typ, args string) {
		if err := tb.say(seat, typ, args); err != nil {
			t.Fatalf("seat %d %s %s: %v", seat, typ, args, err)
		}
	}
	tb.tick() // the deal
	must(0, "ok", `{"kind":"discard","tile":"9p"}`)
	must(2, "pon", "")
	tick(10)
	must(2, "ok", `{"kind":"discard","tile":"5z"}`)
	for i, seat := range []int{3, 0, 1} {
		tick(10)
		must(seat, "ok", `{"kind":"draw"}`)
		must(seat, "ok", fmt.Sprintf(`{"kind":"discard","tile":"%s"}`, []string{"9s", "9m", "8m"}[i]))
	}
	tick(10)
	must(2, "ok", `{"kind":"draw"}`)
	must(2, "kan", `{"tile":"9p"}`)
	kong, first := tb.clock(), len(tb.rec.steps)-1 // from the kong's own step
	if v := tb.view(tablecore.Spectators); v.Phase == "claims" && v.Claim != nil && v.Claim.Robbing {
		p.contested = true
	}
	for k := 1; k <= 12; k++ {
		tb.advance(100 * time.Millisecond)
		switch {
		case k == 3 && ron:
			must(3, "win", "")
		case k == 5 && !ron:
			if err := tb.say(2, "ok", `{"kind":"draw"}`); !errors.Is(err, tablesvc.ErrBusy) {
				t.Errorf("the replacement draw inside the window: %v, want busy", err)
			}
		case k == 10 && !ron:
			must(2, "ok", `{"kind":"draw"}`)
		}
		tb.tick()
	}
	for i := first; i < len(tb.rec.steps); i++ {
		p.steps, p.at = append(p.steps, tb.rec.steps[i]), append(p.at, tb.rec.at[i].Sub(kong))
	}
	return p
}

// TestClaimWindowOnAnAddedKong: after a tile added to a kong, the
// replacement draw waits out the window and comes at the same moment, in
// the same public step, whether or not seat 3 could rob the kong; a robbing
// win is played when the window ends.
func TestClaimWindowOnAnAddedKong(t *testing.T) {
	could, none := robKong(t, true, false), robKong(t, false, false)
	if !could.contested || none.contested {
		t.Fatalf("a robbing window opened with seat 3's wait: %v, without: %v", could.contested, none.contested)
	}
	for _, p := range []played{could, none} {
		if len(p.steps) != 2 || p.steps[0].Type != "kakan" || p.at[0] != 0 || p.at[1] != time.Second {
			var got []string
			for i, st := range p.steps {
				got = append(got, fmt.Sprintf("%s at %v", st.Type, p.at[i]))
			}
			t.Fatalf("after the kong %v, want it and the replacement draw when the window ends (1s)", got)
		}
	}
	for i := range could.steps {
		if a, b := string(could.steps[i].Event), string(none.steps[i].Event); a != b {
			t.Errorf("step %d reads %s when seat 3 could rob the kong, %s when not", i, a, b)
		}
	}
	robbed := robKong(t, true, true)
	if len(robbed.steps) < 2 || robbed.at[1] != time.Second || !strings.Contains(string(robbed.steps[1].Event), `"type":"win","hand":0,"seat":3`) {
		t.Errorf("the robbing win: %d steps at %v, want seat 3's win when the window ends (1s)", len(robbed.steps), robbed.at)
	}
}
