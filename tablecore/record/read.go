package record

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
)

// Read reads a game record in either format, telling them apart by their
// first character ('{' tenhou.net/6, '<' mjlog), and gzip-compressed (as
// Tenhou serves mjlog files) or not.
func Read(r io.Reader) (*Game, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, &FormatError{Format: "gzip", Hand: -1, Msg: "bad gzip header", Err: err}
		}
		defer zr.Close()
		br = bufio.NewReader(zr)
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return nil, &FormatError{Format: "record", Hand: -1, Msg: "empty file"}
		}
		if err != nil {
			return nil, &FormatError{Format: "record", Hand: -1, Msg: "unreadable", Err: err}
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		br.UnreadByte()
		switch b {
		case '{':
			return ReadTenhou6(br)
		case '<':
			return ReadMjlog(br)
		}
		return nil, &FormatError{Format: "record", Hand: -1, Msg: fmt.Sprintf("starts with %q: neither tenhou.net/6 JSON ({) nor mjlog XML (<)", b)}
	}
}
