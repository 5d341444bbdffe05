package record

import (
	"bytes"
	"errors"
	"testing"
)

// The seeds are the hand-written records of format_test.go, cut and
// damaged; never the corpus, whose records are not ours to keep here.
func FuzzTenhou6(f *testing.F) {
	for _, s := range []string{handT6, handT6[:len(handT6)/2], "{}", `{"name":["a","b","c","d"],"log":[[]]}`, "[]", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ReadTenhou6(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
			return
		}
		// What was read can be written and read again.
		var out bytes.Buffer
		if err := WriteTenhou6(&out, g); err != nil {
			return
		}
		back, err := ReadTenhou6(&out)
		if err != nil {
			t.Fatalf("export of an accepted record does not read: %v\n%s", err, out.String())
		}
		if d := diffGames(g, back, false); d != "" {
			t.Fatalf("export differs: %s", d)
		}
	})
}

func FuzzMjlog(f *testing.F) {
	for _, s := range []string{handMjlog, handMjlog[:len(handMjlog)/3], "<mjloggm/>", `<INIT seed="0,0,0,0,0,0"/>`, "<N m=\"-1\"/>", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ReadMjlog(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
			return
		}
		// The mjlog reader does not check turn order, so the export of a
		// garbled log may not make an order of play; it must still fail
		// with an error, not a panic.
		var out bytes.Buffer
		if err := WriteTenhou6(&out, g); err != nil {
			return
		}
		if _, err := ReadTenhou6(&out); err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("export of an accepted mjlog: error %v is not ErrFormat", err)
		}
	})
}
