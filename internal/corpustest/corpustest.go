// Package corpustest finds the shared corpus of real game records and
// public scoring vectors for tests.
//
// The corpus is never copied into the repository: tests read it in place,
// from the folder named by JANTAKU_CORPUS or from ../shared/corpus beside the
// repository. A relative JANTAKU_CORPUS is taken from the repository's root
// (the folder holding go.mod), not from the package under test, because go
// test runs each package in its own folder: without that, the same setting
// would find the corpus in one package and silently miss it in another.
package corpustest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Env names the variable that overrides where the corpus is.
const Env = "JANTAKU_CORPUS"

// Find returns the corpus folder when it holds need (a path inside the
// corpus, such as "tenhou" or "mcr_fan_examples.json"), or an error saying
// where it looked.
func Find(need string) (string, error) {
	root, rootErr := moduleRoot()
	dir := os.Getenv(Env)
	switch {
	case dir == "" && rootErr != nil:
		return "", fmt.Errorf("corpus: %w", rootErr)
	case dir == "":
		dir = filepath.Join(root, "..", "shared", "corpus")
	case !filepath.IsAbs(dir) && rootErr == nil:
		dir = filepath.Join(root, dir)
	}
	dir = filepath.Clean(dir)
	if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
		return "", fmt.Errorf("corpus not found at %s (set %s to the folder holding %s): %w", dir, Env, need, err)
	}
	return dir, nil
}

// Dir returns the corpus folder holding need, or skips the test saying
// where it looked and how to point it at the corpus.
func Dir(tb testing.TB, need string) string {
	tb.Helper()
	dir, err := Find(need)
	if err != nil {
		tb.Skip(err)
	}
	return dir
}

// moduleRoot is the nearest folder above the working directory that holds
// go.mod.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		if filepath.Dir(dir) == dir {
			return "", errors.New("no go.mod above " + wd)
		}
	}
}
