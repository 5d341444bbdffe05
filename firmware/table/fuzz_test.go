package table

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// FuzzServiceCommand feeds the table's owner commands whose arguments are
// arbitrary bytes, as a seat's or the operator's MQTT payload may carry:
// none may panic, and each refusal is a command error (malformed,
// rejected or busy) naming the command.
func FuzzServiceCommand(f *testing.F) {
	types := []string{"win", "riichi", "chi", "pon", "kan", "pass", "ok", "correct", "seat_player", "ruleset", "options", "next_hand", "pause", "resume"}
	for i, a := range []string{
		`{"kind":"discard","tile":"5m"}`, `{"tile":"0p"}`, `{"uses":["3s","4s"]}`, `{"seat":1,"action":{"kind":"discard","tile":"1z"}}`,
		`{"seat":2,"action":{"kind":"ron"},"foul":true,"reason":"wrong wait"}`, `{"seat":0,"player":"sim"}`, `{"ruleset":"riichi/tenhou"}`,
		`{"options":{"length":"tonpuusen"}}`, `null`, `[]`, `{"seat":-1}`, `{"action":{"kind":"","tile":"9x"}}`,
	} {
		f.Add(uint8(i), uint8(i%4), []byte(a))
	}
	ctx := context.Background()
	svc, err := New(ctx, Config{Dir: f.TempDir(), Ruleset: "riichi", Simulated: []bool{false, true, true, true}, Pace: time.Hour,
		Dealer: shuffleDealer{rand.New(rand.NewPCG(3, 4))}})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(svc.Close)
	if _, err := svc.step(ctx); err != nil { // a hand dealt
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, typ, seat uint8, args []byte) {
		c := Command{Type: types[int(typ)%len(types)], Seat: int(seat % 4)}
		if json.Valid(args) {
			c.Args = args
		}
		err := svc.command(ctx, c)
		if err != nil && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBusy) {
			t.Fatalf("%s %s: error %v is not a command error", c.Type, args, err)
		}
		// The simulated seats move on, so the fuzzed seat meets every phase.
		for range 3 {
			if _, err := svc.step(ctx); err != nil {
				t.Fatalf("after %s %s: %v", c.Type, args, err)
			}
		}
	})
}
