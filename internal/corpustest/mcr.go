package corpustest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// MCRFile is the corpus's file of MCR worked examples: hand-written fan
// lists, one case per hand (the corpus's SOURCES.md says where from).
const MCRFile = "mcr_fan_examples.json"

// MCRCase is one worked example as the file writes it. Its tiles are in
// the corpus's notation, whose dragons run 5z red, 6z green, 7z white:
// the opposite order of ours (spec/mcr.md §0.1), left to the reader.
type MCRCase struct {
	ID            int       `json:"id"`
	Source        string    `json:"source_text"`
	PrevalentWind *string   `json:"prevalent_wind"` // nil: East
	SeatWind      *string   `json:"seat_wind"`      // nil: East
	Melds         []MCRMeld `json:"melds"`
	Concealed     []string  `json:"concealed"`
	WinTile       string    `json:"win_tile"`
	SelfDrawn     bool      `json:"self_drawn"`
	Flowers       int       `json:"flowers"`
	Fans          []MCRFan  `json:"fans"`
	Total         int       `json:"total"`
}

// MCRMeld is a case's exposed set: chow, pung, melded_kong or
// concealed_kong.
type MCRMeld struct {
	Type  string   `json:"type"`
	Tiles []string `json:"tiles"`
}

// MCRFan is a fan the example counts, Count times.
type MCRFan struct {
	Zh    string `json:"zh"`
	En    string `json:"en"`
	Value int    `json:"value"`
	Count int    `json:"count"`
}

// ReadMCR reads the worked examples from the corpus folder dir. A file
// that holds fewer or more cases than it says it does is an error, as
// is one that is not the examples' JSON.
func ReadMCR(dir string) ([]MCRCase, error) {
	path := filepath.Join(dir, MCRFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Count int       `json:"count"`
		Cases []MCRCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(doc.Cases) != doc.Count {
		return nil, fmt.Errorf("%s: %d cases, the file says %d", path, len(doc.Cases), doc.Count)
	}
	return doc.Cases, nil
}

// MCR returns the worked examples, skipping tb when the corpus is absent
// and failing it when the file cannot be read.
func MCR(tb testing.TB) []MCRCase {
	tb.Helper()
	cs, err := ReadMCR(Dir(tb, MCRFile))
	if err != nil {
		tb.Fatal(err)
	}
	return cs
}
