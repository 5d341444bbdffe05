package rfid_test

import (
	"context"
	"fmt"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/rfidtest"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

func ExampleMFRC522() {
	// On the table: spireg.Open("SPI0.0") and gpioreg.ByName("GPIO25").
	// Here a register-level fake chip with a tag in its field.
	chip := rfidtest.NewChip()
	chip.SetTag([]byte{0x04, 0x52, 0x9A, 0x11, 0x22, 0x33, 0x80})
	r, err := rfid.OpenMFRC522(chip, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{Name: "inline0"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Halt()
	uid, err := r.ReadUID(context.Background(), 0)
	fmt.Println(uid, err)
	// Output: 04529A11223380 <nil>
}
