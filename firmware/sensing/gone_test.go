package sensing_test

import (
	"jantaku/firmware/sensing/sensingtest"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
)

// TestSensingOutlivesItsReferee: whichever of its calls the referee goes
// away at, the sensor takes a discard's reads, a declared win and the
// reads after its grace without failing, and accepts nothing once the
// referee has gone.
func TestSensingOutlivesItsReferee(t *testing.T) {
	for n := range 60 {
		ref := &sensingtest.Gone{Left: n}
		g, sn, tb := dealFastWith(t, 3, func(r sensing.Referee) sensing.Referee { ref.Referee = r; return ref })
		h := g.Hand()
		seat := h.Turn
		held := h.Seats[seat].Hand
		discard := tb.UID(held[len(held)-1])
		var inHand []rfid.UID
		for _, tl := range held[:len(held)-1] {
			inHand = append(inHand, tb.UID(tl))
		}
		start := time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)
		var outs []sensing.Output
		for i := range 4 {
			at := start.Add(time.Duration(i) * 200 * time.Millisecond)
			outs = append(outs, sn.Observe(t.Context(), sensing.Read{Zone: sensing.SeatZone(seat, sensing.Hand), At: at, UIDs: inHand})...)
			outs = append(outs, sn.Observe(t.Context(), sensing.Read{Zone: sensing.SeatZone(seat, sensing.Discards), At: at.Add(100 * time.Millisecond), UIDs: []rfid.UID{discard}})...)
		}
		outs = append(outs, sn.Declare(t.Context(), sensing.Declaration{Seat: seat.Next(h.Players), Kind: sensing.DeclareWin, At: start.Add(time.Second)})...)
		outs = append(outs, sn.Observe(t.Context(), sensing.Read{Zone: sensing.SeatZone(seat, sensing.Discards), At: start.Add(time.Minute), UIDs: []rfid.UID{discard}})...)
		if !ref.Went() {
			continue // the referee outlived the test's reads
		}
		for _, o := range outs {
			if a, ok := o.(*sensing.Accepted); ok && len(g.Hand().Seats[seat].Discards) == 0 {
				t.Errorf("gone after %d calls: accepted %s that the referee never took", n, a.Action)
			}
		}
	}
}
