// Package hardware describes physical tables: board profiles (package
// profile: which pin, bus and chip drives which part, timings and tile-set
// geometry, as YAML data), the opening of a profile's drivers on periph
// (package board) and the simulated table (package sim).
package hardware
