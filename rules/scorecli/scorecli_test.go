package scorecli_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/scorecli"
	"jantaku/rules/tile"
)

func TestWinnerHand(t *testing.T) {
	tests := []struct {
		name, hand, win string
		want            string // the hand as written back, with the winning tile
		wantWin         string
		bad             string // an error holding this, wrapping ErrBadHand or tile.ErrSyntax
	}{
		{"last tile wins", "123m456p789s11222z", "", "123m456p789s11222z", "2z", ""},
		{"--win completes 13 tiles", "123m456p789s1122z", "2z", "123m456p789s11222z", "2z", ""},
		{"--win names a held tile", "123m456p789s11222z", "1m", "123m456p789s11222z", "1m", ""},
		{"13 tiles", "123m456p789s1122z", "", "", "", "has 13 tiles"},
		{"a flower is not a winning tile", "123m456p789s1122z", "1f", "", "", "--win takes one tile that is not a flower"},
		{"winning tile not held", "123m456p789s11222z", "5z", "", "", "the winning tile 5z is not among"},
		{"chi from the next player", "(chi 213m<1) 456p789s11222z", "", "", "", "a chi takes the previous player's discard"},
		{"syntax", "123m456p789s1122x", "", "", "", "position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &scorecli.Request{Hand: []string{tt.hand}, Win: tt.win}
			h, win, err := r.WinnerHand()
			if tt.bad != "" {
				if err == nil || !strings.Contains(err.Error(), tt.bad) {
					t.Fatalf("err %v, want one saying %q", err, tt.bad)
				}
				if k := scorecli.Kind(err); k != scorecli.KindBadHand && tt.win != "1f" {
					t.Errorf("kind %q, want bad_hand", k)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.String() != tt.want || win.String() != tt.wantWin {
				t.Errorf("got %s +%s, want %s +%s", h, win, tt.want, tt.wantWin)
			}
		})
	}
}

func TestSeats(t *testing.T) {
	tests := []struct {
		seat, from    string
		tsumo         bool
		players       int
		winner, dealt game.Seat
		err           string
	}{
		{"S", "", false, 4, 1, 0, ""}, // the discarder defaults to the winner's 上家
		{"E", "", false, 4, 0, 3, ""}, // East's 上家 is North
		{"E", "", false, 3, 0, 2, ""}, // at three seats, West
		{"W", "", true, 4, 2, game.NoSeat, ""},
		{"north", "2z", false, 4, 3, 1, ""},
		{"S", "S", false, 4, 0, 0, "--from S is the winner's own seat"},
		{"S", "E", true, 4, 0, 0, "--from names the discarder of a ron"},
		{"N", "", false, 3, 0, 0, "--seat N: the table has 3 seats (E S W)"},
		{"X", "", false, 4, 0, 0, `--seat: "X" is not a wind (E, S, W, N)`},
	}
	for _, tt := range tests {
		r := &scorecli.Request{Seat: tt.seat, From: tt.from, Tsumo: tt.tsumo}
		w, f, err := r.Seats(tt.players)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%+v: err %v, want %q", tt, err, tt.err)
			}
		case err != nil:
			t.Errorf("%+v: %v", tt, err)
		case w != tt.winner || f != tt.dealt:
			t.Errorf("%+v: got %v from %v", tt, w, f)
		}
	}
}

func TestWays(t *testing.T) {
	r := &scorecli.Request{Cond: map[string][]string{"replacement": {"true"}}}
	if err := r.Ways([]string{"replacement"}, nil); err != nil || !r.Tsumo {
		t.Errorf("a replacement win: err %v, tsumo %v; want a tsumo", err, r.Tsumo)
	}
	r = &scorecli.Request{Cond: map[string][]string{"replacement": {"true"}}, Given: []string{"ron"}}
	if err := r.Ways([]string{"replacement"}, nil); !scorecli.IsUsage(err) || !strings.Contains(err.Error(), "--replacement is a self-drawn win, not a ron") {
		t.Errorf("--replacement --ron: %v", err)
	}
	r = &scorecli.Request{Tsumo: true, Cond: map[string][]string{"robbing": {"false", "true"}}}
	if err := r.Ways(nil, []string{"robbing"}); !scorecli.IsUsage(err) || !strings.Contains(err.Error(), "--robbing is a win on another player's tile") {
		t.Errorf("--robbing --tsumo: %v", err)
	}
}

func TestSeatHands(t *testing.T) {
	r := &scorecli.Request{Cond: map[string][]string{"player": {"E=(pon 222z<2)", "W = 123m"}}}
	hs, err := r.SeatHands("player", 4, 3)
	if err != nil || len(hs) != 2 || hs[0].String() != "(pon 222z<2)" || hs[2].String() != "123m" {
		t.Fatalf("got %v, %v", hs, err)
	}
	for _, tt := range []struct{ v, want string }{
		{"N=123m", "that is the winner"},
		{"E123m", "--player wants WIND=HAND"},
		{"E=(chi 123m<2)", "--player E: (chi 123m<2): a chi takes"},
	} {
		r := &scorecli.Request{Cond: map[string][]string{"player": {tt.v}}}
		if _, err := r.SeatHands("player", 4, 3); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want %q", tt.v, err, tt.want)
		}
	}
}

// testOptions stands for a ruleset's options.
type testOptions struct {
	Minimum int `yaml:"minimum"`
	Caps    struct {
		Cap int `yaml:"cap"`
	} `yaml:"caps"`
	Flowers bool `yaml:"flowers"`
}

