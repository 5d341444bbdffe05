package record

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/tile"
)

// diffGames names the first place where two games differ. faces compares
// tiles by face only and leaves out what only one format records (see
// sameHand); otherwise the games must be identical.
func diffGames(a, b *Game, faces bool) string {
	if !faces {
		if !reflect.DeepEqual(a.Players, b.Players) || !reflect.DeepEqual(a.Rules, b.Rules) ||
			!reflect.DeepEqual(a.Final, b.Final) || a.Ref != b.Ref || !slices.Equal(a.Title, b.Title) {
			return fmt.Sprintf("header: %+v %+v %+v vs %+v %+v %+v", a.Players, a.Rules, a.Final, b.Players, b.Rules, b.Final)
		}
	} else if a.Rules.Red != b.Rules.Red || a.Rules.Hanchan != b.Rules.Hanchan || a.Rules.OpenTanyao != b.Rules.OpenTanyao || a.Rules.Label != b.Rules.Label {
		return fmt.Sprintf("rules %+v vs %+v", a.Rules, b.Rules)
	}
	if len(a.Hands) != len(b.Hands) {
		return fmt.Sprintf("%d hands vs %d", len(a.Hands), len(b.Hands))
	}
	for i := range a.Hands {
		if d := diffHands(&a.Hands[i], &b.Hands[i], faces); d != "" {
			return fmt.Sprintf("hand %d (%s): %s", i, &a.Hands[i], d)
		}
	}
	return ""
}

func faceList(ts []tile.Tile) string {
	var ss []string
	for _, t := range ts {
		ss = append(ss, t.String())
	}
	return strings.Join(ss, " ")
}

func faceSet(ts []tile.Tile) string {
	ss := strings.Split(faceList(ts), " ")
	slices.Sort(ss)
	return strings.Join(ss, " ")
}

func diffHands(a, b *Hand, faces bool) string {
	if !faces {
		if !reflect.DeepEqual(a, b) {
			for i := range min(len(a.Actions), len(b.Actions)) {
				if !reflect.DeepEqual(a.Actions[i], b.Actions[i]) {
					return fmt.Sprintf("action %d: %v vs %v", i, a.Actions[i], b.Actions[i])
				}
			}
			return fmt.Sprintf("%+v\nvs\n%+v", *a, *b)
		}
		return ""
	}
	if a.Round != b.Round || a.Honba != b.Honba || a.Sticks != b.Sticks || a.Scores != b.Scores {
		return fmt.Sprintf("start %d/%d/%d %v vs %d/%d/%d %v", a.Round, a.Honba, a.Sticks, a.Scores, b.Round, b.Honba, b.Sticks, b.Scores)
	}
	if faceList(a.Dora) != faceList(b.Dora) || faceList(a.Ura) != faceList(b.Ura) {
		return fmt.Sprintf("dora %v ura %v vs dora %v ura %v", a.Dora, a.Ura, b.Dora, b.Ura)
	}
	for s := range 4 {
		if faceSet(a.Deal[s]) != faceSet(b.Deal[s]) {
			return fmt.Sprintf("seat %d deal %s vs %s", s, faceSet(a.Deal[s]), faceSet(b.Deal[s]))
		}
	}
	for i := range max(len(a.Actions), len(b.Actions)) {
		if i >= len(a.Actions) || i >= len(b.Actions) {
			return fmt.Sprintf("%d actions vs %d", len(a.Actions), len(b.Actions))
		}
		x, y := a.Actions[i], b.Actions[i]
		same := x.Type == y.Type && x.Seat == y.Seat
		switch x.Type {
		case Draw:
			same = same && SameFace(x.Tile, y.Tile)
		case Discard:
			same = same && SameFace(x.Tile, y.Tile) && x.Tsumogiri == y.Tsumogiri
		case Call:
			same = same && x.Meld.Type == y.Meld.Type && x.Meld.From == y.Meld.From &&
				faceSet(x.Meld.Tiles) == faceSet(y.Meld.Tiles)
			if x.Meld.Type != tile.ClosedKan {
				same = same && SameFace(x.Meld.Tiles[0], y.Meld.Tiles[0])
			}
			if x.Meld.Type == tile.AddedKan {
				same = same && SameFace(x.Meld.Tiles[3], y.Meld.Tiles[3])
			}
		}
		if !same {
			return fmt.Sprintf("action %d: %v vs %v", i, x, y)
		}
	}
	ra, rb := &a.Result, &b.Result
	if ra.Draw != rb.Draw || ra.Deltas != rb.Deltas || (ra.Draw == Exhaustive && ra.Tenpai != rb.Tenpai) || len(ra.Wins) != len(rb.Wins) {
		return fmt.Sprintf("result %+v vs %+v", *ra, *rb)
	}
	for i := range ra.Wins {
		x, y := ra.Wins[i], rb.Wins[i]
		// tenhou6 gives no fu for limit hands, and leaves out 0-han dora.
		if x.Limit != NoLimit {
			x.Fu, y.Fu = 0, 0
		}
		x.Yaku = slices.DeleteFunc(slices.Clone(x.Yaku), func(y Yaku) bool { return y.Han == 0 && !y.Yakuman })
		y.Yaku = slices.DeleteFunc(slices.Clone(y.Yaku), func(y Yaku) bool { return y.Han == 0 && !y.Yakuman })
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("win %d: %+v vs %+v", i, x, y)
		}
	}
	return ""
}

