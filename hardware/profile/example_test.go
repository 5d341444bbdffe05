package profile_test

import (
	"fmt"

	"jantaku/hardware/profile"
)

func ExampleDefault() {
	p := profile.Default()
	fmt.Println(p.Name, p.Motors["lift2"].Chip, p.Inputs["eye0"].Pin, p.TileSets["96-3p"].Stacks)
	// Output: jantaku-hat-v1 pwm2 GPIO4 [16 16 16 0]
}
