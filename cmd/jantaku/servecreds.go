package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"jantaku/mqtt/access"
)

// credentials returns the table's MQTT credentials, made on first start
// with random passwords and kept in dir/access.json (mode 0600).
func credentials(dir string) (access.Config, error) {
	path := filepath.Join(dir, "access.json")
	if b, err := os.ReadFile(path); err == nil {
		return access.Parse(path, b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return access.Config{}, err
	}
	pw := func() string {
		var b [12]byte
		rand.Read(b[:])
		return hex.EncodeToString(b[:])
	}
	c := access.Config{Prefix: "jantaku", Table: "t1"}
	for _, r := range access.Roles() {
		c.Users = append(c.Users, access.User{Name: string(r), Role: r, Password: pw()})
	}
	b, _ := json.MarshalIndent(c, "", "  ")
	if err := os.WriteFile(path, append(b, '\n'), 0o600); err != nil {
		return access.Config{}, err
	}
	return c, nil
}

func userOf(c access.Config, r access.Role) (access.User, bool) {
	for _, u := range c.Users {
		if u.Role == r && u.Password != "" {
			return u, true
		}
	}
	return access.User{}, false
}
