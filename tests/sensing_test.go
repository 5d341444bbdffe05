package tests

import (
	"context"
	"errors"
	"fmt"
	"io"
	"jantaku/firmware/sensing/sensingtest"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// sensingRulesets returns every ruleset family there is, and the test
// ruleset with flowers (exposures and tail replacements).
func sensingRulesets() map[string]func() (game.Ruleset, error) {
	out := map[string]func() (game.Ruleset, error){
		"test+flowers": func() (game.Ruleset, error) {
			rs := tablecoretest.New()
			rs.R.Flowers = true
			rs.R.Set = tile.WithFlowers()
			return rs, nil
		},
	}
	for _, n := range rulesets.Names() {
		if !strings.Contains(n, "/") {
			out[n] = func() (game.Ruleset, error) { return rulesets.New(n, nil) }
		}
	}
	return out
}

// sensingBuild is the proof's ruleset of that name, or a preset by its
// name (riichi/sanma).
func sensingBuild(name string) (func() (game.Ruleset, error), error) {
	if b := sensingRulesets()[name]; b != nil {
		return b, nil
	}
	if _, err := rulesets.New(name, nil); err != nil {
		return nil, err
	}
	return func() (game.Ruleset, error) { return rulesets.New(name, nil) }, nil
}

// sensedHand is what sensing made of one simulated hand.
type sensedHand struct {
	truth, sensed   []game.Action
	false, missed   int
	anomalies       []*sensing.Anomaly
	ambiguous       int
	placeToAccept   []time.Duration // the last tile down (or press) → accepted
	decisiveToAcc   []time.Duration // the decisive read → accepted
	readyToAccept   []time.Duration // the later of the last tile down and the action before's acceptance → accepted
	kinds           []game.Kind     // the kind of each action of placeToAccept
	inFloors        []float64       // placed→accepted over the floor of the zone it landed in, for placed actions
	readyInFloors   []float64       // ready→accepted over that floor
	processing      durations       // real time to process a read, sampled
	mistakes        []players.Mistake
	truthOver, over bool
	reads           int
	frames          int                            // SPI frames the zones' readers sent (held fields)
	played          time.Duration                  // from the deal to the hand's end, with frames
	multi           bool                           // played by several readers (playReaders)
	readTime        map[sensing.Area]time.Duration // reader time spent per kind of zone
	slow            []string                       // actions over JANTAKU_SENSING_SLOW floors, placed→accepted
	void            error                          // the truth referee made the hand unplayable
}

// acc is an action sensing accepted, when, and the read that decided it.
type acc struct {
	a            game.Action
	at, decisive time.Time
	floor        time.Duration // one full inventory of the zone it landed in (0: pressed, not placed)
}

// playHand plays one hand with simulated players on a simulated surface
// and a sensing pipeline feeding a referee of its own; the players' truth
// referee is the ground truth.
func playHand(t testing.TB, build func() (game.Ruleset, error), cfg players.Config) sensedHand {
	return playHandDiag(t, build, cfg, nil)
}

// playHandDiag is playHand telling diag (if not nil) everything: the
// players' moves and presses, every read, what sensing did.
func playHandDiag(t testing.TB, build func() (game.Ruleset, error), cfg players.Config, diag io.Writer) sensedHand {
	ctx := context.Background()
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	cfg.Ruleset = build
	if diag != nil {
		cfg.Trace = func(at time.Time, what string) { fmt.Fprintf(diag, "%s player %s\n", at.Format("15:04:05.000"), what) }
	}
	tb, err := players.New(cfg, start)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := build()
	if err != nil {
		t.Fatal(err)
	}
	g, walls, err := sensingtest.Deal(tb, rs)
	if err != nil {
		t.Fatal(err)
	}
	scfg := sensing.Config{Held: os.Getenv("JANTAKU_SENSING_READERS") == "zone-quiet"}
	if diag != nil {
		scfg.Logger = slog.New(slog.NewTextHandler(diag, &slog.HandlerOptions{Level: slog.LevelDebug,
			ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			}}))
	}
	sn := sensing.New(scfg, sensing.GameReferee(g))
	sn.StartHand(sensing.Layout{Tags: tb.Tags(), Walls: walls})
	sched := sensing.NewSchedule(sensing.TableZones(rs.Rules().Players))

	res := sensedHand{readTime: map[sensing.Area]time.Duration{}}
	var accepted []acc
	var passed []time.Time // when passes were accepted: a claim window's end
	fl := newFloors(tb)
	take := func(outs []sensing.Output) {
		for _, o := range outs {
			switch o := o.(type) {
			case *sensing.Accepted:
				if o.Action.Kind == game.Pass {
					passed = append(passed, o.At)
				} else {
					a := acc{a: o.Action, at: o.At, decisive: o.Decisive}
					if z, ok := landing(o.Action); ok {
						a.floor = fl.of(len(tb.Surface().Tags(z.String())))
					}
					accepted = append(accepted, a)
				}
			case *sensing.Anomaly:
				res.anomalies = append(res.anomalies, o)
			case *sensing.Ambiguous:
				res.ambiguous++
				if diag != nil {
					fmt.Fprintln(diag, "ambiguous:", o.Options)
				}
			}
		}
	}
	now := start
	var end handEnd
	if os.Getenv("JANTAKU_SENSING_READERS") == "zone-quiet" {
		playQuiet(t, tb, sn, g, sensing.TableZones(rs.Rules().Players), now, &res, diag, take)
	} else if groups := proofReaders(t, rs.Rules().Players); groups != nil {
		playReaders(t, tb, sn, g, groups, now, &res, diag, take)
	}
	for !res.multi {
		for _, p := range tb.Advance(now) {
			take(sn.Declare(ctx, press(p)))
		}
		if end.over(tb, g, now) {
			break
		}
		if now.Sub(start) > 4*time.Hour {
			t.Fatalf("seed %d: the hand runs for ever", cfg.Seed)
		}
		sched.Focus(sn.Focus())
		z := sched.Next(now)
		uids, cost := tb.Surface().Inventory(z.String())
		now = now.Add(cost)
		sched.Done(z, now)
		res.reads++
		res.readTime[z.Area] += cost
		if diag != nil {
			var ts []string
			for _, u := range uids {
				tl := tb.Tags()[u]
				ts = append(ts, fmt.Sprintf("%s.%d", tl, tl.Copy))
			}
			fmt.Fprintf(diag, "%s read %s %v\n", now.Format("15:04:05.000"), z, ts)
		}
		t0 := time.Now()
		outs := sn.Observe(ctx, sensing.Read{Zone: z, At: now, UIDs: uids})
		outs = append(outs, sn.Tick(ctx, now)...)
		res.processing.add(time.Since(t0))
		take(outs)
	}
	if err := tb.Err(); errors.Is(err, players.ErrTakenTile) {
		res.void = err
		return res
	} else if err != nil {
		t.Fatalf("seed %d: %v", cfg.Seed, err)
	}
	log := tb.Log()
	for _, r := range log {
		res.truth = append(res.truth, r.Action)
	}
	for _, a := range accepted {
		res.sensed = append(res.sensed, a.a)
	}
	tn, sn2 := canonical(res.truth), canonical(res.sensed)
	l := lcs(tn, sn2)
	res.false, res.missed = len(sn2)-l, len(tn)-l
	slow := slowFloors(t)
	if res.false == 0 && res.missed == 0 {
		// An action the referee takes only after the one before it, and
		// after the claim window before it has closed (a pass), cannot
		// be accepted before that: ready is when the sensor could first
		// have accepted it.
		var prev time.Time
		for i, a := range accepted {
			ready := log[i].Done
			if prev.After(ready) {
				ready = prev
			}
			for _, p := range passed {
				if !p.After(a.at) && p.After(ready) {
					ready = p
				}
			}
			if a.at.After(prev) {
				prev = a.at
			}
			if tn[i].Kind == game.Missing || tn[i].Kind == game.Ron {
				continue // simultaneous: order normalised
			}
			res.placeToAccept = append(res.placeToAccept, a.at.Sub(log[i].Done))
			res.decisiveToAcc = append(res.decisiveToAcc, a.at.Sub(a.decisive))
			res.readyToAccept = append(res.readyToAccept, a.at.Sub(ready))
			res.kinds = append(res.kinds, tn[i].Kind)
			if a.floor > 0 {
				f := float64(a.at.Sub(log[i].Done)) / float64(a.floor)
				res.inFloors = append(res.inFloors, f)
				res.readyInFloors = append(res.readyInFloors, float64(a.at.Sub(ready))/float64(a.floor))
				if slow > 0 && f > slow {
					res.slow = append(res.slow, fmt.Sprintf("action %d %v: placed %s, ready %s, decisive read %s, accepted %s: %.1f floors of %v",
						i, tn[i], log[i].Done.Format("15:04:05.000"), ready.Format("15:04:05.000"), a.decisive.Format("15:04:05.000"), a.at.Format("15:04:05.000"), f, a.floor))
				}
			}
		}
	}
	res.mistakes = tb.Mistakes()
	res.truthOver = tb.Truth().Hand().Phase == game.Over
	res.over = g.Hand().Phase == game.Over
	return res
}

