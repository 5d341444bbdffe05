// Package clocktest is a fake clock.Clock for unit tests: time moves only
// when the test says so (Advance, Next), and BlockUntil waits until the code
// under test is waiting on the clock.
//
// Tests of whole machines (many goroutines) run the real clock.Real inside
// a testing/synctest bubble instead, where time jumps as soon as every
// goroutine is blocked: a simulated hour passes in milliseconds, exactly and
// deterministically.
package clocktest
