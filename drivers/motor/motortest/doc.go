// Package motortest is a fake motor.Motor: it records every command with
// the time it came and can tell a simulation about each change.
package motortest
