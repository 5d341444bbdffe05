// Package sensing turns the table surface's antenna reads into game
// actions. It has these parts, one file each:
//
//   - schedule.go: which zone antenna to read next, within the one surface
//     reader's budget (an ISO 15693 inventory is 8 ms empty and about
//     8 ms more per tag), favouring the zones where the referee expects movement now and
//     the zones a tile is seen leaving or entering.
//   - locate.go: a tile's location is committed only when reads agree over
//     time: seen in the new zone on consecutive reads and no longer seen in
//     the old one. Absence alone is never movement; a tile unseen for long
//     is reported as vanished but keeps its location.
//   - recognise.go: expectation-driven recognition. The referee's state
//     says where every tile should be; committed movements that leave a tile
//     elsewhere are explained by exactly one of the referee's legal actions,
//     or wait for a declaration (two meanings), or become anomalies.
//   - surface.go: the zones on the hardware (Surface implements Antennas
//     over the board's readers and RF switches).
//   - anomaly.go: movements and declarations that match nothing are
//     reported with seat, tile and zones, handled by the ruleset's penalty
//     through Referee.Foul where one applies, and never guessed into
//     another action. Operator corrections (Correction) reconcile the
//     referee and the tiles.
//
// A Sensor is not safe for concurrent use: one goroutine owns it (Run does,
// or the daemon's table owner) and feeds it reads, declarations and
// corrections in time order.
package sensing
