// Command goapi calls a Fluxion program from Go: the package dotprod is
// generated from ../dot.fut by `fluxion build` and depends on the standard
// library only.
//
//go:generate go run ../../cmd/fluxion build -o dotprod ../dot.fut
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/fluxion-lang/fluxion/examples/goapi/dotprod"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	xs, err := dotprod.NewArray([]int64{3}, []float64{1, 2, 3})
	if err != nil {
		return err
	}
	ys, err := dotprod.NewArray([]int64{3}, []float64{4, 5, 6})
	if err != nil {
		return err
	}
	d, err := dotprod.Dot(xs, ys)
	if err != nil {
		return err
	}
	// The gradient of the dot product with respect to xs, by reverse-mode AD.
	g, err := dotprod.Grad(xs, ys)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "dot = %g\ngradient = %v (shape %v)\n", d, g.Data, g.Shape)

	// Run-time failures are errors, with the source position.
	short, err := dotprod.NewArray([]int64{2}, []float64{1, 2})
	if err != nil {
		return err
	}
	if _, err := dotprod.Dot(xs, short); err != nil {
		fmt.Fprintf(w, "mismatched lengths: %v\n", err)
	}
	return nil
}
