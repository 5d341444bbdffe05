// Package firmware is the machine's behaviour on top of the drivers: the
// shuffle-and-build cycle with its faults and recovery (package cycle), the
// tag registry that maps tag UIDs to tiles (package registry) and the census
// that checks a set by tag identity before its walls may rise (package
// census).
package firmware
