package topic

import (
	"fmt"
	"strings"
)

// CheckName reports whether name is a valid topic name to publish on: not
// empty, no wildcard, no NUL (MQTT 3.1.1 §4.7.3).
func CheckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: topic name is empty", ErrInvalid)
	case strings.ContainsAny(name, "+#\x00"):
		return fmt.Errorf("%w: topic name %q contains a wildcard or NUL", ErrInvalid, name)
	}
	return nil
}

// CheckFilter reports whether filter is a valid topic filter: '#' only as the
// whole last level, '+' only as a whole level, no NUL (MQTT 3.1.1 §4.7.1).
func CheckFilter(filter string) error {
	if filter == "" {
		return fmt.Errorf("%w: topic filter is empty", ErrInvalid)
	}
	if strings.ContainsRune(filter, 0) {
		return fmt.Errorf("%w: topic filter %q contains NUL", ErrInvalid, filter)
	}
	for rest, n := filter, 1; ; n++ {
		l, more, ok := strings.Cut(rest, "/")
		switch {
		case l == "#" && ok:
			return fmt.Errorf("%w: topic filter %q: '#' must be the last level", ErrInvalid, filter)
		case l != "#" && l != "+" && strings.ContainsAny(l, "+#"):
			return fmt.Errorf("%w: topic filter %q: level %d mixes a wildcard with other characters", ErrInvalid, filter, n)
		}
		if !ok {
			return nil
		}
		rest = more
	}
}

// validFilter is CheckFilter without the error (and its allocations).
func validFilter(filter string) bool {
	if filter == "" || strings.IndexByte(filter, 0) >= 0 {
		return false
	}
	for rest := filter; ; {
		l, more, ok := strings.Cut(rest, "/")
		if (l == "#" && ok) || (l != "#" && l != "+" && strings.ContainsAny(l, "+#")) {
			return false
		}
		if !ok {
			return true
		}
		rest = more
	}
}

// Match reports whether the topic name matches filter. Names starting with
// '$' are not matched by a filter starting with a wildcard (§4.7.2).
func Match(filter, name string) bool {
	return Covers(filter, name)
}

// Covers reports whether every topic name that filter matches is also matched
// by pattern: filter is a subset of pattern. For a filter without wildcards
// (a topic name) it is Match(pattern, filter). An invalid pattern or filter
// covers nothing and is covered by nothing.
//
// Access rules use it so that a subscription is allowed only when all it
// could ever deliver is allowed: a seat's subscription to <base>/# is not
// covered by <base>/seat/1/#, so it is refused rather than trusted to be
// filtered on delivery.
func Covers(pattern, filter string) bool {
	if !validFilter(pattern) || !validFilter(filter) {
		return false
	}
	if strings.HasPrefix(filter, "$") && (strings.HasPrefix(pattern, "+") || strings.HasPrefix(pattern, "#")) {
		return false // wildcards do not reach $-topics (§4.7.2)
	}
	p, f := pattern, filter
	for {
		pl, prest, pmore := strings.Cut(p, "/")
		fl, frest, fmore := strings.Cut(f, "/")
		switch {
		case pl == "#":
			return true
		case fl == "#":
			return false // only '#' in the pattern covers '#'
		case pl == "+":
			// covers any single level, literal or '+'
		case fl == "+" || pl != fl:
			return false
		}
		switch {
		case !fmore && !pmore:
			return true
		case !fmore:
			return prest == "#" // "a/#" also matches "a" (§4.7.1.2)
		case !pmore:
			return false
		}
		p, f = prest, frest
	}
}
