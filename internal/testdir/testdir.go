// Package testdir gives tests a temporary folder in memory where the
// machine has one (/dev/shm), so that tests which journal every record
// with fsync do not spend their time waiting on a busy disk. Elsewhere,
// or when /dev/shm has too little room (a container's default is 64 MB,
// shared by every test binary running at once), it is t.TempDir. The
// folder is removed when the test ends.
package testdir

import (
	"os"
	"testing"
)

// MinFree is the room /dev/shm must have left for InMemory to use it: the
// largest test folder is a few MB, and go test runs several binaries at
// once.
const MinFree = 256 << 20

// InMemory returns a new empty folder for t, in /dev/shm when it exists
// and has MinFree bytes free.
func InMemory(t testing.TB) string {
	t.Helper()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() && free("/dev/shm") >= MinFree {
		if dir, err := os.MkdirTemp("/dev/shm", "jantaku-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}
