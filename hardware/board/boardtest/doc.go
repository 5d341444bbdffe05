// Package boardtest backs a board profile's buses with emulators, so that
// hardware/board opens it on a machine without the hardware and the code
// a Raspberry Pi runs talks to chips that answer as the real ones do:
//
//   - I2C1 holds the byte-level emulators of hardware/sim/chips (PCA9685,
//     MCP23017, TCA9548A), one per chip of the profile, driven by
//     periph's own drivers;
//   - a gpiotest pin for every Pi line the profile names, and the
//     motor-power enable line as the hold circuit sees it
//     (enabletest.Hold);
//   - for every reader, its chip on its SPI port: an rfidtest.Chip
//     (MFRC522) or a pn5180test.Chip (PN5180) whose BUSY line is read
//     through the expander pin or Pi line the profile gives it, and
//     whose RF switch follows the multiplexer's select lines as the
//     board drives them; the port keeps the clock the board set;
//   - for every chip-select decoder, its SPI port as the 74HC154s route
//     it (each frame to the PN5180 emulator on the output the address
//     lines select; 0xFF read back from an output with none) and its
//     BUSY line as the CD74HC4067s pass it; those readers' RST lines
//     follow the pins the board drives them from (MCP23017.Watch), held
//     low until it does, as the board's pull-downs hold them.
//
// Rigs register in periph's global registries (gpioreg, i2creg, spireg)
// and unregister when the test ends: tests using them must not run in
// parallel.
package boardtest
