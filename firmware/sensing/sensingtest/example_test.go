package sensingtest_test

import (
	"context"
	"errors"
	"fmt"

	"jantaku/firmware/sensing"
	"jantaku/firmware/sensing/sensingtest"
	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// A referee that answers two calls of Hand, then is gone.
func ExampleGone() {
	rs := tablecoretest.New()
	g, err := tablecore.New(rs, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: rs.R.Set.Tiles(), Dice: [2]int{3, 4}}); err != nil {
		fmt.Println(err)
		return
	}
	ref := &sensingtest.Gone{Referee: sensing.GameReferee(g), Left: 2}
	for range 3 {
		fmt.Println(ref.Hand() == nil, ref.Went())
	}
	_, err = ref.Apply(context.Background(), game.Action{Kind: game.Discard})
	fmt.Println(errors.Is(err, sensingtest.ErrGone))
	// Output:
	// false false
	// false false
	// true true
	// true
}
