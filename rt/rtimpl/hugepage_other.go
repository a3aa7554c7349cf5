// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

//go:build !linux

package rtimpl

// AdviseHuge does nothing where the huge-page advice of hugepage_linux.go
// is not available.
func AdviseHuge(p, size uintptr) {}
