package record

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReadFile reads the game record at path (see Read) and names it by the
// file's base name, which for a Tenhou record holds its log ID, lobby and
// date (see Game.Named).
func ReadFile(path string) (*Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := Read(f)
	if err != nil {
		return nil, err
	}
	g.Named(filepath.Base(path))
	return g, nil
}

// Files expands paths into record files: a file stands for itself, a
// directory for every record inside it (subdirectories included), in name
// order. A path that does not exist is an error naming it once (a
// *fs.PathError), and so is a directory that holds no record.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		n := len(out)
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && IsRecordName(d.Name()) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: no game records (.json, .mjlog, .xml, .gz) in the directory", p)
		}
	}
	return out, nil
}

// IsRecordName reports whether a file name has the extension of a game
// record: .json (tenhou.net/6), .mjlog or .xml (mjlog), .gz (either,
// compressed).
func IsRecordName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".json", ".mjlog", ".xml", ".gz":
		return true
	}
	return false
}
