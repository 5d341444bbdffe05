package topic_test

import (
	"errors"
	"testing"

	"jantaku/mqtt/topic"
)

func TestNew(t *testing.T) {
	for _, c := range []struct{ prefix, id string }{
		{"", "t1"}, {"jantaku", ""}, {"jan/+", "t1"}, {"jantaku", "t#"}, {"jantaku", "a/b"},
		{"$SYS", "t1"}, {"a//b", "t1"}, {"jantaku", "t\x00"},
	} {
		if _, err := topic.New(c.prefix, c.id); !errors.Is(err, topic.ErrInvalid) {
			t.Errorf("New(%q, %q) = %v, want ErrInvalid", c.prefix, c.id, err)
		}
	}
	tb, err := topic.New("parlour/jantaku", "t1")
	if err != nil {
		t.Fatal(err)
	}
	for got, want := range map[string]string{
		tb.Status():          "parlour/jantaku/t1/status",
		tb.State():           "parlour/jantaku/t1/state",
		tb.Events():          "parlour/jantaku/t1/events",
		tb.Machine():         "parlour/jantaku/t1/machine",
		tb.SeatState(2):      "parlour/jantaku/t1/seat/2/state",
		tb.Seat(2):           "parlour/jantaku/t1/seat/2/#",
		tb.SpectatorEvents(): "parlour/jantaku/t1/spectator/events",
		tb.Command("seat1"):  "parlour/jantaku/t1/cmd/seat1",
		tb.Reply("operator"): "parlour/jantaku/t1/reply/operator",
		tb.Commands():        "parlour/jantaku/t1/cmd/+",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	if s, ok := tb.CommandSender("parlour/jantaku/t1/cmd/seat3"); !ok || s != "seat3" {
		t.Errorf("CommandSender = %q, %v", s, ok)
	}
	for _, n := range []string{"parlour/jantaku/t1/cmd/", "parlour/jantaku/t1/cmd/a/b", "parlour/jantaku/t2/cmd/seat1"} {
		if _, ok := tb.CommandSender(n); ok {
			t.Errorf("CommandSender(%q) accepted", n)
		}
	}
}

func TestCovers(t *testing.T) {
	for _, c := range []struct {
		pattern, filter string
		want            bool
	}{
		{"a/b", "a/b", true},
		{"a/b", "a/c", false},
		{"a/+", "a/b", true},
		{"a/+", "a/+", true},
		{"a/+", "a/#", false},
		{"a/+", "a", false},
		{"a/+", "a/b/c", false},
		{"a/#", "a", true},
		{"a/#", "a/b/c", true},
		{"a/#", "a/+/c", true},
		{"a/#", "a/#", true},
		{"a/b", "a/+", false},
		{"a/b", "a/#", false},
		{"a/b", "#", false},
		{"j/t1/seat/1/#", "j/t1/#", false},
		{"j/t1/seat/1/#", "j/t1/seat/+/state", false},
		{"j/t1/seat/1/#", "j/t1/seat/1/state", true},
		{"j/t1/seat/1/#", "j/t1/seat/2/state", false},
		{"j/t1/seat/1/#", "j/t1/seat/1", true},
		{"#", "$SYS/x", false},
		{"+/x", "$SYS/x", false},
		{"$SYS/#", "$SYS/x", true},
		{"#", "a/b", true},
		{"a/#/b", "a/x/b", false}, // invalid pattern
		{"a/b", "a/b+", false},    // invalid filter
		{"a//b", "a//b", true},
	} {
		if got := topic.Covers(c.pattern, c.filter); got != c.want {
			t.Errorf("Covers(%q, %q) = %v, want %v", c.pattern, c.filter, got, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, f := range []string{"", "a/#/b", "a+", "a/b#", "x\x00"} {
		if err := topic.CheckFilter(f); !errors.Is(err, topic.ErrInvalid) {
			t.Errorf("CheckFilter(%q) = %v", f, err)
		}
	}
	for _, n := range []string{"", "a/+", "a/#"} {
		if err := topic.CheckName(n); !errors.Is(err, topic.ErrInvalid) {
			t.Errorf("CheckName(%q) = %v", n, err)
		}
	}
}

// FuzzCovers checks that a pattern covering a filter matches every name the
// filter matches, on names built from the filter.
func FuzzCovers(f *testing.F) {
	f.Add("a/#", "a/+/c")
	f.Add("a/+", "a/b")
	f.Fuzz(func(t *testing.T, pattern, filter string) {
		if !topic.Covers(pattern, filter) {
			return
		}
		name := []byte(filter)
		for i := range name {
			if name[i] == '+' || name[i] == '#' {
				name[i] = 'x'
			}
		}
		if topic.CheckName(string(name)) == nil && topic.Match(filter, string(name)) && !topic.Match(pattern, string(name)) {
			t.Errorf("Covers(%q, %q) but %q matches only the filter", pattern, filter, name)
		}
	})
}
