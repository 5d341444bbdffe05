// Package enable drives the motor-power enable chain: a pulse train on one
// output that a hold circuit on the board turns into "motor power on".
//
// A plain enable level cannot make a dead process safe: a GPIO line keeps
// whatever level it had when the process died or hung, and a PCA9685 keeps
// its last outputs. A pulse train can: the hold circuit (a retriggerable
// monostable driving the motor-supply relay and the PCA9685s' active-low OE
// pins, docs/wiring.md) keeps the motors powered only while edges keep
// coming, and drops them a hold time after the last one. A Pi that is off,
// rebooting, panicked, OOM-killed or stuck sends no edges, and a line stuck
// high or low is no edge either.
//
// A Pulser sends the pulses only while it is armed and fed: the machine
// cycle arms it when it starts to move, feeds it from its supervising loop
// and disarms it when it stops. If the feeding stops for the watchdog time
// (the loop is stuck on a bus, or crashed), the pulses stop on their own.
package enable
