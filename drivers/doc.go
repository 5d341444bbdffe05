// Package drivers holds the table's hardware drivers, one package per kind
// of device: motor (motors and steppers), sensor (limit switches, tile eyes,
// buttons), rfid (tag readers and antenna multiplexers), pwm (kernel PWM
// channels), enable (the motor-power enable chain's pulses), and clock (time
// as a value, so everything that waits can run under a fake clock).
//
// Each driver package declares a small interface, implements it on periph.io
// conn types (gpio, spi, i2c) and has a sibling xxxtest package with a fake
// that tests and the simulated machine (hardware/sim) use.
package drivers
