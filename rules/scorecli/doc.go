// Package scorecli is what a ruleset tells the score command: the
// conditions a hand is scored under (read as flags), how the command line
// becomes the ruleset's own hand, conditions and options, and the lines a
// scored hand prints. Each ruleset package implements Family in a file of
// its own (scorecli.go); the command holds only flag parsing and one loop
// over the families rules/rulesets lists, so a new ruleset adds no code
// to cmd/.
//
// The package holds what the families share: the Request (the command
// line, parsed), the winner's hand and seats read from it, options laid
// over a preset from a YAML file and --set, and Sheet, the printed result
// of every family but riichi.
package scorecli