// playReaders is playHandDiag's loop with several surface readers
// reading at once, each over its group of zones with a schedule of its
// own, in lockstep frames (players.Readers) unless
// JANTAKU_SENSING_READERS=seat-free; the reads go to the sensor in the
// order they end.
func playReaders(t testing.TB, tb *players.Table, sn *sensing.Sensor, g *tablecore.Game, groups [][]sensing.Zone, now time.Time, res *sensedHand, diag io.Writer, take func([]sensing.Output)) {
	ctx := context.Background()
	start := now
	res.multi = true
	rs := players.NewReaders(tb.Surface(), len(groups), !strings.HasSuffix(os.Getenv("JANTAKU_SENSING_READERS"), "-free"), now)
	scheds := make([]*sensing.Schedule, len(groups))
	begin := func(i int) {
		scheds[i].Focus(sn.Focus())
		if err := rs.Start(i, scheds[i].Next(now).String(), now); err != nil {
			t.Fatal(err)
		}
	}
	tb.Advance(now)
	for i, zs := range groups {
		scheds[i] = sensing.NewSchedule(zs)
		begin(i)
	}
	var end handEnd
	for {
		rd, ok := rs.Next()
		if !ok {
			t.Fatal("no reader is reading")
		}
		now = rd.End
		if end.reached(t, tb, sn, g, start, now, take) {
			return
		}
		z, err := sensing.ParseZone(rd.Zone)
		if err != nil {
			t.Fatal(err)
		}
		scheds[rd.Reader].Done(z, now)
		res.reads++
		res.readTime[z.Area] += rd.End.Sub(rd.Start)
		if diag != nil {
			var ts []string
			for _, u := range rd.UIDs {
				tl := tb.Tags()[u]
				ts = append(ts, fmt.Sprintf("%s.%d", tl, tl.Copy))
			}
			fmt.Fprintf(diag, "%s read %s (reader %d, from %s) %v\n", now.Format("15:04:05.000"), z, rd.Reader, rd.Start.Format("15:04:05.000"), ts)
		}
		t0 := time.Now()
		outs := sn.Observe(ctx, sensing.Read{Zone: z, At: now, UIDs: rd.UIDs})
		outs = append(outs, sn.Tick(ctx, now)...)
		res.processing.add(time.Since(t0))
		take(outs)
		begin(rd.Reader)
	}
}

