//go:build !linux

package rt

import "unsafe"

// adviseHuge does nothing where the huge-page advice of hugepage_linux.go
// is not available.
func adviseHuge(p unsafe.Pointer, size uintptr) {}
