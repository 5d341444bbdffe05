package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	mqtable "jantaku/mqtt/table"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// snapSteps records steps and snapshots alike.
type snapSteps struct{ steps []mqtable.Step }

func (r *snapSteps) NewGame() {}
func (r *snapSteps) Publish(_ context.Context, s mqtable.Step) error {
	r.steps = append(r.steps, s)
	return nil
}
func (r *snapSteps) Snapshot(_ context.Context, s mqtable.Step) error {
	r.steps = append(r.steps, s)
	return nil
}

// The readings the table asks a seat to choose between reach that seat's
// published state, and only it, until the table says none are left.
func TestRefereeStepsCarryChoices(t *testing.T) {
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := rs.Rules().Set.Tiles()
	rand.New(rand.NewPCG(7, 8)).Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	evs, err := g.StartHand(tablecore.Deal{Wall: w})
	if err != nil {
		t.Fatal(err)
	}
	var opts []game.Action
	for _, a := range g.Legal(0) {
		if a.Kind == game.Discard && (len(opts) == 0 || a.Tile.Kind != opts[0].Tile.Kind) && len(opts) < 2 {
			opts = append(opts, a)
		}
	}
	rec := &snapSteps{}
	r := &refereeSteps{pub: rec}
	ctx := context.Background()
	r.Choices(0, opts)
	if err := r.Snapshot(ctx, g, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	r.Choices(0, nil)
	if err := r.Publish(ctx, g, evs, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	if len(rec.steps) != 2 {
		t.Fatalf("%d steps, want the snapshot and the step", len(rec.steps))
	}
	var mine struct {
		Choices []struct {
			Index  int                  `json:"index"`
			Action tablecore.ActionView `json:"action"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(rec.steps[0].Seats[0].State, &mine); err != nil {
		t.Fatal(err)
	}
	if len(mine.Choices) != 2 || mine.Choices[1].Index != 1 || mine.Choices[1].Action.Tile != opts[1].Tile.String() {
		t.Errorf("seat 0's choices %+v, want the two discards %v", mine.Choices, opts)
	}
	for n := 1; n < 4; n++ {
		if strings.Contains(string(rec.steps[0].Seats[n].State), `"choices"`) {
			t.Errorf("seat %d's state shows seat 0's choices", n)
		}
	}
	if strings.Contains(string(rec.steps[0].State), `"choices"`) || strings.Contains(string(rec.steps[0].Spectator.State), `"choices"`) {
		t.Error("the public or spectator state shows seat 0's choices")
	}
	if strings.Contains(string(rec.steps[1].Seats[0].State), `"choices"`) {
		t.Error("seat 0's choices still shown after the table cleared them")
	}
}
