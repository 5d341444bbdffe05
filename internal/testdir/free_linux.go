package testdir

import "syscall"

// free is the number of bytes an unprivileged writer can still use in the
// file system holding dir, 0 when it cannot be told.
func free(dir string) uint64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil || st.Bsize <= 0 {
		return 0
	}
	return st.Bavail * uint64(st.Bsize)
}
