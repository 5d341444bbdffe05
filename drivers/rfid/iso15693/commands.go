package iso15693

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Requests of the other network commands (ISO/IEC 15693-3 §10.3.2–4),
// without CRC, at the high data rate. An addressed request carries the
// UID low byte first, as an inventory answer does.

// StayQuietRequest returns the Stay Quiet of the tag uid: 0x22 0x02 and
// the UID (10 bytes, 12 with the CRC). The tag does not answer; it then
// ignores inventories and non-addressed requests until it loses power or
// is told Reset to Ready or Select with its UID.
func StayQuietRequest(uid uint64) []byte {
	return binary.LittleEndian.AppendUint64([]byte{FlagHighRate | FlagAddress, CmdStayQuiet}, uid)
}

// ResetToReadyRequest returns the addressed Reset to Ready of uid: 0x22
// 0x26 and the UID. The tag answers (a quiet one too) and is Ready again.
func ResetToReadyRequest(uid uint64) []byte {
	return binary.LittleEndian.AppendUint64([]byte{FlagHighRate | FlagAddress, CmdResetToReady}, uid)
}

// ResetToReadyAllRequest returns the non-addressed Reset to Ready, 0x02
// 0x26. Every tag in the Ready or Selected state answers; a quiet tag
// does not execute it (it takes addressed requests only, §7.4.3), so it
// does not wake quiet tags: only an addressed one or a power loss does.
func ResetToReadyAllRequest() []byte { return []byte{FlagHighRate, CmdResetToReady} }

// SelectRequest returns the Select of uid: 0x22 0x25 and the UID. The tag
// answers and is Selected (out of quiet); a tag selected before that is
// not uid goes back to Ready.
func SelectRequest(uid uint64) []byte {
	return binary.LittleEndian.AppendUint64([]byte{FlagHighRate | FlagAddress, CmdSelect}, uid)
}

// Frame is a decoded request of a network command: Cmd is CmdInventory
// (Inventory says which), CmdStayQuiet, CmdSelect or CmdResetToReady.
type Frame struct {
	Flags     byte
	Cmd       byte
	Inventory Request // for CmdInventory
	Addressed bool    // the UID field is there
	Selected  bool    // only the selected tag executes it
	UID       uint64  // when Addressed
}

// Errors of ParseFrame and ParseStatus.
var (
	ErrMalformed   = errors.New("iso15693: malformed frame")
	ErrUnsupported = errors.New("iso15693: command not supported")
	ErrTag         = errors.New("iso15693: the tag answered an error")
)

// ParseFrame decodes a request without its CRC. A frame whose length or
// flags do not fit its command is an error wrapping ErrMalformed, a
// command other than the four is ErrUnsupported; both say what.
func ParseFrame(b []byte) (Frame, error) {
	if len(b) < 2 {
		return Frame{}, fmt.Errorf("%w: request of %d bytes, want at least flags and command", ErrMalformed, len(b))
	}
	f := Frame{Flags: b[0], Cmd: b[1]}
	if f.Flags&FlagInventory != 0 || f.Cmd == CmdInventory {
		r, err := ParseRequest(b)
		if err != nil {
			return Frame{}, fmt.Errorf("%w: % X: %w", ErrMalformed, b, err)
		}
		f.Inventory = r
		return f, nil
	}
	if f.Flags&(FlagProtocolExt|FlagRFU) != 0 {
		return Frame{}, fmt.Errorf("%w: flags 0x%02X (protocol extension or RFU) on command 0x%02X", ErrMalformed, f.Flags, f.Cmd)
	}
	f.Addressed, f.Selected = f.Flags&FlagAddress != 0, f.Flags&FlagSelect != 0
	if f.Addressed && f.Selected {
		return Frame{}, fmt.Errorf("%w: command 0x%02X with both the Address and Select flags", ErrMalformed, f.Cmd)
	}
	switch f.Cmd {
	case CmdStayQuiet, CmdSelect:
		if !f.Addressed {
			return Frame{}, fmt.Errorf("%w: command 0x%02X without the Address flag (it is addressed only)", ErrMalformed, f.Cmd)
		}
	case CmdResetToReady:
	default:
		return Frame{}, fmt.Errorf("%w: 0x%02X", ErrUnsupported, f.Cmd)
	}
	want := 2
	if f.Addressed {
		want = 10
	}
	if len(b) != want {
		return Frame{}, fmt.Errorf("%w: command 0x%02X in %d bytes, want %d", ErrMalformed, f.Cmd, len(b), want)
	}
	if f.Addressed {
		f.UID = binary.LittleEndian.Uint64(b[2:])
	}
	return f, nil
}

// Status returns a tag's answer (without CRC) to Select or Reset to
// Ready: flags 0, no error.
func Status() []byte { return []byte{0} }

// tagErrors names the error codes of ISO/IEC 15693-3 §7.4.2.
var tagErrors = map[byte]string{
	0x01: "command not supported",
	0x02: "command not recognised",
	0x03: "option not supported",
	0x0F: "unknown error",
	0x10: "block not available",
}

// ParseStatus checks a tag's answer (without CRC) to Select or Reset to
// Ready: one byte of flags, 0, or flags with the error bit and an error
// code (an error wrapping ErrTag naming it); anything else is
// ErrMalformed.
func ParseStatus(b []byte) error {
	switch {
	case len(b) == 1 && b[0] == 0:
		return nil
	case len(b) == 2 && b[0]&0x01 != 0:
		name := tagErrors[b[1]]
		if name == "" {
			name = "code unknown to the standard"
		}
		return fmt.Errorf("%w: code 0x%02X (%s)", ErrTag, b[1], name)
	}
	return fmt.Errorf("%w: answer % X, want flags 00 or an error flag and code", ErrMalformed, b)
}

// ExchangeTime is the air time of a request of req bytes and its
// answer of resp bytes (CRCs included) up to when the reader may send
// again: t1, the answer, t2; or, with no answer (resp 0), t3, the time
// by which an answer would have begun.
func ExchangeTime(req, resp int) time.Duration {
	if resp == 0 {
		return RequestTime(req) + T3
	}
	return RequestTime(req) + T1 + ResponseTime(resp) + T2
}

// Execute applies a non-inventory request to the tag's state as
// ISO/IEC 15693-3 §7.4 (Figure 6) has it and reports whether the tag
// answers. A quiet tag executes addressed requests only; a request in
// select mode is for the selected tag only; Select of another UID sends
// a selected tag back to Ready.
func (t *Tag) Execute(f Frame) (answers bool) {
	switch {
	case f.Cmd == CmdInventory:
		return false // Slot answers inventories
	case f.Addressed && f.UID != t.UID:
		if f.Cmd == CmdSelect {
			t.Selected = false
		}
		return false
	case f.Selected && !t.Selected, !f.Addressed && !f.Selected && t.Quiet:
		return false
	}
	switch f.Cmd {
	case CmdStayQuiet:
		t.Quiet, t.Selected = true, false
		return false
	case CmdSelect:
		t.Quiet, t.Selected = false, true
		return true
	case CmdResetToReady:
		t.Quiet, t.Selected = false, false
		return true
	}
	return false
}

// PowerOff is the tag leaving the field or the field going off: it
// forgets Stay Quiet and Select and is Ready when powered again.
func (t *Tag) PowerOff() { t.Quiet, t.Selected = false, false }
