package rfid_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/rfidtest"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// BenchmarkMFRC522Inventory reports the ISO 14443-A radio time of one
// inventory with 0, 1, 14 and 20 tags of random 7-byte UIDs (air-ms/op,
// field reset not included) and the SPI transfers it takes (frames/op).
//
//	go test -run - -bench MFRC522Inventory ./drivers/rfid/
func BenchmarkMFRC522Inventory(b *testing.B) {
	for _, n := range []int{0, 1, 14, 20} {
		b.Run(fmt.Sprintf("tags=%d", n), func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(uint64(n), 7))
			chip := rfidtest.NewChip()
			spi := &countingPort{Chip: chip}
			r, err := rfid.OpenMFRC522(spi, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{FieldReset: 1})
			if err != nil {
				b.Fatal(err)
			}
			air0, tx0 := chip.Airtime(), spi.n
			for b.Loop() {
				var ts []*rfidtest.Tag
				for range n {
					u := rnd.Uint64()
					ts = append(ts, &rfidtest.Tag{UID: []byte{0x04, byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24), byte(u >> 32), 0x80}})
				}
				chip.SetTags(ts...)
				got, err := r.Inventory(context.Background())
				if err != nil || len(got) != n {
					b.Fatalf("read %d of %d: %v", len(got), n, err)
				}
			}
			b.ReportMetric(float64(chip.Airtime()-air0)/1e6/float64(b.N), "air-ms/op")
			b.ReportMetric(float64(spi.n-tx0)/float64(b.N), "frames/op")
		})
	}
}

type countingPort struct {
	*rfidtest.Chip
	n int
}

func (c *countingPort) Tx(w, r []byte) error { c.n++; return c.Chip.Tx(w, r) }

func (c *countingPort) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	return c, nil
}
