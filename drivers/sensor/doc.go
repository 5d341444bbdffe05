// Package sensor reads the table's digital inputs: limit switches, tile eyes
// (photo sensors), the lid switch and the seat buttons.
//
// A Switch is any two-state input; WaitFor waits for a state with a timeout
// that is always positive, because periph's gpioioctl pins treat
// WaitForEdge(0) as "wait forever" (periph.io/x/host issue 78). A Button is a
// debounced Switch that reports presses.
package sensor
