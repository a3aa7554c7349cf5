//go:build !linux

package rt

// adviseHuge does nothing where the huge-page advice of hugepage_linux.go
// is not available.
func adviseHuge(p, size uintptr) {}
