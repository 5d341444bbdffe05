package access

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrHash is wrapped by errors about a malformed password hash.
var ErrHash = errors.New("malformed password hash")

// Hash returns password hashed the way mosquitto_passwd 2.x does
// ("$7$101$salt$hash": PBKDF2-HMAC-SHA512, 101 iterations, 12-byte salt), so
// the same string serves the embedded broker and mosquitto's password_file.
func Hash(password string) (string, error) {
	salt := make([]byte, 12)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("access: salt: %w", err)
	}
	return hashWith(password, salt, 101)
}

func hashWith(password string, salt []byte, iter int) (string, error) {
	key, err := pbkdf2.Key(sha512.New, password, salt, iter, sha512.Size)
	if err != nil {
		return "", fmt.Errorf("access: pbkdf2: %w", err)
	}
	b64 := base64.StdEncoding
	return "$7$" + strconv.Itoa(iter) + "$" + b64.EncodeToString(salt) + "$" + b64.EncodeToString(key), nil
}

// CheckHash reports whether hash is well formed, naming what is wrong.
func CheckHash(hash string) error {
	_, _, _, err := parseHash(hash)
	return err
}

func parseHash(hash string) (iter int, salt, key []byte, err error) {
	f := strings.Split(hash, "$")
	if len(f) != 5 || f[0] != "" || f[1] != "7" {
		return 0, nil, nil, fmt.Errorf("%w: want $7$<iterations>$<salt>$<hash> as mosquitto_passwd writes", ErrHash)
	}
	iter, err = strconv.Atoi(f[2])
	if err != nil || iter < 1 || iter > 1_000_000 {
		return 0, nil, nil, fmt.Errorf("%w: iterations %q", ErrHash, f[2])
	}
	if salt, err = base64.StdEncoding.DecodeString(f[3]); err != nil || len(salt) == 0 {
		return 0, nil, nil, fmt.Errorf("%w: salt is not base64", ErrHash)
	}
	if key, err = base64.StdEncoding.DecodeString(f[4]); err != nil || len(key) != sha512.Size {
		return 0, nil, nil, fmt.Errorf("%w: hash is not 64 bytes of base64", ErrHash)
	}
	return iter, salt, key, nil
}

// Verify reports whether password matches hash (as made by Hash or
// mosquitto_passwd). A malformed hash matches nothing.
func Verify(hash, password string) bool {
	iter, salt, key, err := parseHash(hash)
	if err != nil {
		return false
	}
	got, err := pbkdf2.Key(sha512.New, password, salt, iter, sha512.Size)
	return err == nil && subtle.ConstantTimeCompare(got, key) == 1
}
