package tests

import (
	"testing"

	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
)

// TestSensingSanma follows three-player riichi through the table's
// sensors at both paces: a north set aside (kita) is a tile leaving the
// hand for the seat's flower zone and a replacement taken from the tail,
// and every hand is read as it was played, with no anomaly. The hands are
// chosen by seed so that several norths are set aside among them.
func TestSensingSanma(t *testing.T) {
	build := func() (game.Ruleset, error) { return rulesets.New("riichi/sanma", nil) }
	kita := 0
	for _, pace := range []struct {
		name string
		pace players.Pace
	}{{"human", players.Human}, {"fast", players.Fast}} {
		t.Run(pace.name, func(t *testing.T) {
			for seed := uint64(8101); seed <= 8106; seed++ {
				r := playHand(t, build, players.Config{Seed: seed, Pace: pace.pace, MissRate: 0.05, GhostRate: 0.005})
				if r.void != nil {
					t.Errorf("hand seed %d void: %v", seed, r.void)
					continue
				}
				for _, a := range r.truth {
					if a.Kind == game.Flower {
						kita++
					}
				}
				if r.false+r.missed > 0 || len(r.anomalies) > 0 || r.over != r.truthOver {
					t.Errorf("hand seed %d: %d false, %d missed actions, anomalies %v, over %v/%v\ntruth  %v\nsensed %v", seed, r.false, r.missed, r.anomalies, r.over, r.truthOver, r.truth, r.sensed)
				}
			}
		})
	}
	if kita == 0 {
		t.Fatal("no north was set aside in any hand: the test proves nothing of kita")
	}
	t.Logf("%d norths set aside and sensed", kita)
}