// handEnd tells when a proof hand is over: the referee says so, or the
// players have had nothing left to do for 20 s of simulated time.
type handEnd struct{ idle time.Time }

func (e *handEnd) over(tb *players.Table, g *tablecore.Game, now time.Time) bool {
	if !tb.Done() {
		return false
	}
	if e.idle.IsZero() {
		e.idle = now
	}
	return g.Hand().Phase == game.Over || now.Sub(e.idle) > 20*time.Second
}

// reached moves the players on to now, hands their presses to the
// sensor, and reports whether the hand is over; a hand of more than four
// hours of simulated time fails the test.
func (e *handEnd) reached(t testing.TB, tb *players.Table, sn *sensing.Sensor, g *tablecore.Game, start, now time.Time, take func([]sensing.Output)) bool {
	// No t.Helper: it is asked after every read, and finding its caller
	// costs more than the read's processing.
	for _, p := range tb.Advance(now) {
		take(sn.Declare(context.Background(), press(p)))
	}
	if e.over(tb, g, now) {
		return true
	}
	if now.Sub(start) > 4*time.Hour {
		t.Fatalf("the hand runs for ever")
	}
	return false
}

// press is the sensing declaration of a player's press.
func press(p players.Press) sensing.Declaration {
	d := sensing.Declaration{Seat: p.Seat, At: p.At, Suit: p.Suit}
	switch p.Kind {
	case players.PressWin:
		d.Kind = sensing.DeclareWin
	case players.PressRiichi:
		d.Kind = sensing.DeclareRiichi
	case players.PressMissing:
		d.Kind = sensing.DeclareMissing
	}
	return d
}

// proofReaders is how the proof's surface is read: nil for one surface
// reader over every zone (the default profile), or with
// JANTAKU_SENSING_READERS=seat (or seat-free) the zones of each reader of
// the reader-per-seat profile (profile.PerSeat), for a table of players
// seats.
func proofReaders(t testing.TB, seats int) [][]sensing.Zone {
	switch v := os.Getenv("JANTAKU_SENSING_READERS"); v {
	case "":
		return nil
	case "seat", "seat-free":
		return seatReaderZones(t, seats)
	case "area", "area-free":
		return areaReaderZones(seats)
	case "zone", "zone-free":
		// A reader per zone, each reading its zone back to back: the
		// best full inventories allow (docs/benchmarks.md, "What a full
		// inventory allows").
		var out [][]sensing.Zone
		for _, z := range sensing.TableZones(seats) {
			out = append(out, []sensing.Zone{z})
		}
		return out
	default:
		t.Fatalf("JANTAKU_SENSING_READERS=%q: want seat, area or zone, each optionally -free, or zone-quiet, or leave it unset for one reader", v)
		return nil
	}
}

// seatReaderZones groups the zones of a table of seats seats by their
// reader in the reader-per-seat profile, in reader name order.
func seatReaderZones(t testing.TB, seats int) [][]sensing.Zone {
	p := profile.PerSeat()
	by := map[string][]sensing.Zone{}
	for _, z := range sensing.TableZones(seats) {
		pz, ok := p.Zones[z.String()]
		if !ok {
			t.Fatalf("profile %s has no zone %s", p.Name, z)
		}
		by[pz.Reader] = append(by[pz.Reader], z)
	}
	var out [][]sensing.Zone
	for _, n := range sortedKeys(by) {
		out = append(out, by[n])
	}
	return out
}

