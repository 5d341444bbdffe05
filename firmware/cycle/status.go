package cycle

import (
	"fmt"
	"strings"
)

// Status is the machine's state as displays show it: the phase and the
// current fault with its code, the side concerned and the remedy.
type Status struct {
	Phase  State         `json:"phase"`
	Hands  int           `json:"hands"`
	Errors []StatusError `json:"errors"`
}

// StatusError is one fault as published.
type StatusError struct {
	Code    string `json:"code"`           // E101 …
	Title   string `json:"title"`          // "motor stall"
	Part    string `json:"part,omitempty"` // "lift2"
	Side    *int   `json:"side,omitempty"` // the wall side, when the part belongs to one
	Message string `json:"message"`
	Remedy  string `json:"remedy"`
}

// Status returns the machine's status now.
func (m *Machine) Status() Status {
	m.mu.Lock()
	s := Status{Phase: m.state, Hands: m.hands, Errors: []StatusError{}}
	f := m.fault
	m.mu.Unlock()
	if f != nil {
		msg := f.Msg
		if f.Err != nil {
			msg += ": " + f.Err.Error()
		}
		e := StatusError{Code: f.Code, Title: f.Title(), Part: f.Part, Message: msg, Remedy: f.Remedy()}
		if side, ok := m.sideOf(f.Part); ok {
			e.Side = &side
		}
		s.Errors = append(s.Errors, e)
	}
	return s
}

// sideOf finds the wall side a part belongs to by the parts' own names,
// so the profile's naming is not assumed.
func (m *Machine) sideOf(part string) (int, bool) {
	if part == "" {
		return 0, false
	}
	var groups [][]fmt.Stringer
	add := func(n int, at func(int) fmt.Stringer) {
		g := make([]fmt.Stringer, n)
		for i := range g {
			g[i] = at(i)
		}
		groups = append(groups, g)
	}
	p := m.p
	add(len(p.Conveyors), func(i int) fmt.Stringer { return stringer(p.Conveyors[i]) })
	add(len(p.Stackers), func(i int) fmt.Stringer { return stringer(p.Stackers[i]) })
	add(len(p.Lifts), func(i int) fmt.Stringer { return stringer(p.Lifts[i]) })
	add(len(p.Eyes), func(i int) fmt.Stringer { return stringer(p.Eyes[i]) })
	add(len(p.Homes), func(i int) fmt.Stringer { return stringer(p.Homes[i]) })
	add(len(p.Tops), func(i int) fmt.Stringer { return stringer(p.Tops[i]) })
	add(len(p.Bottoms), func(i int) fmt.Stringer { return stringer(p.Bottoms[i]) })
	add(len(p.Inline), func(i int) fmt.Stringer { return stringer(p.Inline[i]) })
	for _, g := range groups {
		for side, s := range g {
			if s != nil && strings.EqualFold(s.String(), part) {
				return side, true
			}
		}
	}
	return 0, false
}

func stringer(v any) fmt.Stringer {
	if s, ok := v.(fmt.Stringer); ok {
		return s
	}
	return nil
}
