package tablecore_test

import (
	"strings"
	"testing"

	"jantaku/rules/game"
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