// areaReaderZones groups the zones of a table of seats seats by area: a
// reader for the hands, one for the ponds, one for the melds, one for the
// walls, the dead wall and the drop hole.
func areaReaderZones(seats int) [][]sensing.Zone {
	out := make([][]sensing.Zone, 4)
	for _, z := range sensing.TableZones(seats) {
		i := map[sensing.Area]int{sensing.Hand: 0, sensing.Discards: 1, sensing.Melds: 2}[z.Area]
		if z.Area != sensing.Hand && z.Area != sensing.Discards && z.Area != sensing.Melds {
			i = 3
		}
		out[i] = append(out[i], z)
	}
	return out
}

// canonical orders the runs of actions players make at the same time
// (missing-suit choices, several wins on one discard) by seat.
func canonical(as []game.Action) []game.Action {
	out := slices.Clone(as)
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && (out[i].Kind == game.Missing || out[i].Kind == game.Ron) && out[j].Kind == out[i].Kind {
			j++
		}
		slices.SortFunc(out[i:j], func(a, b game.Action) int { return int(a.Seat) - int(b.Seat) })
		i = j
	}
	return out
}

func lcs(a, b []game.Action) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i].Equal(b[j]) {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(p * float64(len(s)-1))
	return s[i]
}

// sensingHands is the number of hands per ruleset: small in CI, a
// quarter of that under the race detector (which makes a hand about ten
// times slower; the plain run proves the sensor over the full number, the
// race run its goroutines, which a few hands exercise as well as many),
// JANTAKU_SENSING_HANDS for the documented long run.
func sensingHands(t *testing.T, ci int) int {
	if v := os.Getenv("JANTAKU_SENSING_HANDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("JANTAKU_SENSING_HANDS=%q: want a positive number", v)
		}
		return n
	}
	if testing.Short() {
		return ci / 3
	}
	if raceDetector {
		return max(ci/4, 1)
	}
	return ci
}

// TestSensingProof: with 5% missed reads and 0.5% ghost reads, simulated
// players' hands give no false and no missed action against the players'
// ground truth, and no anomaly, in every ruleset. CI runs 24 hands per
// ruleset (8 with -short); JANTAKU_SENSING_HANDS=1000 is the documented
// run (docs/benchmarks.md, "Tile sensing"). JANTAKU_SENSING_SEED moves the
// seeds (1000 on), JANTAKU_SENSING_PACE=fast plays at the accelerated
// pace, JANTAKU_SENSING_REPORT prints the benchmark table's rows,
// JANTAKU_SENSING_RULESET plays one ruleset (JANTAKU_SENSING_SEED=41566
// JANTAKU_SENSING_HANDS=1 one hand of it; JANTAKU_SENSING_DIAG traces it).
//
// A hand whose ground truth cannot be played on a real table (the truth
// referee names a wall tile already taken) is void and fails the proof:
// the referee must never ask for a tile that is no longer in the wall.
func TestSensingProof(t *testing.T) {
	hands := sensingHands(t, 24)
	base := 1000
	if v := os.Getenv("JANTAKU_SENSING_SEED"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("JANTAKU_SENSING_SEED=%q: want a number", v)
		}
		base = n
	}
	proveSensing(t, proofPace(), base, hands)
}

// TestSensingProofFast is the proof at the Fast pace (think 0.4 s, reach
// 0.15 s), where players chain movements faster than the reads: a draw
// and its discard in one motion, a call on a discard no read saw in the
// pond, a kong and its replacement draw. CI plays 4 hands per ruleset
// (seeds 7331–7334; 1 with -short); TestSensingProof with
// JANTAKU_SENSING_PACE=fast is the longer run.
func TestSensingProofFast(t *testing.T) {
	hands := 4
	if testing.Short() {
		hands = 1
	}
	proveSensing(t, players.Fast, 7331, hands)
}

