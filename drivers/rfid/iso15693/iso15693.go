package iso15693

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"jantaku/drivers/rfid"
)

// Request flags and commands (ISO/IEC 15693-3 §7.3, §10.3). Flags 0x10
// to 0x40 mean one thing in an inventory and another elsewhere.
const (
	FlagTwoSubcarriers = 0x01 // request flag: tags answer on two subcarriers
	FlagHighRate       = 0x02 // request flag: tags answer at the high data rate
	FlagInventory      = 0x04 // request flag: an inventory request
	FlagProtocolExt    = 0x08 // request flag: protocol extension
	FlagAFI            = 0x10 // with FlagInventory: an AFI byte follows the command
	FlagOneSlot        = 0x20 // with FlagInventory: 1 slot instead of 16
	FlagSelect         = 0x10 // without FlagInventory: only the selected tag executes
	FlagAddress        = 0x20 // without FlagInventory: the UID follows the command
	FlagOption         = 0x40 // meaning defined by each command
	FlagRFU            = 0x80

	CmdInventory    = 0x01
	CmdStayQuiet    = 0x02 // always addressed; no answer
	CmdSelect       = 0x25 // addressed
	CmdResetToReady = 0x26
)

// ResponseLen is an inventory response without its CRC: flags, DSFID and
// the 8-byte UID.
const ResponseLen = 10

// CRC returns the CRC of ISO/IEC 13239 that ends every frame
// (polynomial 0x8408 reflected, preset 0xFFFF, complemented), sent low
// byte first.
func CRC(b []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, v := range b {
		crc ^= uint16(v)
		for range 8 {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0x8408
			} else {
				crc >>= 1
			}
		}
	}
	return ^crc
}

// AppendCRC appends b's CRC, low byte first.
func AppendCRC(b []byte) []byte {
	c := CRC(b)
	return append(b, byte(c), byte(c>>8))
}

// CheckCRC reports whether b ends with the CRC of what precedes it.
func CheckCRC(b []byte) bool {
	return len(b) >= 2 && CRC(b[:len(b)-2]) == uint16(b[len(b)-2])|uint16(b[len(b)-1])<<8
}

// InventoryRequest returns the request (without CRC) of an inventory of
// the tags whose UID's low maskLen bits equal mask, in 16 slots or one.
func InventoryRequest(mask uint64, maskLen int, oneSlot bool) []byte {
	flags := byte(FlagHighRate | FlagInventory)
	if oneSlot {
		flags |= FlagOneSlot
	}
	b := []byte{flags, CmdInventory, byte(maskLen)}
	for i := 0; i < (maskLen+7)/8; i++ {
		v := byte(mask >> (8 * i))
		if rest := maskLen - 8*i; rest < 8 {
			v &= 1<<rest - 1
		}
		b = append(b, v)
	}
	return b
}

// Request is a decoded inventory request.
type Request struct {
	OneSlot bool
	MaskLen int
	Mask    uint64
}

// ErrNotInventory is ParseRequest's error for any other frame.
var ErrNotInventory = errors.New("iso15693: not an inventory request")

// ParseRequest decodes an inventory request without its CRC. A frame
// that is not one is ErrNotInventory; an inventory the model does not
// take (AFI, protocol extension, an RFU flag) or whose mask is not
// padded with zero bits, as §8.1 asks, is an error wrapping it that
// says which.
func ParseRequest(b []byte) (Request, error) {
	if len(b) < 3 || b[0]&FlagInventory == 0 || b[1] != CmdInventory {
		return Request{}, ErrNotInventory
	}
	if f := b[0] & (FlagAFI | FlagProtocolExt | FlagRFU); f != 0 {
		return Request{}, fmt.Errorf("iso15693: inventory with flags 0x%02X (AFI, protocol extension or RFU) not supported: %w", f, ErrNotInventory)
	}
	r := Request{OneSlot: b[0]&FlagOneSlot != 0, MaskLen: int(b[2])}
	if r.MaskLen > 64 || len(b) != 3+(r.MaskLen+7)/8 {
		return Request{}, fmt.Errorf("iso15693: inventory mask of %d bits in %d bytes: %w", r.MaskLen, len(b)-3, ErrNotInventory)
	}
	for i := 3; i < len(b); i++ {
		r.Mask |= uint64(b[i]) << (8 * (i - 3))
	}
	if r.MaskLen < 64 && r.Mask>>r.MaskLen != 0 {
		return Request{}, fmt.Errorf("iso15693: inventory mask % X has bits set beyond its %d: %w", b[3:], r.MaskLen, ErrNotInventory)
	}
	return r, nil
}

// Response returns a tag's inventory response without CRC: flags 0,
// DSFID, and the UID low byte first as the tag sends it.
func Response(uid uint64, dsfid byte) []byte {
	b := []byte{0, dsfid}
	return binary.LittleEndian.AppendUint64(b, uid)
}

// ParseResponse returns the UID of an inventory response without CRC.
func ParseResponse(b []byte) (uint64, error) {
	if len(b) != ResponseLen {
		return 0, fmt.Errorf("iso15693: inventory response of %d bytes, want %d", len(b), ResponseLen)
	}
	if b[0]&0x01 != 0 {
		return 0, fmt.Errorf("iso15693: inventory response flags 0x%02X: error flag set", b[0])
	}
	uid := binary.LittleEndian.Uint64(b[2:])
	if uid>>56 != 0xE0 {
		return 0, fmt.Errorf("iso15693: UID %016X does not start with E0", uid)
	}
	return uid, nil
}

