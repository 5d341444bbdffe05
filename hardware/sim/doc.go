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
// The motors move only while the motor power is on: the board's hold
// circuit (Power) sees edges on the enable line, and the lid and the
// E-stop, in the same hardware chain, are closed.
//
// Faults are injected by name: Stall (a motor turns but nothing moves),
// Jam (a tile stuck at a gate), RemoveTile and AddTile (a missing or
// foreign tile), KillReader (an SPI failure), OpenLid, PressEStop,
// FailInput (an unreadable input: an I2C error on its expander),
// FailMotor (a PCA9685 that no longer answers: its motor keeps its last
// command), BreakWire (a normally-closed switch reads open), Freeze (a
// dead process: every output holds its last state until the hold circuit
// drops the power). Config.Bounce makes the limit and home switches
// bounce; Config.Overshoot makes a stopped lift coast past its limit.
// Inline reads miss with MissRate and may return a ghost (the next tile in
// line) with GhostRate.
//
// The sub-package chips emulates the board's I2C chips byte by byte
// behind periph's i2c.Bus, for tests of the board code itself.
package sim
