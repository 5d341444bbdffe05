package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"

	"jantaku/firmware/cycle"
	"jantaku/firmware/deal"
	"jantaku/firmware/registry"
	"jantaku/tablecore"
)

// Dealer supplies the wall of each new hand of g: the machine's walls on a
// table with a machine, a seeded shuffle otherwise. ErrWallsNotUp means
// "not yet": the table asks again at its next step, so commands are
// served while the machine builds. Deal is called from the owner
// goroutine.
type Dealer interface {
	Deal(ctx context.Context, g *tablecore.Game) (tablecore.Deal, error)
}

// ErrWallsNotUp is a Dealer's "not yet".
var ErrWallsNotUp = errors.New("the walls are not up yet")

// NewShuffleDealer deals uniformly shuffled walls from seed.
func NewShuffleDealer(seed uint64) Dealer {
	return shuffleDealer{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// shuffleDealer deals a uniformly shuffled wall and rolls the dice.
type shuffleDealer struct{ rng *rand.Rand }

func (d shuffleDealer) Deal(_ context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	w := g.Rules().Set.Tiles()
	d.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return tablecore.Deal{Wall: w, Dice: [2]int{1 + d.rng.IntN(6), 1 + d.rng.IntN(6)}}, nil
}

// MachineDealer deals the walls the machine raised, tile by tile as the
// inline readers saw them, with the machine's dice.
type MachineDealer struct {
	walls <-chan cycle.Hand // each walls-up
	reg   registry.Registry
	// start asks for the next walls (the simulated players press Start);
	// nil where people press it.
	start  func()
	asked  bool
	logger *slog.Logger
	last   *cycle.Hand // the walls of the hand dealt last (tile sensing)
}

// NewMachineDealer deals the walls that come on walls, whose tags reg
// knows. start, if not nil, is called once each time the table waits for
// walls (the simulated players press Start); where people press it, nil.
func NewMachineDealer(walls <-chan cycle.Hand, reg registry.Registry, start func(), log *slog.Logger) *MachineDealer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &MachineDealer{walls: walls, reg: reg, start: start, logger: log}
}

// Deal implements Dealer.
func (d *MachineDealer) Deal(ctx context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	if !d.asked && d.start != nil {
		d.start()
	}
	d.asked = true
	select {
	case h := <-d.walls:
		d.asked = false
		st, _ := g.NextStanding()
		dl, err := deal.FromWalls(h.Walls, h.Dice, d.reg, g.Ruleset(), st.Dealer)
		if err != nil {
			return tablecore.Deal{}, fmt.Errorf("hand %d of the machine (set %c): %w", h.Number, h.Walls.Set, err)
		}
		d.last = &h
		d.logger.Info("dealt from the machine's walls", "hand", h.Number, "set", string(h.Walls.Set), "dice", h.Dice, "dealer", st.Dealer)
		return dl, nil
	case <-ctx.Done():
		return tablecore.Deal{}, ctx.Err()
	default:
		return tablecore.Deal{}, ErrWallsNotUp
	}
}
