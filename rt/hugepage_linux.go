package rt

import "syscall"

// hugePage is the size of the processor's large pages that Linux hands out
// for memory marked with MADV_HUGEPAGE (2 MiB on x86-64 and on arm64 with
// 4 KiB base pages).
const hugePage = 2 << 20

// adviseHuge asks Linux to back the huge pages that the size bytes at p
// overlap with huge pages where it can. Memory that a process touches for
// the first time is faulted in one page at a time; at 4 KiB a page, that
// dominates the first run of a program over large arrays (see makeData).
// The pages are rounded outward: the rest of a huge page around an array
// is heap memory that later arrays take, which gains the same way, and
// the advice changes no contents. It is a hint: ignored where transparent
// huge pages are off, and so is its error.
//
// The address is a uintptr, not a pointer, so that passing it does not
// make the array escape to the heap (a small one may live on the stack);
// the caller keeps the array alive, and madvise does not touch it.
func adviseHuge(p, size uintptr) {
	lo := p &^ (hugePage - 1)
	hi := (p + size + hugePage - 1) &^ (hugePage - 1)
	syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, syscall.MADV_HUGEPAGE)
}