// TestSensingProofRegressions replays, at the Fast pace (one at the human
// pace), hands of the
// long proof runs that once went wrong, each named by its ruleset and hand
// seed, with what went wrong (a few on a harsher radio):
func TestSensingProofRegressions(t *testing.T) {
	cases := []struct {
		ruleset string
		seed    uint64
		why     string
	}{
		{"mcr", 41566, "two discards of one seat committed by one read of its pond, taken in the wrong order"},
		{"mcr", 41589, "two flowers committed by one read (the first missed twice there), taken in the wrong order"},
		{"mcr", 41650, "a pon being made while the next wall tile, a flower, was taken for the next seat's draw claimed into another seat's melds"},
		{"mcr", 41767, "a call by the seat whose discard window was open, on the next seat's draw-and-discard: its melds went unread for 15 s"},
		{"mcr", 41921, "the same, then a win on the caller's discard taken for a false win"},
		{"mcr", 71731, "two flowers: the melds' reads missed the first until they had seen the second, the hand's reads saw the first go first; taken in the melds' order"},
		{"mcr", 94064, "two flowers, one missed read for either order: the hand's read that still saw the second also saw the first one's replacement"},
		{"test+flowers", 94064, "as mcr 94064"},
		{"riichi", 41194, "an added kong's replacement draw: the konging seat's hand went unread during the robbing window"},
		{"riichi", 41240, "a pon by the seat whose window was open, then a win on its discard taken for a false win"},
		{"shanghai", 41589, "as mcr 41589"},
		{"shanghai", 41650, "as mcr 41650"},
		{"sichuan", 41313, "a pon by the seat whose window was open, on the next seat's draw-and-discard"},
		{"sichuan", 41363, "after a seat has won, the next drawer's hand taken to be the winner's: the draw before a win went unread"},
		{"test+flowers", 41589, "as mcr 41589"},
		{"test+flowers", 41431, "as mcr 41650: a pon being made, a flower exposed taken for a claimed draw"},
		{"test+flowers", 41492, "as mcr 41767: a pon by the seat whose window was open, then a win on its discard"},
		{"test+flowers", 41977, "as mcr 41921"},
		{"wuhan", 91042, "in the last draws the next drawer's hand left Soon behind every seat's melds: its draw unread, its WIN judged false"},
		{"wuhan", 91187, "the same: the next drawers' draws in the last draws taken for out-of-turn draws"},
		{"wuhan", 41066, "as riichi 41194: an added kong's replacement draw unread during the robbing window"},
		{"wuhan", 41382, "as mcr 41921"},
		{"wuhan", 41686, "as riichi 41194"},
		{"wuhan", 41787, "as mcr 41921"},
		{"wuhan", 41944, "as mcr 41921"},
		{"wuhan", 41967, "as riichi 41194, the hand going on for three more turns unseen"},
		{"sichuan", 41649, "the same, with two seats out"},
		{"sichuan", 41822, "the same, the next seat's draw and discard unread while a kong was made"},
		{"sichuan", 91032, "the dealer's face-down missing-suit tile missed by two reads of its melds, its discard of that suit taken for the face-down tile discarded at once"},
		{"sichuan", 71774, "an added kong, its replacement and a discard in one motion: the pond read before the melds, the discard taken first"},
		{"riichi/sanma", 81160, "a second kita, its replacement and a discard in one motion: the discard taken first, the kita only in the seat's next turn"},
		{"riichi/sanma", 81133, "the next replacement tile heard twice in a hand from its wall (a neighbour's ghost), the one wall read between missing it: a false out-of-turn draw"},
		{"riichi/sanma", 94046, "as 81160, the replacement seen once in the hand when the discard's reads agreed: the melds missed the third north four times in a row"},
		{"riichi/sanma", 81234, "a wall tile heard twice in the melds, missed by the hand's only read of its wall: a false unexplained move"},
		{"test+flowers", 101659, "at the human pace: a hand tile heard twice running by the pond's antenna as the real discard landed there, taken for the discard"},
		{"mcr", 101741, "a tile drawn and discarded in one motion kept waiting for its wall's read behind a neighbour's ghost of the next wall tile in the pond (a first fix for 101659): the hand stalled"},
		{"riichi", 96006, "with quiet zones: the next wall tile, woken by a loss of power, heard twice in the hand of the seat whose turn came if no one called, while a chi was being made: a false draw, since a tile quiet at home was never asked for there"},
		{"riichi", 96012, "with quiet zones: a dealt tile never heard in its wall taken for vanished after twelve polls in 25 ms, its 10 s counted from the zero time"},
	}
	// The hands found with a reader per zone and the tiles kept quiet.
	quiet := map[string]bool{"riichi/96006": true, "riichi/96012": true}
	// The hands found with a harsher radio: each tag misses a request
	// with 10%, 2% of inventories hear a neighbour's tag.
	harsh := map[string]bool{"mcr/94064": true, "test+flowers/94064": true, "riichi/sanma/94046": true}
	// The hands found at the human pace.
	human := map[string]bool{"test+flowers/101659": true}
	for _, c := range cases {
		name := fmt.Sprintf("%s/%d", c.ruleset, c.seed)
		t.Run(name, func(t *testing.T) {
			build, err := sensingBuild(c.ruleset)
			if err != nil {
				t.Fatalf("ruleset %q: %v", c.ruleset, err)
			}
			miss, ghost := 0.05, 0.005
			if harsh[name] {
				miss, ghost = 0.10, 0.02
			}
			pace := players.Fast
			if human[name] {
				pace = players.Human
			}
			if quiet[name] {
				t.Setenv("JANTAKU_SENSING_READERS", "zone-quiet")
			}
			r := playHand(t, build, players.Config{Seed: c.seed, Pace: pace, MissRate: miss, GhostRate: ghost, BrownOutRate: 0.005})
			if r.void != nil {
				t.Fatalf("void: %v", r.void)
			}
			if r.false+r.missed > 0 || len(r.anomalies) > 0 || r.over != r.truthOver {
				t.Errorf("%s: %d false, %d missed actions, anomalies %v, over %v/%v", c.why, r.false, r.missed, r.anomalies, r.over, r.truthOver)
			}
		})
	}
}

