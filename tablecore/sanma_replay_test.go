package tablecore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"jantaku/internal/testdir"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/record"
)

// sanmaLog is a hand-written three-player mjlog (GO type 0xb9, 鳳南喰赤 for
// three): seat 3 empty, the dealer draws a north, sets it aside (N m=30752:
// tile 120 and the kita bit 0x20), wins on the replacement 3s: menzen
// tsumo, rinshan, ittsu, kita, 5 han, a dealer's mangan tsumo paid 4,000
// by each of the two others.
const sanmaLog = `<mjloggm ver="2.3"><GO type="185" lobby="0"/>` +
	`<UN n0="A" n1="B" n2="C" n3="" dan="0,0,0,0" rate="1500,1500,1500,0" sx="M,M,M,C"/><TAIKYOKU oya="0"/>` +
	`<INIT seed="0,0,0,1,2,110" ten="350,350,350,0" oya="0"` +
	` hai0="36,40,44,48,53,56,60,64,68,72,73,76,84"` +
	` hai1="0,1,32,33,37,38,69,70,74,75,105,106,108"` +
	` hai2="45,46,61,62,81,82,96,97,124,125,128,129,132" hai3=""/>` +
	`<T104/><D104/><U109/><E109/><V133/><F133/><T120/><N who="0" m="30752"/><T80/>` +
	`<AGARI ba="0,0" ten="40,8000,1" yaku="0,1,4,1,24,2,52,1" doraHai="110" who="0" fromWho="0" sc="350,80,350,-40,350,-40,0,0"/>` +
	`</mjloggm>`

func TestReplayThreePlayerMjlog(t *testing.T) {
	rec, err := record.ReadMjlog(strings.NewReader(sanmaLog))
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Rules.Three || len(rec.Hands[0].Deal[3]) != 0 || rec.Rules.Red != [3]bool{false, true, true} {
		t.Fatalf("read as %+v", rec.Rules)
	}
	var kita int
	for _, a := range rec.Hands[0].Actions {
		if a.Type == record.Kita {
			kita++
		}
	}
	if kita != 1 {
		t.Fatalf("%d kita read, want 1: %v", kita, rec.Hands[0].Actions)
	}
	rs, desc, err := tablecore.RecordRuleset(rec, "")
	if err != nil {
		t.Fatal(err)
	}
	if rs.Rules().Players != 3 {
		t.Fatalf("replayed under %s, %d players", desc, rs.Rules().Players)
	}
	var wins []game.Win
	var changes []int
	err = tablecore.ReplayGame(rec, rs, func(r tablecore.HandReport) { wins, changes = r.Wins, r.Changes })
	if err != nil {
		t.Fatal(err)
	}
	if len(wins) != 1 || wins[0].Value.Han != 5 || len(changes) != 3 || changes[0] != 8000 || changes[1] != -4000 || changes[2] != -4000 {
		t.Errorf("wins %+v, changes %v", wins, changes)
	}
	// The same log with a fourth player's tiles is not a three-player game.
	bad := strings.Replace(sanmaLog, `hai3=""`, `hai3="2"`, 1)
	if _, err := record.ReadMjlog(strings.NewReader(bad)); err == nil {
		t.Error("a three-player log dealing seat 3 was read")
	}
}

