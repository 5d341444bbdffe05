package tablecore_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// BenchmarkReplayCorpus replays every complete tenhou.net/6 game of the
// corpus through the referee under the tenhou preset (parsing is done
// before the timer). It reports games per second and allocations per
// action; hanchan/s per core is games/s with GOMAXPROCS=1.
func BenchmarkReplayCorpus(b *testing.B) {
	dir := corpus(b)
	var games []*record.Game
	filepath.WalkDir(filepath.Join(dir, "tenhou", "mjx", "tenhou6"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".json") {
			if g, err := readRecord(p); err == nil {
				games = append(games, g)
			}
		}
		return nil
	})
	if len(games) == 0 {
		b.Skip("no games")
	}
	actions := 0
	for _, g := range games {
		for _, h := range g.Hands {
			actions += len(h.Actions)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rec := range games {
			rs := tenhouRuleset(b, rec)
			g, _ := tablecore.New(rs, game.Seat(rec.Hands[0].Dealer()))
			seed(g, &rec.Hands[0])
			for j := range rec.Hands {
				if err := tablecore.ReplayHand(g, &rec.Hands[j]); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.StopTimer()
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*len(games))/sec, "games/s")
	b.ReportMetric(float64(actions), "actions/op")
}
