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
	p := m.p
	for _, side := range []int{
		indexOf(p.Conveyors, part), indexOf(p.Stackers, part), indexOf(p.Lifts, part),
		indexOf(p.Eyes, part), indexOf(p.Homes, part), indexOf(p.Tops, part),
		indexOf(p.Bottoms, part), indexOf(p.Inline, part),
	} {
		if side >= 0 {
			return side, true
		}
	}
	return 0, false
}

// indexOf is the index of the part named name in parts, or -1.
func indexOf[T fmt.Stringer](parts []T, name string) int {
	for i, p := range parts {
		if any(p) != nil && strings.EqualFold(p.String(), name) {
			return i
		}
	}
	return -1
}
