package access

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"jantaku/mqtt/topic"
)

// ErrRole is wrapped by errors about an unknown role.
var ErrRole = errors.New("unknown role")

// Role is what a credential may do at a table.
type Role string

// The roles. Seat roles are "seat0".."seat3"; use Seat(n).
const (
	Table     Role = "table"     // the table daemon itself: everything
	Operator  Role = "operator"  // parlour staff: machine, game and corrections
	Broadcast Role = "broadcast" // stream overlay: the spectator tree
	Display   Role = "display"   // centre screen, TV: public topics
)

// Seat returns the role of seat n's player.
func Seat(n int) Role { return Role("seat" + strconv.Itoa(n)) }

// Seat reports which seat r is, and false when r is not a seat role.
func (r Role) Seat() (int, bool) {
	rest, ok := strings.CutPrefix(string(r), "seat")
	if !ok || len(rest) != 1 || rest[0] < '0' || rest[0] >= '0'+topic.Seats {
		return 0, false
	}
	return int(rest[0] - '0'), true
}

// Roles lists every role.
func Roles() []Role {
	rs := []Role{Table, Operator}
	for n := range topic.Seats {
		rs = append(rs, Seat(n))
	}
	return append(rs, Broadcast, Display)
}

// ParseRole returns the role named s.
func ParseRole(s string) (Role, error) {
	r := Role(s)
	if r.Valid() {
		return r, nil
	}
	return "", fmt.Errorf("%w %q (want table, operator, seat0..seat%d, broadcast or display)", ErrRole, s, topic.Seats-1)
}

// Valid reports whether r is one of Roles.
func (r Role) Valid() bool {
	switch r {
	case Table, Operator, Broadcast, Display:
		return true
	}
	_, ok := r.Seat()
	return ok
}

// Commands reports whether the role sends commands, on t.Command(string(r)).
func (r Role) Commands() bool {
	_, seat := r.Seat()
	return r == Operator || seat
}

// Rule allows reading and/or writing every topic Pattern covers.
type Rule struct {
	Pattern string
	Read    bool
	Write   bool
}

// Rules returns what role r may do on table t; nil for an unknown role.
func Rules(t topic.Table, r Role) []Rule {
	if !r.Valid() {
		return nil
	}
	if r == Table {
		return []Rule{{Pattern: t.All(), Read: true, Write: true}}
	}
	rules := []Rule{
		{Pattern: t.Status(), Read: true},
		{Pattern: t.State(), Read: true},
		{Pattern: t.Events(), Read: true},
		{Pattern: t.Machine(), Read: true},
	}
	if n, ok := r.Seat(); ok {
		rules = append(rules, Rule{Pattern: t.Seat(n), Read: true})
	}
	if r == Broadcast {
		rules = append(rules, Rule{Pattern: t.Spectator(), Read: true})
	}
	if r.Commands() {
		rules = append(rules,
			Rule{Pattern: t.Command(string(r)), Write: true},
			Rule{Pattern: t.Reply(string(r)), Read: true})
	}
	return rules
}

// Allowed reports whether rules allow reading (write false) or writing the
// topic name or subscription filter. Reading a filter is allowed only when
// one rule covers everything it could match.
func Allowed(rules []Rule, name string, write bool) bool {
	for _, rule := range rules {
		if (write && !rule.Write) || (!write && !rule.Read) {
			continue
		}
		if topic.Covers(rule.Pattern, name) {
			return true
		}
	}
	return false
}