// proveSensing plays hands hands per ruleset from seed base at pace and
// fails on any false or missed action, anomaly or void hand.
// JANTAKU_SENSING_RULESET plays one ruleset only.
func proveSensing(t *testing.T, pace players.Pace, base, hands int) {
	builds := sensingRulesets()
	names := sortedKeys(builds)
	if only := os.Getenv("JANTAKU_SENSING_RULESET"); only != "" {
		build, err := sensingBuild(only)
		if err != nil {
			t.Fatalf("JANTAKU_SENSING_RULESET=%q: %v; want a preset or one of %v", only, err, names)
		}
		builds[only], names = build, []string{only}
	}
	for _, name := range names {
		build := builds[name]
		t.Run(name, func(t *testing.T) {
			var falseN, missedN, actions, anomalies, ambiguous, reads, void, frames int
			var played time.Duration
			var place, decisive, ready, proc []time.Duration
			var inFloors, readyInFloors []float64
			readTime := map[sensing.Area]time.Duration{}
			byKind := map[game.Kind][]time.Duration{}
			for i := range hands {
				miss, ghost := radioRates(t)
				r := playHand(t, build, players.Config{Seed: uint64(base + i), Pace: pace, MissRate: miss, GhostRate: ghost, BrownOutRate: brownOutRate(t)})
				if r.void != nil {
					void++
					t.Errorf("hand seed %d void: %v", base+i, r.void)
					continue
				}
				falseN += r.false
				missedN += r.missed
				actions += len(r.truth)
				anomalies += len(r.anomalies)
				ambiguous += r.ambiguous
				reads += r.reads
				frames, played = frames+r.frames, played+r.played
				for a, d := range r.readTime {
					readTime[a] += d
				}
				place = append(place, r.placeToAccept...)
				decisive = append(decisive, r.decisiveToAcc...)
				ready = append(ready, r.readyToAccept...)
				inFloors = append(inFloors, r.inFloors...)
				readyInFloors = append(readyInFloors, r.readyInFloors...)
				for j, k := range r.kinds {
					byKind[k] = append(byKind[k], r.placeToAccept[j])
				}
				proc = append(proc, r.processing.kept...)
				for _, s := range r.slow {
					t.Logf("hand seed %d: %s", base+i, s)
				}
				if r.false+r.missed > 0 || len(r.anomalies) > 0 || r.over != r.truthOver {
					t.Errorf("hand seed %d: %d false, %d missed actions, anomalies %v, over %v/%v\ntruth  %v\nsensed %v", base+i, r.false, r.missed, r.anomalies, r.over, r.truthOver, r.truth, r.sensed)
				}
			}
			t.Logf("%s: %d hands (%d void), %d actions, %d reads: %d false, %d missed, %d anomalies, %d ambiguous; placed→accepted p50 %v p99 %v; ready→accepted p50 %v p99 %v; decisive read→accepted p50 %v p99 %v; processing per read p50 %v p99 %v",
				name, hands, void, actions, reads, falseN, missedN, anomalies, ambiguous,
				percentile(place, .5), percentile(place, .99), percentile(ready, .5), percentile(ready, .99), percentile(decisive, .5), percentile(decisive, .99),
				percentile(proc, .5), percentile(proc, .99))
			t.Logf("%s: reader time %s", name, budget(readTime, reads))
			if frames > 0 {
				// On one SPI bus (zones.yaml) these frames go one at a time.
				t.Logf("%s: the zones' readers sent %d SPI frames in %v of play: %.0f a second", name, frames, played.Round(time.Second), float64(frames)/played.Seconds())
			}
			t.Logf("%s: placed→accepted by kind of action:%s", name, byKindText(byKind))
			t.Logf("%s: in floors (one full inventory of the zone the tile landed in): placed→accepted p50 %.2f p99 %.2f, ready→accepted p50 %.2f p99 %.2f", name, quantile(inFloors, .5), quantile(inFloors, .99), quantile(readyInFloors, .5), quantile(readyInFloors, .99))
			if os.Getenv("JANTAKU_SENSING_REPORT") != "" {
				fmt.Printf("| %s | %d (%d void) | %d | %d | %d | %d | %v / %v | %v / %v | %v / %v |\n", name, hands, void, actions, falseN, missedN, anomalies,
					percentile(place, .5).Round(time.Millisecond), percentile(place, .99).Round(time.Millisecond),
					percentile(decisive, .5).Round(time.Millisecond), percentile(decisive, .99).Round(time.Millisecond),
					percentile(proc, .5).Round(time.Microsecond), percentile(proc, .99).Round(time.Microsecond))
			}
		})
	}
}

// durations keeps an even sample of at most maxKept of the durations
// added, every one until then, then every second, every fourth...: a
// thousand hands on held zones make hundreds of millions of reads, whose
// every time would take gigabytes.
type durations struct {
	kept  []time.Duration
	every int
	n     int
}

const maxKept = 4096

func (d *durations) add(v time.Duration) {
	if d.every == 0 {
		d.every = 1
	}
	if d.n++; d.n%d.every != 0 {
		return
	}
	d.kept = append(d.kept, v)
	if len(d.kept) == maxKept {
		for i := range maxKept / 2 {
			d.kept[i] = d.kept[2*i+1]
		}
		d.kept, d.every = d.kept[:maxKept/2], d.every*2
	}
}

