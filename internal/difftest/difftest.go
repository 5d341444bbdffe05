package difftest

import (
	"os"
	"strconv"
	"testing"
)

// Env names the variable that sets the number of hands.
const Env = "JANTAKU_DIFF_HANDS"

// Hands returns how many random hands a differential test draws: $Env
// when it is set, else short under -short and full otherwise. A value
// that is not a positive number fails the test, naming it.
func Hands(tb testing.TB, full, short int) int {
	tb.Helper()
	if s := os.Getenv(Env); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			tb.Fatalf("%s=%q: want a positive number of hands", Env, s)
		}
		return v
	}
	if testing.Short() {
		return short
	}
	return full
}
