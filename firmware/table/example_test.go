package table_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"jantaku/firmware/table"
	"jantaku/tablecore"
)

// A table whose seats are all simulated, run in its own goroutine; the
// operator's commands and the views go through the owner loop.
func Example() {
	dir, err := os.MkdirTemp("", "table")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t, err := table.New(ctx, table.Config{
		Dir: dir, Ruleset: "riichi", Simulated: []bool{true, true, true, true},
		Pace: time.Millisecond, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer t.Close()
	ran := make(chan error, 1)
	go func() { ran <- t.Run(ctx) }()

	fmt.Println("pause:", t.Handle(ctx, table.Command{Type: "pause", Seat: -1}))
	err = t.Handle(ctx, table.Command{Type: "fly", Seat: -1})
	fmt.Println("fly:", err)
	fmt.Println("rejected:", errors.Is(err, table.ErrRejected))
	v, err := t.View(ctx, tablecore.Public)
	fmt.Println("ruleset:", v.Ruleset, err)

	cancel()
	fmt.Println("run:", <-ran)
	// Output:
	// pause: <nil>
	// fly: command rejected: "fly" is not supported by this table yet
	// rejected: true
	// ruleset: riichi <nil>
	// run: <nil>
}
