// Package pn5180 drives an NXP PN5180 NFC frontend over periph's spi and
// gpio as a reader of ISO/IEC 15693 tags: every command is one SPI frame
// after BUSY has gone low, an answer is read in a second frame, and an
// inventory runs 16 slots per request, resolving the slots where tags
// collide with longer masks until every tag in the field is read.
//
// By default each call switches the field on and off again. HoldField
// keeps it on between calls so that a tag told StayQuiet stays out of
// the inventories (which then hear only newcomers: 8.3 ms for an empty
// zone) until it loses power; Confirm checks one expected tag with a
// one-slot inventory masked with its whole UID (8.4 ms).
//
// One Dev may serve several antennas through an RF switch (an rfid.Mux
// on its select lines): the antennas are 50 Ω matched, so switching them
// keeps each tuned, unlike switching bare coils.
//
// Config.DieID and Config.CheckEvery make the Dev refuse another chip:
// one whose die identifier (EEPROM 0x00–0x0F) is not the one recorded,
// or not the one read at Open, as when a chip select decoded from
// address lines sends the frames to another reader (ErrWrongChip).
package pn5180