// slowFloors is JANTAKU_SENSING_SLOW: the proof lists every placed action
// slower than that many floors, with its hand seed and the times that
// bound it (placed, ready, decisive read, accepted), to find what holds
// the slowest ones; 0 when unset.
func slowFloors(t testing.TB) float64 {
	v := os.Getenv("JANTAKU_SENSING_SLOW")
	if v == "" {
		return 0
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 {
		t.Fatalf("JANTAKU_SENSING_SLOW=%q: want a positive number of floors", v)
	}
	return f
}

// quantile is percentile for ratios.
func quantile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))]
}

// landing is the zone where the last tile of a placed action lands: a
// drawn tile in the drawer's hand, a discard in the pond, a call's or a
// kong's tiles in the melds. A win or a choice is pressed, not placed.
func landing(a game.Action) (sensing.Zone, bool) {
	switch a.Kind {
	case game.Draw:
		return sensing.SeatZone(a.Seat, sensing.Hand), true
	case game.Discard, game.Riichi:
		return sensing.SeatZone(a.Seat, sensing.Discards), true
	case game.Chi, game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan, game.SingleKan, game.Flower:
		return sensing.SeatZone(a.Seat, sensing.Melds), true
	}
	return sensing.Zone{}, false
}

// floors is the physical floor of a zone: the time one full inventory of
// n tags takes on the surface's radio (no tag missed, none from a
// neighbour; the mean of floorReads, since collisions vary).
type floors struct {
	surf *players.Surface
	uids []rfid.UID
	by   map[int]time.Duration
}

const floorReads = 40

func newFloors(tb *players.Table) *floors {
	f := &floors{surf: players.NewSurface(4, 1), by: map[int]time.Duration{}}
	for u := range tb.Tags() {
		f.uids = append(f.uids, u)
	}
	slices.Sort(f.uids)
	return f
}

func (f *floors) of(n int) time.Duration {
	n = min(n, len(f.uids))
	if d, ok := f.by[n]; ok {
		return d
	}
	for _, u := range f.uids {
		f.surf.Put(u, "")
	}
	for _, u := range f.uids[:n] {
		f.surf.Put(u, players.Zone(0, players.Hand))
	}
	var sum time.Duration
	for range floorReads {
		_, d := f.surf.Inventory(players.Zone(0, players.Hand))
		sum += d
	}
	f.by[n] = sum / floorReads
	return f.by[n]
}

