// Package clock passes time around as a value. Everything in the machine that
// waits takes a Clock, so that tests and the simulated machine run under a
// fake clock (package clocktest) faster than real time, and the daemon can run
// the simulation at an accelerated pace (Paced: simulated time moves only
// while the process is quiet, so a busy CPU slows the simulation down
// instead of making a motor look stalled; Scaled only to show the
// difference).
package clock
