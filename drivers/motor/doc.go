// Package motor drives the table's moving parts: DC motors through an
// H-bridge (direction and speed; on a PCA9685 PWM chip as motor HATs wire
// them, or on any pins that do PWM) and step/dir steppers.
//
// Every moving part is a conn.Resource: Halt stops it and leaves it inert,
// and the machine's safe stop is Halt on each of them.
//
// PWM through the GPIO character device does not exist on Linux: use a
// PCA9685 over I2C (periph.io/x/devices/v3/pca9685) or /sys/class/pwm.
package motor
