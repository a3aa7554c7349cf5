// Command gen writes the files of package rtimpl, which the Go backend
// derives from the runtime's sources (package rt), into the current
// directory: go generate ./rt/rtimpl runs it after a change to rt.
package main

import (
	"fmt"
	"os"

	"github.com/fluxion-lang/fluxion/internal/gogen"
)

func main() {
	files, err := gogen.SharedRuntime()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for name, src := range files {
		if err := os.WriteFile(name, src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
