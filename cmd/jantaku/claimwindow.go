package main

import (
	"fmt"
	"time"

	tablesvc "jantaku/firmware/table"
)

// defaultSpectatorDelay holds back the spectator feed of a table where
// people play: long enough that a viewer cannot relay a hand in time.
const defaultSpectatorDelay = 30 * time.Second

// spectatorDelayValue reads --spectator-delay: "auto" (nil) or a duration.
func spectatorDelayValue(s string) (*time.Duration, error) {
	if s == "" || s == "auto" {
		return nil, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return nil, fmt.Errorf("--spectator-delay %q: want auto or a duration such as 30s or 2m", s)
	}
	return &d, nil
}

// claimWindowValue reads --claim-window: "auto" (nil) or a duration.
func claimWindowValue(s string) (*time.Duration, error) {
	if s == "" || s == "auto" {
		return nil, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > time.Minute {
		return nil, fmt.Errorf("--claim-window %q: want auto or a duration from 0s to 1m, e.g. 1s", s)
	}
	return &d, nil
}

// claimWindowFor is the window of a table with people at seats humans.
func claimWindowFor(w *time.Duration, humans []int) time.Duration {
	if w != nil {
		return *w
	}
	if len(humans) > 0 {
		return tablesvc.DefaultClaimWindow
	}
	return 0
}
