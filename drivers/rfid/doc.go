// Package rfid reads the tags in the tiles: a Reader reads the UID of the tag
// in its antenna's field, and a Mux selects which antenna a reader uses.
//
// MFRC522 is a Reader on periph's mfrc522 driver (SPI). It works around that
// driver's pitfalls (v3.7.4): it never hands the driver a nil IRQ pin (String
// and ReadUID would panic), it halts the chip once only (a second Halt
// panics), and it polls for cards itself through the driver's LowLevel
// registers instead of calling ReadUID, which re-initialises the chip on
// every call and leaks a goroutine on every error. It runs ISO/IEC
// 14443-3 type A anticollision over the registers itself (periph's
// CardWrite drops the bits of a collision), so Inventory reads every tag
// in the field, with 4-, 7- and 10-byte UIDs.
package rfid
