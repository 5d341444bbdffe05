// Package rfidtest has fakes for package rfid:
//
//   - Chip, a register-level MFRC522 behind an spi.Port, so the real periph
//     mfrc522 driver and rfid.MFRC522 run in tests against it, including a
//     chip that answers garbage or nothing; it holds several ISO/IEC
//     14443-A tags with their state machines, collides their answers bit
//     by bit, and has weak (cross-talk), intermittent and damaged tags;
//   - Reader, an rfid.Reader and rfid.Mux in one: tags per antenna, misses,
//     ghost reads and a dead reader, for firmware tests and hardware/sim.
package rfidtest
