package topic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalid is wrapped by every error about a malformed prefix, table id,
// topic name or filter.
var ErrInvalid = errors.New("invalid topic")

// Seats is the number of seats of a table; seats are numbered 0..Seats-1.
const Seats = 4

// Table is the topic tree of one table: <prefix>/<id>/...
type Table struct {
	prefix string
	id     string
}

// New returns the topic tree of table id under prefix. The prefix may have
// several levels ("parlour/jantaku"); the id is one level. Neither may be
// empty, contain a wildcard ('+', '#'), a NUL, or an empty level, nor start
// with '$'.
func New(prefix, id string) (Table, error) {
	if err := checkLevels("prefix", prefix); err != nil {
		return Table{}, err
	}
	if strings.Contains(id, "/") {
		return Table{}, fmt.Errorf("%w: table id %q: must be one level, without '/'", ErrInvalid, id)
	}
	if err := checkLevels("table id", id); err != nil {
		return Table{}, err
	}
	return Table{prefix: prefix, id: id}, nil
}

func checkLevels(what, s string) error {
	switch {
	case s == "":
		return fmt.Errorf("%w: %s is empty", ErrInvalid, what)
	case strings.HasPrefix(s, "$"):
		return fmt.Errorf("%w: %s %q: must not start with '$'", ErrInvalid, what, s)
	case strings.ContainsAny(s, "+#\x00"):
		return fmt.Errorf("%w: %s %q: must not contain '+', '#' or NUL", ErrInvalid, what, s)
	}
	for i, l := range strings.Split(s, "/") {
		if l == "" {
			return fmt.Errorf("%w: %s %q: level %d is empty", ErrInvalid, what, s, i+1)
		}
	}
	return nil
}

// ID returns the table's id.
func (t Table) ID() string { return t.id }

// Prefix returns the prefix the table's topics live under.
func (t Table) Prefix() string { return t.prefix }

// Base returns <prefix>/<table>.
func (t Table) Base() string { return t.prefix + "/" + t.id }

// All returns the filter of every topic of the table, <prefix>/<table>/#.
func (t Table) All() string { return t.Base() + "/#" }

// Status returns the retained online/offline topic.
func (t Table) Status() string { return t.Base() + "/status" }

// State returns the retained public state topic.
func (t Table) State() string { return t.Base() + "/state" }

// Events returns the public event topic.
func (t Table) Events() string { return t.Base() + "/events" }

// Machine returns the retained machine status topic.
func (t Table) Machine() string { return t.Base() + "/machine" }

// Seat returns the filter of seat n's hidden tree, <base>/seat/<n>/#.
func (t Table) Seat(n int) string { return t.seat(n) + "/#" }

// SeatState returns the retained topic of seat n's hidden tiles and options.
func (t Table) SeatState(n int) string { return t.seat(n) + "/state" }

// SeatEvents returns the topic of seat n's private event details.
func (t Table) SeatEvents(n int) string { return t.seat(n) + "/events" }

func (t Table) seat(n int) string { return t.Base() + "/seat/" + strconv.Itoa(n) }

// Spectator returns the filter of the spectator tree, <base>/spectator/#.
func (t Table) Spectator() string { return t.Base() + "/spectator/#" }

// SpectatorState returns the retained full-state topic.
func (t Table) SpectatorState() string { return t.Base() + "/spectator/state" }

// SpectatorEvents returns the full-event topic.
func (t Table) SpectatorEvents() string { return t.Base() + "/spectator/events" }

// Commands returns the filter the table daemon subscribes to, <base>/cmd/+.
func (t Table) Commands() string { return t.Base() + "/cmd/+" }

// Command returns the topic on which the sender named by one level (a role:
// "operator", "seat1") publishes commands.
func (t Table) Command(sender string) string { return t.Base() + "/cmd/" + sender }

// Reply returns the topic on which replies to sender's commands are published.
func (t Table) Reply(sender string) string { return t.Base() + "/reply/" + sender }

// CommandSender returns the sender level of a command topic of this table,
// and false if name is not <base>/cmd/<one level>.
func (t Table) CommandSender(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, t.Base()+"/cmd/")
	if !ok || rest == "" || strings.Contains(rest, "/") {
		return "", false
	}
	return rest, true
}
