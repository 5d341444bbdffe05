package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"

	"jantaku/drivers/rfid"
	"jantaku/hardware/board"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
)

// maintenance readers on the reader-per-zone board, emulated chip by
// chip behind the real board code: each PN5180's die identifier as the
// chip's EEPROM gives it, and what to paste into the profile; with the
// identifiers recorded and two zones' modules swapped, the board still
// opens for the listing, which names both and fails.
func TestMaintenanceReadersOnBoard(t *testing.T) {
	t.Run("none recorded", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			p := profile.Zones()
			rig, b := boardtest.Open(t, p, false)
			var out bytes.Buffer
			if err := listReaders(t.Context(), &out, p, p.Readers, b.Readers); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			text := out.String()
			for _, z := range []string{"seat0.hand", "drop", "inline2"} {
				id := fmt.Sprintf("%x", rig.PN5180[z].DieID)
				row := lineWith(text, z+" ")
				if !strings.Contains(row, id) || !strings.Contains(row, "none") {
					t.Errorf("row of %s %q: want its die ID %s, recorded none", z, row, id)
				}
				if !strings.Contains(text, "  "+z+": {..., die_id: "+id+"}") {
					t.Errorf("no line to record %s's die ID:\n%s", z, text)
				}
			}
			if row := lineWith(text, "seat1.hand "); !strings.Contains(row, "zonecs output 5") {
				t.Errorf("seat1.hand's row does not say what selects it: %q", row)
			}
			if !strings.Contains(text, "22 reader(s) with no die_id recorded") {
				t.Errorf("listing:\n%s", text)
			}
		})
	})
	t.Run("two swapped", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			p := profile.Zones()
			rig := boardtest.New(t, p)
			for z, c := range rig.PN5180 {
				r := p.Readers[z]
				r.DieID = fmt.Sprintf("%X", c.DieID) // as written by hand, in capitals
				p.Readers[z] = r
			}
			a, c := p.Readers["seat0.hand"], p.Readers["seat2.hand"]
			a.DieID, c.DieID = c.DieID, a.DieID
			p.Readers["seat0.hand"], p.Readers["seat2.hand"] = a, c
			b := openBoardForTest(t, withoutDieIDs(p))
			var out bytes.Buffer
			err := listReaders(t.Context(), &out, p, p.Readers, b)
			if err == nil || !strings.Contains(err.Error(), "2 reader(s) answer with another chip than the profile records: seat0.hand, seat2.hand") {
				t.Fatalf("error %v\n%s", err, out.String())
			}
			text := out.String()
			if row := lineWith(text, "seat0.hand "); !strings.Contains(row, "ANOTHER: "+p.Readers["seat0.hand"].DieID) {
				t.Errorf("seat0.hand's row: %q", row)
			}
			if row := lineWith(text, "seat1.hand "); !strings.HasSuffix(strings.TrimSpace(row), "same") {
				t.Errorf("seat1.hand's row: %q", row)
			}
			if p.Readers["seat0.hand"].DieID == "" || withoutDieIDs(p).Readers["seat0.hand"].DieID != "" {
				t.Error("withoutDieIDs changed the profile it was given, or kept its die IDs")
			}
		})
	})
}

func lineWith(text, s string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, s) {
			return l
		}
	}
	return ""
}

// openBoardForTest opens p's board on the emulated chips a Rig put in
// place, closed when t ends, and returns its readers.
func openBoardForTest(t *testing.T, p *profile.Profile) map[string]rfid.Reader {
	t.Helper()
	b, err := board.New(p, board.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b.Readers
}
