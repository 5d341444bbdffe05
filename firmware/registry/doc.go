// Package registry maps tag UIDs to tiles: which physical tile (kind, copy,
// red five) of which set (A or B) carries each tag. Registration is a guided
// maintenance procedure; the map is kept in a bbolt file so it survives
// power loss at any instant.
//
// Guide leads a registration: tile by tile in the set's order, each tag
// read alone on a reader, or a face at a time, every copy of it read at
// once on a zone of the table. A tag already registered as another tile is
// refused, and a registration stopped part way resumes where it stopped.
package registry
