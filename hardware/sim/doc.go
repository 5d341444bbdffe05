// Package sim is the simulated table: the same driver interfaces as the
// real machine (motor.Motor, sensor.Switch, sensor.Button, rfid.Reader),
// backed by a model of the tray, conveyors, stacker gates, stackers and
// lifts with the timings of a board profile.
//
// A physics goroutine (Run) moves the model in time and sets the sensors;
// motors commanded by the firmware change the model at once. Under a
// testing/synctest bubble the clock is fake and a whole shuffle-and-build
// cycle takes milliseconds; in the daemon a scaled clock runs it at a
// watchable pace.
//
// Faults are injected by name: Stall (a motor turns but nothing moves),
// Jam (a tile stuck at a gate), RemoveTile and AddTile (a missing or
// foreign tile), KillReader, OpenLid. Inline reads miss with MissRate and
// may return a ghost (the next tile in line) with GhostRate.
package sim
