package tests

import (
	"os"
	"regexp"
	"testing"

	"jantaku/firmware/cycle"
)

// Every fault code the machine can raise has plain-language help in each
// of the displays' languages, and every phase it publishes has a label:
// otherwise a parlour screen would show a bare code.
func TestMachineCodesHaveHelp(t *testing.T) {
	b, err := os.ReadFile("../mqtt/display/web/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	count := func(key string) int {
		return len(regexp.MustCompile(`"`+regexp.QuoteMeta(key)+`"\s*:`).FindAllStringIndex(src, -1))
	}
	const languages = 3
	for _, c := range cycle.Codes() {
		if n := count("help." + c); n != languages {
			t.Errorf("help.%s appears in %d languages, want %d", c, n, languages)
		}
	}
	for _, s := range []cycle.State{cycle.Idle, cycle.Mixing, cycle.Building, cycle.Census, cycle.Ready, cycle.Raising, cycle.WallsUp, cycle.Lowering, cycle.Faulted} {
		if n := count("mphase." + string(s)); n != languages {
			t.Errorf("mphase.%s appears in %d languages, want %d", s, n, languages)
		}
	}
}
