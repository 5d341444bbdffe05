package tablecore_test

import (
	"context"
	"errors"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/journal"
)

// TestNotRecordedLeavesTheGame: an input the journal cannot take is
// refused with ErrNotRecorded (and the journal's own error), and the game
// stays as it was.
func TestNotRecordedLeavesTheGame(t *testing.T) {
	ctx := context.Background()
	tb, err := tablecore.Create(ctx, filepath.Join(testdir.InMemory(t), "g.jnl"), "test", nil, testResolver, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, tb, rand.New(rand.NewPCG(3, 4)), 5)
	g := tb.Game()
	before := snapshot(t, g)
	var legal []game.Action
	for s := 0; s < 4; s++ {
		legal = append(legal, g.Legal(game.Seat(s))...)
	}
	if len(legal) == 0 {
		t.Fatal("no legal action to try")
	}
	tb.Close() // the journal takes nothing more, as after a failed write
	_, err = tb.Apply(ctx, legal[0])
	if !errors.Is(err, tablecore.ErrNotRecorded) || !errors.Is(err, journal.ErrClosed) {
		t.Fatalf("Apply on a closed journal: %v, want ErrNotRecorded wrapping journal.ErrClosed", err)
	}
	if got := snapshot(t, g); got != before {
		t.Fatal("the game changed though its input was not recorded")
	}
	if _, err := tb.Foul(ctx, game.Action{Kind: legal[0].Kind, Seat: legal[0].Seat, Tile: legal[0].Tile}, "test"); !errors.Is(err, tablecore.ErrNotRecorded) {
		t.Fatalf("Foul on a closed journal: %v, want ErrNotRecorded", err)
	}
}
