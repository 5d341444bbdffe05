package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"strings"
	"text/tabwriter"

	"jantaku/drivers/rfid"
	"jantaku/hardware/profile"
)

// dieIDer is a reader that reads its chip's die identifier (a PN5180).
type dieIDer interface {
	DieID(ctx context.Context) ([]byte, error)
}

// withoutDieIDs returns p with no die identifier recorded, so that a
// board whose modules were changed opens for `maintenance readers` to
// list the new ones; p is not changed.
func withoutDieIDs(p *profile.Profile) *profile.Profile {
	q := *p
	q.Readers = maps.Clone(p.Readers)
	for n, r := range q.Readers {
		r.DieID = ""
		q.Readers[n] = r
	}
	return &q
}

// listReaders prints each reader of an opened board with what selects
// it and its chip's die identifier beside the one recorded (recorded:
// the profile's readers), and says how to record the missing ones. A
// reader whose chip is not the one recorded is an error, after the list.
func listReaders(ctx context.Context, w io.Writer, p *profile.Profile, recorded map[string]profile.Reader, readers map[string]rfid.Reader) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "READER\tKIND\tSELECTED BY\tDIE ID\tRECORDED")
	var missing []string
	var wrong []string
	var failed error
	read := 0
	for _, n := range sortedNames(readers) {
		r := p.Readers[n]
		d, ok := readers[n].(dieIDer)
		if !ok {
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\n", n, r.ReaderKind(), p.ChipSelectOf(n))
			continue
		}
		id, err := d.DieID(ctx)
		if err != nil {
			fmt.Fprintf(tw, "%s\t%s\t%s\tnot read: %v\t%s\n", n, r.ReaderKind(), p.ChipSelectOf(n), err, orNone(recorded[n].DieID))
			if failed == nil {
				failed = fmt.Errorf("reader %s: reading its die identifier: %w", n, err)
			}
			continue
		}
		read++
		got := fmt.Sprintf("%x", id)
		rec := recorded[n].DieID
		state := "none"
		switch {
		case rec == "":
			missing = append(missing, fmt.Sprintf("  %s: {..., die_id: %s}", n, got))
		case strings.EqualFold(rec, got):
			state = "same"
		default:
			state = "ANOTHER: " + rec
			wrong = append(wrong, n)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", n, r.ReaderKind(), p.ChipSelectOf(n), got, state)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if read == 0 {
		fmt.Fprintln(w, "\nNo reader has a die identifier to read (a PN5180 on the board has; simulated readers and MFRC522s have none).")
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "\n%d reader(s) with no die_id recorded. With each one in the profile, the board\nrefuses to open with another chip in its place (modules swapped between zones):\n%s\n",
			len(missing), strings.Join(missing, "\n"))
	}
	if len(wrong) > 0 {
		return fmt.Errorf("%d reader(s) answer with another chip than the profile records: %s (modules swapped or replaced: put them back, or record the new die_id)", len(wrong), strings.Join(wrong, ", "))
	}
	return failed
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