// byKindText is placed→accepted per kind of action: how many, p50, p99.
func byKindText(m map[game.Kind][]time.Duration) string {
	var kinds []game.Kind
	for k := range m {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	var out string
	for _, k := range kinds {
		out += fmt.Sprintf(" %s %d: %v / %v;", k, len(m[k]), percentile(m[k], .5).Round(time.Millisecond), percentile(m[k], .99).Round(time.Millisecond))
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestSensingDiag plays one hand of the proof with everything told:
// JANTAKU_SENSING_DIAG=ruleset/seed (e.g. wuhan/1005). A tool for finding
// out why a hand of the proof went wrong.
func TestSensingDiag(t *testing.T) {
	v := os.Getenv("JANTAKU_SENSING_DIAG")
	if v == "" {
		t.Skip("set JANTAKU_SENSING_DIAG=ruleset/seed")
	}
	i := strings.LastIndex(v, "/")
	if i < 0 {
		t.Fatalf("JANTAKU_SENSING_DIAG=%q: want ruleset/seed", v)
	}
	n, err := strconv.ParseUint(v[i+1:], 10, 64)
	if err != nil {
		t.Fatalf("JANTAKU_SENSING_DIAG=%q: want ruleset/seed: %v", v, err)
	}
	build, err := sensingBuild(v[:i])
	if err != nil {
		t.Fatalf("JANTAKU_SENSING_DIAG=%q: %v", v, err)
	}
	miss, ghost := radioRates(t)
	r := playHandDiag(t, build, players.Config{Seed: n, Pace: proofPace(), MissRate: miss, GhostRate: ghost, BrownOutRate: brownOutRate(t)}, os.Stdout)
	fmt.Printf("%d false, %d missed, anomalies %v, over %v/%v\ntruth  %v\nsensed %v\n", r.false, r.missed, r.anomalies, r.over, r.truthOver, r.truth, r.sensed)
}

// radioRates are the surface's miss and ghost rates: 5% and 0.5%, or
// JANTAKU_SENSING_MISS and JANTAKU_SENSING_GHOST for a harsher radio.
func radioRates(t *testing.T) (miss, ghost float64) {
	miss, ghost = 0.05, 0.005
	for _, v := range []struct {
		env string
		to  *float64
	}{{"JANTAKU_SENSING_MISS", &miss}, {"JANTAKU_SENSING_GHOST", &ghost}} {
		if s := os.Getenv(v.env); s != "" {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil || f < 0 || f >= 1 {
				t.Fatalf("%s=%q: want a rate in [0, 1)", v.env, s)
			}
			*v.to = f
		}
	}
	return miss, ghost
}

// proofPace is the players' pace: human unless JANTAKU_SENSING_PACE=fast.
func proofPace() players.Pace {
	if os.Getenv("JANTAKU_SENSING_PACE") == "fast" {
		return players.Fast
	}
	return players.Human
}

// budget says how the reader's time went: reads a second and the share of
// each kind of zone.
func budget(rt map[sensing.Area]time.Duration, reads int) string {
	var total time.Duration
	for _, d := range rt {
		total += d
	}
	if total <= 0 {
		return "none"
	}
	out := fmt.Sprintf("%.1f reads/s, %.0f ms a read;", float64(reads)/total.Seconds(), total.Seconds()*1000/float64(reads))
	for a := sensing.Wall; a <= sensing.Drop; a++ {
		out += fmt.Sprintf(" %s %.0f%%", a, 100*rt[a].Seconds()/total.Seconds())
	}
	return out
}

// TestSensingMistakes: players at the fast pace sometimes take the wrong
// wall tile or one tile too many, and put it back after Notice. Each
// mistake is reported once as the anomaly it is, before it is undone,
// while sensing is still catching up with the players; nothing else is
// reported, and every action is still recognised.
func TestSensingMistakes(t *testing.T) {
	for _, name := range []string{"mcr", "riichi"} {
		build := sensingRulesets()[name]
		t.Run(name, func(t *testing.T) {
			made := map[string]int{}
			reported := map[string]int{}
			for i := range 3 {
				seed := uint64(7331 + i)
				r := playHand(t, build, players.Config{Seed: seed, Pace: players.Fast, MissRate: 0.05, GhostRate: 0.005,
					Mistakes: players.Mistakes{WrongWall: 0.08, ExtraTile: 0.05}})
				if r.void != nil {
					t.Fatalf("seed %d void: %v", seed, r.void)
				}
				for _, m := range r.mistakes {
					made[m.Kind]++
				}
				for _, a := range r.anomalies {
					reported[a.Kind.String()]++
				}
				if r.false+r.missed > 0 || r.over != r.truthOver {
					t.Errorf("seed %d: %d false, %d missed actions, over %v/%v", seed, r.false, r.missed, r.over, r.truthOver)
				}
			}
			if made["wrong-wall-tile"]+made["extra-tile"] == 0 {
				t.Fatal("no mistake was made: the test proves nothing")
			}
			for _, k := range []string{"wrong-wall-tile", "extra-tile"} {
				if reported[k] != made[k] {
					t.Errorf("%s: %d made, %d reported", k, made[k], reported[k])
				}
				delete(reported, k)
			}
			if len(reported) > 0 {
				t.Errorf("anomalies that were no mistake: %v", reported)
			}
			t.Logf("%s: mistakes %v", name, made)
		})
	}
}

// TestSensingProofReaders is the proof with a surface reader per seat
// (profile.PerSeat): the four readers in lockstep frames, and running
// free as readers out of each other's range would; and with a reader per
// zone holding its field on, its tiles kept quiet (zone-quiet), where a
// tile is also taken in within 1.5 full inventories of its zone at p99.
// CI plays 2 hands of riichi and mcr each way at the Fast pace (seeds
// 7331–7332), 1 with quiet zones (their 18 readers make ten times the
// reads); the longer runs set JANTAKU_SENSING_READERS on
// TestSensingProof.
func TestSensingProofReaders(t *testing.T) {
	for _, mode := range []string{"seat", "seat-free", "zone-quiet"} {
		for _, name := range []string{"riichi", "mcr"} {
			t.Run(mode+"/"+name, func(t *testing.T) {
				t.Setenv("JANTAKU_SENSING_READERS", mode)
				build, err := sensingBuild(name)
				if err != nil {
					t.Fatal(err)
				}
				var inFloors []float64
				hands := 2
				if mode == "zone-quiet" {
					hands = 1
				}
				for i := range hands {
					seed := uint64(7331 + i)
					r := playHand(t, build, players.Config{Seed: seed, Pace: players.Fast, MissRate: 0.05, GhostRate: 0.005, BrownOutRate: 0.005})
					inFloors = append(inFloors, r.inFloors...)
					if r.void != nil {
						t.Fatalf("seed %d void: %v", seed, r.void)
					}
					if !r.multi {
						t.Fatal("the hand was not read by several readers")
					}
					if r.false+r.missed > 0 || len(r.anomalies) > 0 || r.over != r.truthOver {
						t.Errorf("seed %d: %d false, %d missed actions, anomalies %v, over %v/%v", seed, r.false, r.missed, r.anomalies, r.over, r.truthOver)
					}
				}
				p50, p99 := quantile(inFloors, .5), quantile(inFloors, .99)
				t.Logf("%d placed actions: placed→accepted p50 %.2f, p99 %.2f full inventories of the zone", len(inFloors), p50, p99)
				// A bound against a regression, not the goal (p99 ≤ 1.5 floors):
				// over 1,000 riichi hands on quiet zones p99 was 1.67, and over
				// 100 with the sensor's held rules 1.91 (docs/benchmarks.md, "A
				// thousand hands on held zones"): the goal is not met yet.
				if mode == "zone-quiet" && p99 > 2.5 {
					t.Errorf("placed→accepted p99 %.2f full inventories of the landing zone; quiet zones stay within 2.5 (the goal is 1.5)", p99)
				}
			})
		}
	}
}
