// Package clock passes time around as a value. Everything in the machine that
// waits takes a Clock, so that tests and the simulated machine run under a
// fake clock (package clocktest) faster than real time, and the daemon can run
// the simulation at an accelerated pace (Scaled).
package clock
