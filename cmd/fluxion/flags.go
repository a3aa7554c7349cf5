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
