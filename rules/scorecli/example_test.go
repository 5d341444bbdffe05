package scorecli_test

import (
	"fmt"

	"jantaku/rules/mcr"
	"jantaku/rules/scorecli"
)

// A family scores a command line that the score command has parsed into
// a Request: here MCR's seed rules, South winning on East's 9s.
func ExampleFamily() {
	var fam scorecli.Family = mcr.ScoreCLI{}
	r := &scorecli.Request{Hand: []string{"234m345p456s55m78s9s"}, Seat: "S"}
	res, err := fam.Score(r, "simplified")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Summary())
	// Output:
	// 23455m345p456789s: 三色三步高 6, 门前清 2, 平和 2; 10 points, minimum 6, base 8; 34 (E 18, W 8, N 8) [mcr/simplified]
}

// The help block of a family that does not write its own.
func ExampleHelp() {
	fmt.Print(scorecli.Help("sichuan", "default", []string{"record"}, []scorecli.Condition{
		{Name: "missing", Arg: "SUIT", Usage: "the winner's missing suit"},
		{Name: "replacement", Usage: "self-drawn on a kong's replacement"},
	}))
	// Output:
	//
	// sichuan (--rules sichuan, default preset default; also record):
	//   --missing SUIT      the winner's missing suit
	//   --replacement       self-drawn on a kong's replacement
}
