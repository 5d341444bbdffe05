package rfid

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"periph.io/x/conn/v3"
)

// UID is a tag's unique identifier, in upper-case hex without separators
// ("04A1B2C3D4E5F6"). It is comparable and prints as itself.
type UID string

// FromBytes returns the UID of raw bytes.
func FromBytes(b []byte) UID { return UID(strings.ToUpper(hex.EncodeToString(b))) }

// ParseUID parses a UID in hex, with or without ':' or '-' separators. ISO
// 14443-A UIDs are 4, 7 or 10 bytes, ISO 15693 UIDs 8.
func ParseUID(s string) (UID, error) {
	clean := strings.NewReplacer(":", "", "-", "", " ", "").Replace(s)
	b, err := hex.DecodeString(clean)
	if err != nil {
		return "", fmt.Errorf("rfid: bad UID %q: not hex", s)
	}
	switch len(b) {
	case 4, 7, 8, 10:
	default:
		return "", fmt.Errorf("rfid: bad UID %q: %d bytes, want 4, 7, 8 or 10", s, len(b))
	}
	return FromBytes(b), nil
}

// Bytes returns the UID's raw bytes.
func (u UID) Bytes() []byte {
	b, _ := hex.DecodeString(string(u))
	return b
}

// Reader reads the tag in its antenna's field.
type Reader interface {
	conn.Resource
	// ReadUID returns the UID of a tag in the field, polling for at most
	// timeout (zero: one attempt). With no tag it returns ErrNoTag.
	ReadUID(ctx context.Context, timeout time.Duration) (UID, error)
}

// MultiReader is a Reader that reads every tag in its field at once: a
// zone of the table holds a hand, a meld or a pond, and a gate may see the
// next tile behind the one at the gate.
type MultiReader interface {
	Reader
	// Inventory returns the UIDs of the tags in the field, each once. An
	// empty field is no tags and no error. An error wrapping ErrGarbled
	// may come with the tags read before it.
	Inventory(ctx context.Context) ([]UID, error)
}

// Mux selects one of several antennas for a reader.
type Mux interface {
	String() string
	// Select connects antenna channel to the reader.
	Select(channel int) error
	// Channels returns the number of antennas.
	Channels() int
}

// Errors of readers. A garbled answer is worth retrying; a failed reader is
// not.
var (
	ErrNoTag   = errors.New("rfid: no tag in field")
	ErrGarbled = errors.New("rfid: garbled answer")
	ErrHalted  = errors.New("rfid: reader halted")
)
