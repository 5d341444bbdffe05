package tablecore_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"jantaku/tablecore"
)

// TestReplayUnclaimedMatchesEveryWindow replays every corpus game twice:
// by ReplayHand, which closes the window on a discard the record shows
// nobody claimed at once and does not look again for a tile it took
// from the hand, and by the replay that keeps the events, which asks
// each window's seats and checks each action as for a player. After
// every hand the two games must hold the same hand and standing, and
// refuse the same records.
func TestReplayUnclaimedMatchesEveryWindow(t *testing.T) {
	dir := corpus(t)
	files := gameFiles(dir, ".json", ".mjlog", ".xml")
	hands := 0
	for _, p := range files {
		rec := replayable(p)
		if rec == nil {
			continue
		}
		gs := twoGames(t, rec)
		for j := range rec.Hands {
			h := &rec.Hands[j]
			errA := tablecore.ReplayHand(gs[0], h)
			_, errB := tablecore.ReplayHandEvents(gs[1], h)
			if fmt.Sprint(errA) != fmt.Sprint(errB) {
				t.Fatalf("%s hand %s: ReplayHand says %v, the replay with events %v", filepath.Base(p), h, errA, errB)
			}
			if errA != nil {
				break
			}
			if a, b := gs[0].Hand(), gs[1].Hand(); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s hand %s: the hands differ:\n%+v\n%+v", filepath.Base(p), h, a, b)
			}
			if a, b := gs[0].Standing(), gs[1].Standing(); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s hand %s: the standings differ: %+v, %+v", filepath.Base(p), h, a, b)
			}
			hands++
		}
	}
	if hands < 500 {
		t.Fatalf("only %d hands compared", hands)
	}
	t.Logf("%d hands the same both ways", hands)
}
