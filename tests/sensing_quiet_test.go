package tests

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/tablecore"
)

// brownOutRate is the chance that a tile at rest in a held field loses
// power for one request and forgets Stay Quiet: 0.5% (a tenth of the
// misses), or JANTAKU_SENSING_BROWNOUT (0.05: every miss).
func brownOutRate(t testing.TB) float64 {
	v := os.Getenv("JANTAKU_SENSING_BROWNOUT")
	if v == "" {
		return 0.005
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f >= 1 {
		t.Fatalf("JANTAKU_SENSING_BROWNOUT=%q: want a rate in [0, 1)", v)
	}
	return f
}

// quietGap is how long a zone where no tile is expected waits between
// polls (sensing.QuietZone.Gap): none, or JANTAKU_SENSING_GAP, to study
// what a gap saves and breaks (docs/benchmarks.md, "A reader per zone on
// one bus").
func quietGap(t testing.TB) time.Duration {
	v := os.Getenv("JANTAKU_SENSING_GAP")
	if v == "" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		t.Fatalf("JANTAKU_SENSING_GAP=%q: want a duration such as 20ms", v)
	}
	return d
}

// quietReader is one zone's reader holding its field on, on its own
// clock: the read under way and when it ends.
type quietReader struct {
	q          *sensing.QuietZone
	field      *players.HeldZone
	step       sensing.QuietStep
	read       sensing.Read
	start, end time.Time
	waiting    bool // for its gap before step
}

// playQuiet is playHandDiag's loop with a reader per zone, each holding
// its field on and running on its own clock
// (JANTAKU_SENSING_READERS=zone-quiet), driven by sensing.QuietZone: the
// tiles a zone holds keep quiet, its polls hear the newcomers, a doubted
// tile is asked for, and the whole zone is read now and then.
func playQuiet(t testing.TB, tb *players.Table, sn *sensing.Sensor, g *tablecore.Game, zones []sensing.Zone, now time.Time, res *sensedHand, diag io.Writer, take func([]sensing.Output)) {
	ctx := context.Background()
	start := now
	res.multi = true
	surf := tb.Surface()
	rd := make([]*quietReader, len(zones))
	// A step that waits out its zone's gap (QuietStep.After) begins
	// when the wait ends: do runs it then.
	do := func(r *quietReader, at time.Time) {
		r.waiting = false
		r.field.Spent = 0
		read, err := r.q.Do(ctx, r.step)
		if err != nil {
			t.Fatal(err)
		}
		r.read, r.start, r.end = read, at, at.Add(r.field.Spent)
	}
	begin := func(r *quietReader, at time.Time) {
		r.step = r.q.Next(sn, at)
		if r.step.After > 0 {
			r.waiting, r.end = true, at.Add(r.step.After)
			return
		}
		do(r, at)
	}
	tb.Advance(now)
	for i, z := range zones {
		f := surf.Held(z.String())
		rd[i] = &quietReader{q: sensing.NewQuietZone(z, f, now), field: f}
		rd[i].q.Gap = quietGap(t)
		begin(rd[i], now)
	}
	var end handEnd
	for {
		r := rd[0]
		for _, o := range rd[1:] {
			if o.end.Before(r.end) {
				r = o
			}
		}
		now = r.end
		if end.reached(t, tb, sn, g, start, now, take) {
			res.frames, res.played = surf.Frames(), now.Sub(start)
			return
		}
		if r.waiting {
			do(r, now)
			continue
		}
		read := r.read
		read.At = now
		res.reads++
		res.readTime[read.Zone.Area] += r.end.Sub(r.start)
		if diag != nil {
			var ts []string
			for _, u := range read.UIDs {
				tl := tb.Tags()[u]
				ts = append(ts, fmt.Sprintf("%s.%d", tl, tl.Copy))
			}
			fmt.Fprintf(diag, "%s read %s (quieted %d first, full %v, asked %d, from %s, %d quiet) %v\n", now.Format("15:04:05.000"), read.Zone, len(r.step.Quiet), r.step.Full, len(read.Asked), r.start.Format("15:04:05.000"), len(read.Quiet), ts)
		}
		t0 := time.Now()
		outs := sn.Observe(ctx, read)
		outs = append(outs, sn.Tick(ctx, now)...)
		res.processing.add(time.Since(t0))
		take(outs)
		begin(r, now)
	}
}
