package sichuan_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
)

func TestOptionsValidate(t *testing.T) {
	if err := sichuan.Defaults().Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []func(*sichuan.Options){
		func(o *sichuan.Options) { o.Mode = "strict" },
		func(o *sichuan.Options) { o.SessionHands = 0 },
		func(o *sichuan.Options) { o.BreakMode = "middle" },
		func(o *sichuan.Options) { o.KongDealInIncome = "" },
		func(o *sichuan.Options) { o.ChomboPenalty = -1 },
		func(o *sichuan.Options) { o.CapHan = 11 },
	}
	for i, f := range bad {
		o := sichuan.Defaults()
		f(&o)
		if _, err := sichuan.New(o); !errors.Is(err, sichuan.ErrOptions) {
			t.Errorf("case %d: %v, want ErrOptions", i, err)
		}
	}
	if _, err := sichuan.Preset("hk"); !errors.Is(err, sichuan.ErrOptions) {
		t.Errorf("unknown preset: %v", err)
	}
}

// The source's "4・3": sum 7 is West's wall, the smaller die 3 the place
// [C L14–L16].
func TestDrawOrder(t *testing.T) {
	for _, c := range []struct {
		mode  sichuan.BreakMode
		first game.Position
	}{
		{sichuan.LeaveD, game.Position{Wall: 2, Stack: 4}},
		{sichuan.StartAtD, game.Position{Wall: 2, Stack: 3}},
	} {
		o := sichuan.Defaults()
		o.BreakMode = c.mode
		rs, _ := sichuan.New(o)
		ps, err := rs.DrawOrder([2]int{4, 3}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 108 || ps[0] != c.first {
			t.Errorf("%s: %d positions starting %+v, want 108 from %+v", c.mode, len(ps), ps[0], c.first)
		}
	}
}
