package difftest

import (
	"testing"
)

func TestHands(t *testing.T) {
	t.Setenv(Env, "")
	want := 30000
	if testing.Short() {
		want = 5000
	}
	if got := Hands(t, 30000, 5000); got != want {
		t.Errorf("unset: %d, want %d", got, want)
	}
	t.Setenv(Env, "1234")
	if got := Hands(t, 30000, 5000); got != 1234 {
		t.Errorf("%s=1234: %d", Env, got)
	}
}

// A bad value fails the test that asked, with the variable and the value.
func TestHandsRefusesBadValues(t *testing.T) {
	for _, v := range []string{"0", "-3", "many"} {
		t.Setenv(Env, v)
		ft := &fatalT{TB: t}
		func() {
			defer func() { recover() }()
			Hands(ft, 10, 1)
		}()
		if ft.msg == "" {
			t.Errorf("%s=%q: accepted", Env, v)
		}
	}
}

// fatalT records Fatalf and stops the call, as testing.T does.
type fatalT struct {
	testing.TB
	msg string
}

func (f *fatalT) Helper() {}
func (f *fatalT) Fatalf(format string, args ...any) {
	f.msg = format
	panic("fatal")
}
