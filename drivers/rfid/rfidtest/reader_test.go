package rfidtest

import (
	"context"
	"errors"
	"testing"

	"jantaku/drivers/clock/clocktest"
	"jantaku/drivers/rfid"
)

func TestReader(t *testing.T) {
	r := &Reader{Name: "zones", Antennas: 4, Clock: clocktest.New()}
	r.SetTags(2, "AABBCCDD")
	ctx := context.Background()
	if _, err := r.ReadUID(ctx, 0); !errors.Is(err, rfid.ErrNoTag) {
		t.Errorf("antenna 0: %v, want ErrNoTag", err)
	}
	if err := r.Select(2); err != nil {
		t.Fatal(err)
	}
	if uid, err := r.ReadUID(ctx, 0); uid != "AABBCCDD" || err != nil {
		t.Errorf("antenna 2: %s, %v", uid, err)
	}
	if err := r.Select(4); err == nil {
		t.Error("Select(4) of 4: no error")
	}
	r.Kill(errors.New("SPI bus error"))
	if _, err := r.ReadUID(ctx, 0); err == nil || errors.Is(err, rfid.ErrNoTag) {
		t.Errorf("dead reader: %v", err)
	}
}

func TestReaderMissAndGhost(t *testing.T) {
	clk := clocktest.New()
	r := &Reader{Name: "inline", Clock: clk, MissRate: 0.5, GhostRate: 0.1}
	r.SetTags(0, "01020304")
	r.SetGhosts("0A0B0C0D")
	counts := map[rfid.UID]int{}
	for i := 0; i < 1000; i++ {
		uid, _ := r.attempt()
		counts[uid]++
	}
	if counts["01020304"] < 350 || counts["0A0B0C0D"] < 50 || counts[""] < 350 {
		t.Errorf("1000 attempts: %v; want about 450 reads, 100 ghosts, 450 misses", counts)
	}
}
