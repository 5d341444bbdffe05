// Package census checks that built walls hold exactly one tile set, by tag
// identity: every tile once, none missing, no tag the registry does not know
// or that belongs to the other set. Walls that fail a census never rise.
//
// Registered takes the same census of the tags a registry holds for a
// set, which tells a registration what is still missing.
package census
