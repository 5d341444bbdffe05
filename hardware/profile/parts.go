package profile

import (
	"slices"
	"strconv"
	"strings"
)

// LiftLimit names the limit switch lift motor reaches going up (its top
// switch) or down (its bottom one), by the profile's names: "lift2" up
// reaches "lift2.top". ok is false for a motor that is not a lift.
func LiftLimit(motor string, up bool) (name string, ok bool) {
	if !strings.HasPrefix(motor, "lift") {
		return "", false
	}
	if up {
		return motor + ".top", true
	}
	return motor + ".bottom", true
}

// PartInputs picks, from inputs, those that show where motor's part is,
// in name order: its own switches ("lift0.top", "stacker1.home") and, for
// a conveyor, the tile eye at its end ("conveyor3": "eye3").
func PartInputs(motor string, inputs []string) []string {
	eye := ""
	if s, ok := strings.CutPrefix(motor, "conveyor"); ok {
		if _, err := strconv.Atoi(s); err == nil {
			eye = "eye" + s
		}
	}
	var out []string
	for _, n := range inputs {
		if strings.HasPrefix(n, motor+".") || eye != "" && n == eye {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