func (o testOptions) Validate() error {
	if o.Minimum < 0 {
		return fmt.Errorf("minimum %d is negative", o.Minimum)
	}
	return nil
}

func TestLayOptions(t *testing.T) {
	file := filepath.Join(t.TempDir(), "o.yaml")
	if err := os.WriteFile(file, []byte("minimum: 6\nflowers: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The file, then each --set in order, a dotted key reaching into a section.
	r := &scorecli.Request{Options: file, Sets: []string{"caps.cap=300", "minimum=8"}}
	o, err := scorecli.LayOptions(testOptions{Minimum: 1}, r)
	if err != nil || o.Minimum != 8 || o.Caps.Cap != 300 || !o.Flowers {
		t.Fatalf("got %+v, %v", o, err)
	}
	for _, tt := range []struct {
		sets []string
		want string
	}{
		{[]string{"minimun=6"}, `--set minimun=6: unknown option "minimun" (did you mean "minimum"?)`},
		{[]string{"zzz=6"}, `unknown option "zzz" (the options are caps, flowers, minimum)`},
		{[]string{"minimum=-1"}, "minimum -1 is negative"},
	} {
		_, err := scorecli.LayOptions(testOptions{}, &scorecli.Request{Sets: tt.sets})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err %v, want %q", tt.sets, err, tt.want)
		}
	}
	if err := os.WriteFile(file, []byte("minimum: 6\nflower: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = scorecli.LayOptions(testOptions{}, &scorecli.Request{Options: file})
	if want := file + `: line 2: unknown option "flower" (did you mean "flowers"?)`; err == nil || err.Error() != want {
		t.Errorf("a misspelt key in the file: %v, want %q", err, want)
	}
}

func TestKind(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{scorecli.WithKind(scorecli.KindNoYaku, errors.New("no yaku")), "no_yaku"},
		{scorecli.Usage(scorecli.WithKind(scorecli.KindOptions, errors.New("x"))), "options"},
		{fmt.Errorf("not this: %w", game.ErrNotWinning), "not_winning"},
		{fmt.Errorf("bad: %w", tile.ErrSyntax), "bad_hand"},
		{scorecli.ErrBadHand, "bad_hand"},
		{errors.New("anything else"), "usage"},
	}
	for _, tt := range tests {
		if got := scorecli.Kind(tt.err); got != tt.want {
			t.Errorf("Kind(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
	if scorecli.Usage(nil) != nil || scorecli.WithKind("x", nil) != nil {
		t.Error("a nil error marked is not nil")
	}
}

func TestSheet(t *testing.T) {
	r := &scorecli.Request{Tsumo: true, Cond: map[string][]string{"replacement": {"true"}}}
	h, err := tile.ParseHand("99p123m (pon 555z<1) 456s78s9s")
	if err != nil {
		t.Fatal(err)
	}
	conds := []scorecli.Condition{{Name: "round", Arg: "WIND"}, {Name: "replacement"}, {Name: "robbing"}}
	s := scorecli.NewSheet(r, "test/one", h, tile.Kind(tile.East), 1, game.NoSeat, conds)
	s.Items = []scorecli.Item{{Name: "箭刻", English: "Dragon Pung", Value: "2"}, {Seat: "E", Name: "x", English: "y", Value: "1"}}
	s.Value = "2 points"
	// S wins 2 from each of E and W, and N pays the pot 1: net E −2,
	// S +4, W −2, N −1.
	s.Pay([]game.Payment{{From: 0, To: 1, Amount: 2, Reason: "win"}, {From: 2, To: 1, Amount: 2, Reason: "win"},
		{From: 3, To: game.NoSeat, Amount: 1, Reason: "pot"}}, 4, 1)
	want := `123m99p456789s (pon 555z<1)  +1z tsumo, replacement, seat S (rules: test/one)
  箭刻           Dragon Pung                        2
2 points
E pays S 2
W pays S 2
N pays table 1 (pot)
net: E -2, S +4, W -2, N -1
total: S +4
`
	if got := s.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	s.SetLine(7)
	if got, want := s.Summary(), "123m99p456789s (pon 555z<1): 箭刻 2; 2 points; 4 (E 2, W 2, N 1) [test/one]"; got != want || s.Line != 7 {
		t.Errorf("Summary %q, want %q (line %d)", got, want, s.Line)
	}
}

func TestHelp(t *testing.T) {
	got := scorecli.Help("fam", "one", []string{"two", "three"}, []scorecli.Condition{
		{Name: "won", Arg: "WINDS", Usage: "who has won"},
		{Name: "flower-replacement", Usage: "a long switch"},
		{Name: "player", Arg: "WIND=HAND", Usage: "a long flag with a value"},
	})
	want := `
fam (--rules fam, default preset one; also two, three):
  --won WINDS         who has won
  --flower-replacement
                      a long switch
  --player WIND=HAND  a long flag with a value
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestNumberError(t *testing.T) {
	_, perr := strconv.Atoi("x")
	_, rerr := strconv.ParseInt("99999999999999999999", 0, 64)
	if got := scorecli.NumberError(perr).Error(); got != "parse error" {
		t.Errorf("x: %q", got)
	}
	if got := scorecli.NumberError(rerr).Error(); got != "value out of range" {
		t.Errorf("a huge number: %q", got)
	}
}

func TestPad(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{{"ab", 4, "ab  "}, {"箭刻", 6, "箭刻  "}, {"箭刻", 3, "箭刻"}, {"abcd", 2, "abcd"}} {
		if got := scorecli.Pad(tt.s, tt.n); got != tt.want {
			t.Errorf("Pad(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}
