//go:build !linux && !darwin

package web

// espacioLibre is not known here: only the write probe runs.
func espacioLibre(string) (int64, bool) { return 0, false }
