package main

import "flag"

// parseInterspersed parses fl from args, allowing flags after positional
// arguments (fluxion run prog.fut -e f), and returns the positional ones.
func parseInterspersed(fl *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		args = fl.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// fastMathUsage describes the --fast-math flag of the commands that
// compile.
const fastMathUsage = "let the rewrites after AD assume that floats are finite and that the sign of zero does not matter (x*0 = 0, x+0 = x; see docs/ARCHITECTURE.md)"
