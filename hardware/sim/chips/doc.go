// Package chips emulates the table's I2C chips at the level of bytes, as
// their datasheets describe them, behind periph's i2c.Bus: the board code a
// Pi runs (periph's pca9685 and mcp23xxx drivers, hardware/board) drives
// them unchanged in tests.
//
//   - PCA9685 (16-channel PWM): MODE1 with SLEEP and ALLCALL (on at
//     power-up, answering 0x70), LEDn_ON/OFF with the full-on and full-off
//     bits, ALL_LED, PRE_SCALE, auto-increment, and the active-low OE pin:
//     with OE high every output is off (OUTNE = 00).
//   - MCP23017 (16-bit expander, IOCON.BANK = 0): IODIR, GPPU, GPIO,
//     OLAT, sequential addressing. Pins read what drives them: a closed
//     switch to ground, the output latch, another chip's output (Drive,
//     Follow), the 100 kΩ pull-up, or nothing (a floating input reads low
//     and is counted).
//   - TCA9548A (8-channel I2C switch): one control byte.
//
// The Bus routes a transaction to every chip that answers the address,
// including PCA9685s on their all-call address, and fails it when none
// answers (no ACK), when two chips would drive the read bytes, or when a
// fault was injected.
package chips
