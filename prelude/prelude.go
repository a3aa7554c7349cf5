// Package prelude holds the prelude (LANGUAGE.md §13): the definitions that
// are implicitly opened in every program, written in the language itself
// over the intrinsics of docs/INTRINSICS.md.
package prelude

//go:generate go run ./gen -o modules.fut

import "embed"

// FS holds the prelude source files. Paths are file names without
// directories, as `import` sees them (e.g. "soacs.fut").
//
//go:embed *.fut
var FS embed.FS

// Root is the file of FS that the checker opens first. It opens every other
// prelude file, so checking it binds all prelude names in order.
const Root = "prelude.fut"
