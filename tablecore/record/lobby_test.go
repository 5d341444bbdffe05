package record

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTypeLabel(t *testing.T) {
	// Labels as Tenhou's own tenhou.net/6 exports in the corpus write them.
	for typ, want := range map[int]string{0xa9: "鳳南喰赤", 0x29: "特南喰赤", 0x01: "般東喰赤", 0x61: "特東喰赤速", 0x07: "般東", 0xb9: "三鳳南喰赤"} {
		if got := TypeLabel(typ); got != want {
			t.Errorf("TypeLabel(%#x) = %q, want %q", typ, got, want)
		}
		if back, ok := LabelType(want); !ok || back != typ {
			t.Errorf("LabelType(%q) = %#x, %v, want %#x", want, back, ok, typ)
		}
	}
	for _, bad := range []string{"", "riichi", "鳳", "鳳北喰", "鳳南喰赤x"} {
		if _, ok := LabelType(bad); ok {
			t.Errorf("LabelType(%q) accepted", bad)
		}
	}
}

func TestParseLogID(t *testing.T) {
	id, date, typ, ok := ParseLogID("/0/?log=2021062012gm-0641-11000-af004d79&tw=2")
	want := time.Date(2021, 6, 20, 12, 0, 0, 0, time.FixedZone("JST", 9*3600))
	if !ok || id != "2021062012gm-0641-11000-af004d79" || !date.Equal(want) || typ != 0x641 {
		t.Errorf("ParseLogID = %q %v %#x %v", id, date, typ, ok)
	}
	if _, _, _, ok := ParseLogID("game.mjlog"); ok {
		t.Error("a name without a log id parsed")
	}
}

// Read takes either format, gzip-compressed or not, and says clearly when
// a file is neither.
func TestReadSniffsFormatAndGzip(t *testing.T) {
	dir := corpusDir(t)
	for _, name := range []string{"mjx/mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog", "mjx/tenhou6/2010081709gm-00a9-0000-fe3371ad.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(b)
		zw.Close()
		for _, in := range [][]byte{b, z.Bytes(), append([]byte("\xef\xbb\xbf\n"), b...)} {
			g, err := Read(bytes.NewReader(in))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			g.Named(filepath.Base(name))
			if len(g.Hands) != 15 || !g.Rules.HasType || g.Rules.Type != 0xa9 || g.Rules.Date.Year() != 2010 || !g.Rules.Hanchan {
				t.Errorf("%s: %d hands, type %#x (%v), date %v", name, len(g.Hands), g.Rules.Type, g.Rules.HasType, g.Rules.Date)
			}
		}
	}
	for _, bad := range []string{"", "   ", "PK\x03\x04", "\x1f\x8bnot gzip"} {
		if _, err := Read(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
			t.Errorf("Read(%q): %v, want a format error", bad, err)
		}
	}
}

// A published mjlog naming its log id in a comment gets its date from it;
// its GO element still gives the game type.
func TestMjlogCommentLogID(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(corpusDir(t), "pantheon-gpl3/xml/models__full_hanchan.xml"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadMjlog(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if g.Ref != "2017060214gm-00a9-0000-40a46a1c" || g.Rules.Date.Year() != 2017 || g.Rules.Type != 0xa9 || g.Rules.Label != "鳳南喰赤" {
		t.Errorf("ref %q, date %v, type %#x, label %q", g.Ref, g.Rules.Date, g.Rules.Type, g.Rules.Label)
	}
}
