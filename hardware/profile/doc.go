// Package profile reads board profiles: YAML files that say which chip
// channel drives each motor, which pin each switch, eye and button is on,
// where the tag readers and antenna multiplexers are, which antenna covers
// each zone of the table, the machine's timings and how many stacks each
// side builds for each tile set.
//
// Load checks a profile and reports every problem with the file and line
// ("table.yaml:41: pin GPIO5 is used twice: by eye1 and by lift0.top (line
// 38)"). Default returns the built-in profile of the Raspberry Pi 4/5 HAT
// (default.yaml; the wiring table is in docs/wiring.md); PerSeat and Zones
// its revisions 2 (a surface reader per seat) and 3 (a reader per zone,
// behind a chip-select decoder).
package profile
