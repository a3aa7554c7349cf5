package rt

import "embed"

// Sources holds the runtime's source files; the Go backend copies them
// into every generated package.
//
//go:embed array.go alloc.go slice.go scalar.go par.go acc.go binary.go hugepage_linux.go hugepage_other.go
var Sources embed.FS

// SourceFiles lists the files of Sources in a fixed order.
var SourceFiles = []string{"array.go", "alloc.go", "slice.go", "scalar.go", "par.go", "acc.go", "binary.go", "hugepage_linux.go", "hugepage_other.go"}
