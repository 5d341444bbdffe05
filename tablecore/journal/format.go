package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"time"
)

// On-disk layout, all integers little-endian.
//
// File header (16 bytes):
//
//	0:8   magic "JANTAKUJ"
//	8:10  format version (1)
//	10:12 reserved, zero
//	12:16 CRC-32C of bytes 0:12
//
// Record (28-byte header, then the payload):
//
//	0:4   payload length
//	4:8   CRC-32C of bytes 0:4, 8:28 and the payload
//	8:16  sequence number
//	16:24 time, Unix nanoseconds (0 = zero time)
//	24:26 seat, signed
//	26:28 reserved, zero
//
// The checksum covers the length too, so a record is accepted only if every
// byte of it was written.
const (
	magic       = "JANTAKUJ"
	fileHdrLen  = 16
	recHdrLen   = 28
	thisVersion = 1

	// MaxPayload bounds one event's payload. Events are small; a larger
	// length field is damage, and the bound keeps a damaged length from
	// making a reader allocate gigabytes.
	MaxPayload = 1 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func fileHeader() []byte {
	b := make([]byte, fileHdrLen)
	copy(b, magic)
	binary.LittleEndian.PutUint16(b[8:], thisVersion)
	binary.LittleEndian.PutUint32(b[12:], crc32.Checksum(b[:12], castagnoli))
	return b
}

// checkFileHeader validates a complete 16-byte header.
func checkFileHeader(path string, b []byte) error {
	if string(b[:8]) != magic {
		return &CorruptError{Path: path, Offset: 0, Reason: fmt.Sprintf("bad magic %q", b[:8]), Err: ErrCorrupt}
	}
	if crc32.Checksum(b[:12], castagnoli) != binary.LittleEndian.Uint32(b[12:]) {
		return &CorruptError{Path: path, Offset: 0, Reason: "file header checksum mismatch", Err: ErrCorrupt}
	}
	if v := binary.LittleEndian.Uint16(b[8:]); v != thisVersion {
		return fmt.Errorf("journal %s: format version %d, this build reads %d: %w", path, v, thisVersion, ErrVersion)
	}
	return nil
}

// encodeTime maps the zero time to 0 so that an event without a time
// survives the trip; other times must fit Unix nanoseconds in an int64.
func encodeTime(t time.Time) (int64, error) {
	if t.IsZero() {
		return 0, nil
	}
	// 1678–2262 is what UnixNano represents.
	if t.Year() < 1678 || t.Year() > 2261 {
		return 0, fmt.Errorf("time %v out of range", t)
	}
	n := t.UnixNano()
	if n == 0 {
		return 0, fmt.Errorf("time %v collides with the zero-time marker", t)
	}
	return n, nil
}

func decodeTime(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// appendRecord appends the encoded record to dst.
func appendRecord(dst []byte, e Event) ([]byte, error) {
	if len(e.Payload) > MaxPayload {
		return dst, fmt.Errorf("payload of %d bytes exceeds %d", len(e.Payload), MaxPayload)
	}
	if e.Seat < math.MinInt16 || e.Seat > math.MaxInt16 {
		return dst, fmt.Errorf("seat %d out of range", e.Seat)
	}
	ts, err := encodeTime(e.Time)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst = append(dst, make([]byte, recHdrLen)...)
	h := dst[start:]
	binary.LittleEndian.PutUint32(h[0:], uint32(len(e.Payload)))
	binary.LittleEndian.PutUint64(h[8:], e.Seq)
	binary.LittleEndian.PutUint64(h[16:], uint64(ts))
	binary.LittleEndian.PutUint16(h[24:], uint16(int16(e.Seat)))
	dst = append(dst, e.Payload...)
	binary.LittleEndian.PutUint32(dst[start+4:], recordCRC(dst[start:start+recHdrLen], e.Payload))
	return dst, nil
}

func recordCRC(hdr, payload []byte) uint32 {
	c := crc32.Update(0, castagnoli, hdr[0:4])
	c = crc32.Update(c, castagnoli, hdr[8:recHdrLen])
	return crc32.Update(c, castagnoli, payload)
}

// payloadLen returns the length field of a record header, or false when
// it cannot be a record's.
func payloadLen(hdr []byte) (int, bool) {
	n := binary.LittleEndian.Uint32(hdr[0:4])
	return int(n), n <= MaxPayload
}

// checkRecord returns why a complete record (header and payload) is
// damaged, or "" when it is sound.
func checkRecord(hdr, payload []byte) string {
	if recordCRC(hdr, payload) != binary.LittleEndian.Uint32(hdr[4:8]) {
		return "record checksum mismatch"
	}
	if binary.LittleEndian.Uint16(hdr[26:28]) != 0 {
		return "reserved field not zero"
	}
	return ""
}

// decodeRecord decodes a checked record. The payload is copied, so the
// caller's buffer may be reused.
func decodeRecord(hdr, payload []byte) Event {
	e := Event{
		Seq:  binary.LittleEndian.Uint64(hdr[8:16]),
		Time: decodeTime(int64(binary.LittleEndian.Uint64(hdr[16:24]))),
		Seat: int(int16(binary.LittleEndian.Uint16(hdr[24:26]))),
	}
	e.Payload = append([]byte(nil), payload...)
	return e
}

// validAt reports whether a complete, checksummed record starts at b[0].
// Used to tell a torn tail (nothing valid after the damage) from damage
// in the middle (valid records follow).
func validAt(b []byte) bool {
	if len(b) < recHdrLen {
		return false
	}
	n, ok := payloadLen(b)
	if !ok || len(b) < recHdrLen+n {
		return false
	}
	return checkRecord(b[:recHdrLen], b[recHdrLen:recHdrLen+n]) == ""
}