// Every tenhou6 file of the corpus written back and read again is the
// same game.
func TestTenhou6RoundTrip(t *testing.T) {
	for _, path := range corpusFiles(t, ".json") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, err := ReadTenhou6(bytes.NewReader(readFile(t, path)))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			var out bytes.Buffer
			if err := WriteTenhou6(&out, g); err != nil {
				t.Fatalf("%s: write: %v", path, err)
			}
			back, err := ReadTenhou6(&out)
			if err != nil {
				t.Fatalf("%s: reading the export: %v", path, err)
			}
			if d := diffGames(g, back, false); d != "" {
				t.Fatalf("%s: export differs: %s", path, d)
			}
		})
	}
}

// The games that the corpus holds in both formats read the same.
func TestMjlogMatchesTenhou6(t *testing.T) {
	root := corpusDir(t)
	pairs := 0
	for _, pair := range [][2]string{
		{"mjx/mjlog/*.mjlog", "mjx/tenhou6/%s.json"},
	} {
		logs, _ := filepath.Glob(filepath.Join(root, pair[0]))
		for _, mj := range logs {
			base := strings.TrimSuffix(filepath.Base(mj), filepath.Ext(mj))
			js := filepath.Join(root, fmt.Sprintf(pair[1], base))
			if _, err := os.Stat(js); err != nil {
				continue
			}
			pairs++
			t.Run(base, func(t *testing.T) {
				a, err := ReadMjlog(bytes.NewReader(readFile(t, mj)))
				if err != nil {
					t.Fatal(err)
				}
				b, err := ReadTenhou6(bytes.NewReader(readFile(t, js)))
				if err != nil {
					t.Fatal(err)
				}
				if d := diffGames(a, b, true); d != "" {
					t.Fatalf("%s vs %s: %s", mj, js, d)
				}
				// An mjlog exported as tenhou6 reads as the same game too.
				var out bytes.Buffer
				if err := WriteTenhou6(&out, a); err != nil {
					t.Fatal(err)
				}
				c, err := ReadTenhou6(&out)
				if err != nil {
					t.Fatal(err)
				}
				if d := diffGames(a, c, true); d != "" {
					t.Fatalf("%s exported: %s", mj, d)
				}
			})
		}
	}
	t.Logf("%d games compared across formats", pairs)
	if pairs != 31 {
		t.Errorf("compared %d games, the corpus pairs 31 (SOURCES.md)", pairs)
	}
}