// UID returns the rfid.UID of a 64-bit tag UID, most significant byte
// first as printed on tags ("E004015A00120300").
func UID(uid uint64) rfid.UID {
	return rfid.FromBytes(binary.BigEndian.AppendUint64(nil, uid))
}

// ParseUID returns the 64-bit UID of an rfid.UID of 8 bytes.
func ParseUID(u rfid.UID) (uint64, error) {
	b := u.Bytes()
	if len(b) != 8 || b[0] != 0xE0 {
		return 0, fmt.Errorf("iso15693: %q is not an 8-byte UID starting E0", u)
	}
	return binary.BigEndian.Uint64(b), nil
}

// Air timings (package comment).
const (
	fc          = 13_560_000
	ReqSOF      = 1024 * time.Second / fc // 75.52 µs
	ReqEOF      = 512 * time.Second / fc  // 37.76 µs
	ReqByte     = 4 * ReqSOF              // 302.08 µs
	RespSOF     = 768 * time.Second / fc  // 56.64 µs
	RespEOF     = 768 * time.Second / fc
	RespByte    = 8 * 512 * time.Second / fc // 302.08 µs
	T1          = 4352 * time.Second / fc    // 320.9 µs
	T2          = 4192 * time.Second / fc    // 309.2 µs
	T3          = (4384 + 768) * time.Second / fc
	SlotsPerReq = 16
)

// RequestTime is the air time of a reader frame of n bytes (CRC
// included): SOF, the bytes, EOF.
func RequestTime(n int) time.Duration { return ReqSOF + time.Duration(n)*ReqByte + ReqEOF }

// ResponseTime is the air time of a tag frame of n bytes (CRC included).
func ResponseTime(n int) time.Duration { return RespSOF + time.Duration(n)*RespByte + RespEOF }

// SlotTime is the air time of one slot after the frame that opened it
// (the request, or an EOF): t1 and the answer then t2 when a tag answers
// (or tags collide: the reader hears them out), t3 when none does.
func SlotTime(answered bool) time.Duration {
	if answered {
		return T1 + ResponseTime(ResponseLen+2) + T2
	}
	return T3
}

// Tag is an ISO/IEC 15693 tag in a reader's field.
type Tag struct {
	UID   uint64
	DSFID byte
	// Strength is the tag's signal at the reader relative to a tag on
	// the antenna: 1 (or 0) for a tag in the zone, less for a
	// neighbouring zone's tag heard through cross-talk.
	Strength float64
	// Presence is the chance the tag is powered for one request: 1 (or
	// 0) in the field, between for a tag half in it, which misses
	// requests now and then.
	Presence float64
	// Fade is the chance that the reader does not hear the tag's answer
	// to one request though the tag is powered (a hand over the antenna,
	// noise): unlike a request missed for want of power, the tag keeps
	// its state, Stay Quiet included. 0 means never.
	Fade float64
	// Quiet: the tag got Stay Quiet and ignores inventories and
	// non-addressed requests until it loses power or an addressed Reset
	// to Ready or Select wakes it (Execute, PowerOff).
	Quiet bool
	// Selected: the tag got Select with its UID and executes requests in
	// select mode (it still answers inventories).
	Selected bool
}

// Signal returns the tag's strength (0 meaning 1).
func (t *Tag) Signal() float64 {
	if t.Strength <= 0 {
		return 1
	}
	return t.Strength
}

// Slot returns the slot in which t answers r (0 for a one-slot request),
// or -1 if it does not answer: its UID does not match the mask, or it is
// quiet.
func (t *Tag) Slot(r Request) int {
	if t.Quiet || r.MaskLen > 64 {
		return -1
	}
	if r.MaskLen < 64 && (t.UID^r.Mask)&(1<<r.MaskLen-1) != 0 {
		return -1
	}
	if r.MaskLen == 64 && t.UID != r.Mask {
		return -1
	}
	if r.OneSlot {
		return 0
	}
	if r.MaskLen > 60 {
		return int(t.UID>>r.MaskLen) & (1<<(64-r.MaskLen) - 1)
	}
	return int(t.UID>>r.MaskLen) & 0x0F
}

// Receiver is how a reader decodes a slot with several answers.
type Receiver struct {
	// MinLevel is the weakest signal decoded (0 means 0.5): a weaker
	// neighbour's tag is not heard at all.
	MinLevel float64
	// Capture is how much weaker than the strongest answer another must
	// be for the strongest to be decoded cleanly (0 means 0.5): above it
	// the subcarriers collide.
	Capture float64
}

// Outcome is what a reader hears in one slot.
type Outcome uint8

// The outcomes.
const (
	Silent    Outcome = iota // no answer, or none above MinLevel
	Single                   // one answer decoded (Tag says which)
	Collision                // several answers the reader cannot separate
)

// Hear returns what the receiver makes of the tags answering in a slot:
// the strongest one decoded, or a collision.
func (rc Receiver) Hear(tags []*Tag) (Outcome, *Tag) {
	minLevel, capture := rc.MinLevel, rc.Capture
	if minLevel <= 0 {
		minLevel = 0.5
	}
	if capture <= 0 {
		capture = 0.5
	}
	var best, second *Tag
	for _, t := range tags {
		switch {
		case best == nil || t.Signal() > best.Signal():
			best, second = t, best
		case second == nil || t.Signal() > second.Signal():
			second = t
		}
	}
	if best == nil || best.Signal() < minLevel {
		return Silent, nil
	}
	if second != nil && second.Signal() >= capture*best.Signal() {
		return Collision, nil
	}
	return Single, best
}
