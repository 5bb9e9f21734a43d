//go:build linux || darwin

package web

import "syscall"

// espacioLibre is the space left to unprivileged users in dir's file system.
func espacioLibre(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}
