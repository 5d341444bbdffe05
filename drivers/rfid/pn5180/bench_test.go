package pn5180_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
)

// BenchmarkInventory reports what one inventory of a zone costs with 0,
// 1, 14 and 20 tags of random serials: the radio time by the standard's
// timings (air-ms/op), the SPI frames the driver sends (frames/op; on a
// Pi each costs 20–50 µs of spidev), and the requests a zone needed.
//
//	go test -run - -bench Inventory ./drivers/rfid/pn5180/
func BenchmarkInventory(b *testing.B) {
	for _, n := range []int{0, 1, 14, 20} {
		b.Run(fmt.Sprintf("tags=%d", n), func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(uint64(n), 42))
			chip := pn5180test.NewChip("bench")
			d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{})
			if err != nil {
				b.Fatal(err)
			}
			air0, frames0 := chip.Airtime(), chip.Frames()
			for b.Loop() {
				var ts []*iso15693.Tag
				for range n {
					ts = append(ts, &iso15693.Tag{UID: 0xE004010000000000 | rnd.Uint64()&0xFFFFFFFFFF})
				}
				chip.SetTags(0, ts...)
				got, err := d.Inventory(context.Background())
				if err != nil || len(got) != n {
					b.Fatalf("read %d of %d: %v", len(got), n, err)
				}
			}
			b.ReportMetric(float64(chip.Airtime()-air0)/1e6/float64(b.N), "air-ms/op")
			b.ReportMetric(float64(chip.Frames()-frames0)/float64(b.N), "frames/op")
		})
	}
}
