package access

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"jantaku/mqtt/topic"
)

// ErrConfig is wrapped by every error about a malformed access configuration.
var ErrConfig = errors.New("access config")

// Config is the credentials of one table. It is plain data with JSON tags so
// the daemon can embed it in its own configuration file.
type Config struct {
	Prefix string `json:"prefix"` // topic prefix, e.g. "jantaku"
	Table  string `json:"table"`  // table id, e.g. "t1"
	Users  []User `json:"users"`
}

// User is one credential. Exactly one of Password (plain text) and Hash
// (mosquitto_passwd's "$7$..." form, see Hash) is set.
type User struct {
	Name     string `json:"name"`
	Role     Role   `json:"role"`
	Password string `json:"password,omitempty"`
	Hash     string `json:"hash,omitempty"`
}

// Parse reads a JSON Config from data; name (a file name) prefixes errors,
// which give the line and column of a syntax error and the key of a bad value.
func Parse(name string, data []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("%w: %s: %w", ErrConfig, where(name, data, err), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Config{}, fmt.Errorf("%w: %s: data after the configuration object", ErrConfig, name)
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// where turns a JSON decoding error's byte offset into name:line:column.
func where(name string, data []byte, err error) string {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return name
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("%s:%d:%d", name, line, col)
}

// Validate checks the prefix, table id, and every user, naming the first bad
// key ("users[2].role").
func (c Config) Validate() error {
	if _, err := topic.New(c.Prefix, c.Table); err != nil {
		return fmt.Errorf("%w: prefix/table: %w", ErrConfig, err)
	}
	seen := map[string]int{}
	for i, u := range c.Users {
		key := fmt.Sprintf("users[%d]", i)
		switch {
		case u.Name == "":
			return fmt.Errorf("%w: %s.name is empty", ErrConfig, key)
		case strings.ContainsAny(u.Name, " \t\n\r:#\x00"):
			return fmt.Errorf("%w: %s.name %q: no spaces, ':', '#' or NUL", ErrConfig, key, u.Name)
		case !u.Role.Valid():
			_, err := ParseRole(string(u.Role))
			return fmt.Errorf("%w: %s.role: %w", ErrConfig, key, err)
		case u.Password == "" && u.Hash == "":
			return fmt.Errorf("%w: %s (%s): set password or hash", ErrConfig, key, u.Name)
		case u.Password != "" && u.Hash != "":
			return fmt.Errorf("%w: %s (%s): set password or hash, not both", ErrConfig, key, u.Name)
		}
		if u.Hash != "" {
			if err := CheckHash(u.Hash); err != nil {
				return fmt.Errorf("%w: %s.hash: %w", ErrConfig, key, err)
			}
		}
		if j, dup := seen[u.Name]; dup {
			return fmt.Errorf("%w: %s.name %q repeats users[%d]", ErrConfig, key, u.Name, j)
		}
		seen[u.Name] = i
	}
	return nil
}

// Policy answers who may connect and what each user may read and write. It
// is immutable and safe for concurrent use.
type Policy struct {
	users map[string]entry
	order []string // user names in configuration order
}

type entry struct {
	user  User
	table topic.Table
	rules []Rule
}

// Compile validates the configurations (one per table sharing a broker) and
// returns their policy. User names must be unique across all of them.
func Compile(cfgs ...Config) (*Policy, error) {
	p := &Policy{users: map[string]entry{}}
	for _, c := range cfgs {
		if err := c.Validate(); err != nil {
			return nil, err
		}
		t, _ := topic.New(c.Prefix, c.Table)
		for _, u := range c.Users {
			if _, dup := p.users[u.Name]; dup {
				return nil, fmt.Errorf("%w: user %q is configured for more than one table", ErrConfig, u.Name)
			}
			p.users[u.Name] = entry{user: u, table: t, rules: Rules(t, u.Role)}
			p.order = append(p.order, u.Name)
		}
	}
	return p, nil
}

// Authenticate returns the role of the user whose password matches.
func (p *Policy) Authenticate(username, password string) (Role, bool) {
	e, ok := p.users[username]
	if !ok {
		return "", false
	}
	if e.user.Hash != "" {
		return e.user.Role, Verify(e.user.Hash, password)
	}
	return e.user.Role, subtleEqual(e.user.Password, password)
}

// Allowed reports whether username may read (write false) or write the topic
// name or subscription filter. Unknown users may do nothing.
func (p *Policy) Allowed(username, name string, write bool) bool {
	e, ok := p.users[username]
	return ok && Allowed(e.rules, name, write)
}

// ClientIDAllowed reports whether username may connect with clientID: the
// client id must be the user name or start with it and '-' (so one user's
// devices cannot take over another user's session).
func (p *Policy) ClientIDAllowed(username, clientID string) bool {
	if _, ok := p.users[username]; !ok {
		return false
	}
	return clientID == username || strings.HasPrefix(clientID, username+"-")
}

// Users returns the configured user names in order.
func (p *Policy) Users() []string { return slices.Clone(p.order) }
