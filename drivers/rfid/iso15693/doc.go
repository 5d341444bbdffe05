// Package iso15693 is the radio model of ISO/IEC 15693 vicinity tags
// (NXP ICODE SLIX2 and the like) that the surface readers and their
// emulators share: the request and response frames of Inventory and of
// the other network commands (Stay Quiet, Select, Reset to Ready), their
// CRC, the air timings at the high data rate, a tag's answer to an
// inventory (mask and slot), a tag's states (Ready, Quiet, Selected; a
// quiet tag ignores inventories and takes addressed requests only, and
// forgets it all when it loses power), and what a receiver hears when
// several tags answer in one slot.
//
// Timings are those of ISO/IEC 15693-2/-3 with fc = 13.56 MHz: the reader
// sends at 26.48 kbit/s (1 out of 4 pulse position coding: 75.52 µs per
// two bits, SOF 75.52 µs, EOF 37.76 µs); tags answer on one subcarrier at
// 26.69 kbit/s (37.76 µs per bit, SOF and EOF 56.64 µs each); a tag
// answers t1 = 4352/fc (320.9 µs) after the reader's EOF; the reader
// waits t2 ≥ 4192/fc (309.2 µs) after an answer and t3 ≥ t1max + the
// tag's SOF (4384/fc + 768/fc, 379.9 µs) after a silent slot before the
// EOF that opens the next slot.
package iso15693
