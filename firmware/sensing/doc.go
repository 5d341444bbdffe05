// Package sensing turns the table surface's antenna reads into game
// actions. It has these parts, one file each:
//
//   - schedule.go: which zone antenna to read next, within the one surface
//     reader's budget (an ISO 15693 inventory is 8 ms empty and about
//     8 ms more per tag), favouring the zones where a tile can land next
//     (Sensor.Focus: the acting seat's zones, the claimers' melds, zones a
//     tile is seen arriving in, a zone whose next read confirms a tile)
//     and leaving the walls, the slowest zones, for last.
//   - locate.go: a tile's location is committed only when reads agree over
//     time: seen twice in the new zone, not at home in between, and no
//     longer seen by the old zone's latest read unless the referee
//     expects the move (Locator.Expect). Absence alone is never movement;
//     a tile unseen for long is reported as vanished but keeps its
//     location.
//   - recognise.go: expectation-driven recognition. The referee's state
//     says where every tile should be; committed movements that leave a tile
//     elsewhere are explained by exactly one of the referee's legal actions,
//     or wait for a declaration (two meanings), or become anomalies. Fast
//     players run ahead of the reads: a movement is matched one step at a
//     time (a draw, then the discard of the same tile, then the claim), a
//     tile still on its way after an action is moved by the next one, a
//     discard waits while the seat's next replacement tile is already seen
//     with it (the kita, flower or kong that drew it came first), and a
//     movement shaped like play waits while earlier actions are still
//     being taken in (Config.Behind) before it is an anomaly. A movement
//     the latest read of its new zone no longer sees (two sightings of a
//     neighbour's tag) is not reported while that lasts, up to Behind; its
//     old zone is read to bring the tile back.
//   - surface.go: the zones on the hardware (Surface implements Antennas
//     over the board's readers and RF switches; Readers splits it into
//     its readers, a lockstep group counting as one).
//   - readers.go: RunReaders, the sensing loop with several surface
//     readers reading at once (a reader per seat), each over its own
//     zones' schedule, their reads handed to the sensor as they end.
//   - quiet.go: QuietZone, a zone read through a reader of its own that
//     holds its field on (HeldField): the tiles placed there are told to
//     stay quiet, so its polls hear only newcomers, in 2 ms when nothing
//     came; each read says which tiles it could not hear (Read.Quiet), a
//     doubted tile is asked for by its UID (Read.Asked), and the whole
//     zone is read now and then to see a quiet tile leave.
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
