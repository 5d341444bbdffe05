package tablecore_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// TestReplayRefusesCorruptRecords changes one thing in a real hand's
// record and wants ReplayHand to refuse it with a ReplayError naming the
// action (or the deal or result) and the referee's reason: the replay
// leaves no check to the record, whatever it skips on its own account.
func TestReplayRefusesCorruptRecords(t *testing.T) {
	dir := filepath.Join(corpus(t), "tenhou", "mjx", "tenhou6")
	names, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no tenhou.net/6 games: %v", err)
	}
	var rec *record.Game
	for _, e := range names {
		if strings.HasSuffix(e.Name(), ".json") {
			if rec, err = readRecord(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if rec == nil {
		t.Skip("no tenhou.net/6 games")
	}
	// clone copies a hand deeply enough to change its deal, actions and
	// result.
	clone := func(h *record.Hand) record.Hand {
		c := *h
		c.Actions = slices.Clone(h.Actions)
		for s := range c.Deal {
			c.Deal[s] = slices.Clone(h.Deal[s])
		}
		c.Result.Wins = slices.Clone(h.Result.Wins)
		return c
	}
	replay := func(h *record.Hand) error {
		g, err := tablecore.New(tenhouRuleset(t, rec), game.Seat(h.Dealer()))
		if err != nil {
			t.Fatal(err)
		}
		if err := seed(g, h); err != nil {
			t.Fatal(err)
		}
		return tablecore.ReplayHand(g, h)
	}
	first := &rec.Hands[0]
	if err := replay(first); err != nil {
		t.Fatalf("the record as it is: %v", err)
	}
	// firstDiscard is the index of the first discard from the hand (not
	// of the tile just drawn) that follows its seat's draw, and that
	// seat.
	firstDiscard := func(h *record.Hand) (int, int) {
		for i := 1; i < len(h.Actions); i++ {
			a, prev := h.Actions[i], h.Actions[i-1]
			if a.Type == record.Discard && !a.Tsumogiri && prev.Type == record.Draw && prev.Seat == a.Seat && i > 1 {
				return i, a.Seat
			}
		}
		t.Fatal("no discard from the hand after a draw")
		return 0, 0
	}
	tests := []struct {
		name    string
		corrupt func(h *record.Hand) int // the action index the replay must name
		want    error
		text    string
	}{
		{"a discard of a face the seat does not hold", func(h *record.Hand) int {
			i, s := firstDiscard(h)
			held := map[tile.Kind]bool{}
			for _, x := range h.Deal[s] {
				held[x.Kind] = true
			}
			for _, a := range h.Actions[:i] {
				if a.Seat == s && a.Type == record.Draw {
					held[a.Tile.Kind] = true
				}
			}
			for k := tile.Kind(0); k < tile.NumKinds; k++ {
				if !held[k] {
					h.Actions[i].Tile = tile.Tile{Kind: k}
					return i
				}
			}
			t.Fatal("the seat holds every kind")
			return 0
		}, tablecore.ErrNotHeld, ""},
		{"a discard without the draw before it", func(h *record.Hand) int {
			i, _ := firstDiscard(h)
			h.Actions = slices.Delete(h.Actions, i-1, i)
			return i - 1
		}, tablecore.ErrOutOfTurn, ""},
		{"a riichi on a hand that is not ready", func(h *record.Hand) int {
			i, s := firstDiscard(h)
			h.Actions = slices.Insert(h.Actions, i, record.Action{Type: record.Riichi, Seat: s})
			return i + 1
		}, game.ErrIllegal, "not ready"},
		{"a fifth copy in the deal", func(h *record.Hand) int {
			for j := range h.Deal[0] {
				h.Deal[0][j] = h.Deal[0][0]
			}
			return -1
		}, nil, "a fifth"},
	}
	// A ron claimed by a seat that did not win: the first hand of the
	// game won by one ron.
	ron := -1
	for j := range rec.Hands {
		if w := rec.Hands[j].Result.Wins; len(w) == 1 && w[0].From != w[0].Who {
			ron = j
			break
		}
	}
	if ron < 0 {
		t.Fatal("no hand won by a ron")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := clone(first)
			at := tt.corrupt(&h)
			err := replay(&h)
			var re *tablecore.ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a ReplayError", err)
			}
			if re.Index != at {
				t.Errorf("the error names action %d, want %d: %v", re.Index, at, err)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("got %q, want it to say %q", err, tt.text)
			}
		})
	}
	t.Run("a ron by a seat that did not win", func(t *testing.T) {
		h := clone(&rec.Hands[ron])
		if err := replay(&h); err != nil {
			t.Fatalf("the record as it is: %v", err)
		}
		w := &h.Result.Wins[0]
		w.Who = (w.Who + 1) % 4
		if w.Who == w.From {
			w.Who = (w.Who + 1) % 4
		}
		err := replay(&h)
		var re *tablecore.ReplayError
		if !errors.As(err, &re) || re.Index != -1 || !strings.Contains(re.What, "win by seat") {
			t.Fatalf("got %v, want a ReplayError for the win", err)
		}
	})
}
