// Package board opens a physical table's hardware from a board profile:
// it initialises periph's host drivers and turns each part the profile
// names into a driver (motors on PCA9685 channels or kernel PWM, switches
// and buttons on Pi lines or MCP23017 expander pins, MFRC522 readers on
// SPI ports with their reset lines, antenna multiplexers).
//
// Every part that cannot be opened is reported by name, pin and profile
// line in one error, so a first start on a new board lists everything to
// fix at once. Close halts every actuator before it releases the buses.
package board
