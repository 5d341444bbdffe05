//go:build race

package tests

// raceDetector tells tests built with -race, whose long proofs shrink.
const raceDetector = true