// The three-player record goes record → referee → journal → export →
// tenhou.net/6 → replay and gives the same deal, kita, win and score
// changes: the export writes the north set aside as "f44", seat 3 empty.
func TestThreePlayerRoundTrip(t *testing.T) {
	ctx := context.Background()
	rec, err := record.ReadMjlog(strings.NewReader(sanmaLog))
	if err != nil {
		t.Fatal(err)
	}
	rs, _, err := tablecore.RecordRuleset(rec, "")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := json.Marshal(rs.(*riichi.Ruleset).Options())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(testdir.InMemory(t), "sanma.jnl")
	tb, err := tablecore.Create(ctx, path, "riichi", opts, resolveAny, 0, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.ReplayHand(ctx, &rec.Hands[0]); err != nil {
		t.Fatal(err)
	}
	tb.Close()
	exp, err := tablecore.Record(path, resolveAny)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := record.WriteTenhou6(&buf, exp); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, `"f44"`) || !strings.Contains(out, `"disp":"三`) || !strings.Contains(out, `[],[],[],["和了"`) || !strings.Contains(out, `"満貫4000点∀"`) {
		t.Fatalf("export lacks the kita, the three-player label, an empty seat 3 or the dealer's 4,000 all:\n%s", out)
	}
	back, err := record.Read(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rs2, err := rulesets.New(back.Rules.Referee.Ruleset, back.Rules.Referee.Options)
	if err != nil {
		t.Fatal(err)
	}
	var changes []int
	if err := tablecore.ReplayGame(back, rs2, func(r tablecore.HandReport) { changes = r.Changes }); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	h, h2 := &rec.Hands[0], &back.Hands[0]
	if d := h.Deltas(); !slices.Equal(changes, d[:3]) || !slices.Equal(changes, []int{8000, -4000, -4000}) {
		t.Fatalf("changes %v after the round trip, the record's %v", changes, d)
	}
	for s := range 4 {
		if !sameFaces(sorted(h.Deal[s]), sorted(h2.Deal[s])) {
			t.Errorf("seat %d dealt %v, after the round trip %v", s, h.Deal[s], h2.Deal[s])
		}
	}
	var kinds, kinds2 []string
	for _, a := range h.Actions {
		kinds = append(kinds, a.Type.String())
	}
	for _, a := range h2.Actions {
		kinds2 = append(kinds2, a.Type.String())
	}
	if !slices.Equal(kinds, kinds2) || !sameFaces(h.Dora, h2.Dora) {
		t.Errorf("actions %v, after the round trip %v; dora %v, %v", kinds, kinds2, h.Dora, h2.Dora)
	}
}

// Four norths set aside and a closed kong need five replacement tiles;
// a three-player dead wall holds eight, so the fifth stands at wall
// position 102 (the third stack from the split end) and the dora
// indicator at 98 (the fifth stack). Four players have four: a fifth
// replacement in a four-player record is refused, named.
func TestWallOfFifthReplacement(t *testing.T) {
	o, err := riichi.TablePreset("sanma")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	ts := tile.MustParse
	h := &record.Hand{Dora: ts("3z")}
	h.Deal[0] = ts("4444z1111p23456p")
	h.Deal[1] = ts("2223334445556s")[:13]
	h.Deal[2] = ts("777788889999s1z")[:13]
	draw := func(s string) record.Action { return record.Action{Type: record.Draw, Seat: 0, Tile: ts(s)[0]} }
	kita := record.Action{Type: record.Kita, Seat: 0, Tile: ts("4z")[0]}
	h.Actions = []record.Action{draw("7p"), kita, draw("8p"), kita, draw("9p"), kita, draw("1s"), kita, draw("2s"),
		{Type: record.Call, Seat: 0, Meld: tile.Meld{Type: tile.ClosedKan, Tiles: ts("1111p")}}, draw("3s")}
	d, err := tablecore.WallOf(h, rs.Rules().Set, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Known[102] || d.Wall[102].Kind != tile.S3 || !d.Known[98] || d.Wall[98].Kind != tile.West {
		t.Fatalf("position 102 holds %s (known %v), 98 holds %s (known %v); want the fifth replacement 3s and the indicator 3z",
			d.Wall[102], d.Known[102], d.Wall[98], d.Known[98])
	}
	// Four players: five kongs by one seat need a fifth replacement.
	o4, _ := riichi.TablePreset("tenhou")
	rs4, err := riichi.New(o4)
	if err != nil {
		t.Fatal(err)
	}
	h4 := &record.Hand{Dora: ts("3z")}
	h4.Deal[0] = ts("1111p2222p3333p4p")[:13]
	h4.Deal[1] = ts("1112223334445m")
	h4.Deal[2] = ts("1112223334445s")
	h4.Deal[3] = ts("6667778889999m")
	kan := func(s string) record.Action {
		return record.Action{Type: record.Call, Seat: 0, Meld: tile.Meld{Type: tile.ClosedKan, Tiles: ts(s)}}
	}
	h4.Actions = []record.Action{draw("4p"), kan("1111p"), draw("4p"), kan("2222p"), draw("4p"), kan("3333p"),
		draw("5p"), kan("4444p"), draw("5p"), kan("5555p"), draw("6p")}
	_, err = tablecore.WallOf(h4, rs4.Rules().Set, 0)
	if err == nil || !strings.Contains(err.Error(), "replacement tile 5 would be at wall position 130, a dora or ura indicator's: more replacements than the dead wall's 4") {
		t.Fatalf("error %v, want the fifth replacement named", err)
	}
}
