package main

import (
	"flag"
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
)

// cmdCache inspects or empties the cache of compiled programs.
func cmdCache(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("cache", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion cache info | clean\n\n"+
			"  info   print the cache directory, its size and its limit\n"+
			"  clean  remove every compiled program from the cache")
	}
	rest, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 || rest[0] != "info" && rest[0] != "clean" {
		fl.Usage()
		return 2
	}
	dir, err := gobuild.DefaultCacheDir()
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion cache: %v\n", err)
		return 1
	}
	limit, err := gobuild.CacheLimit()
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion cache: %v\n", err)
		return 2
	}
	if rest[0] == "clean" {
		if err := gobuild.CleanCache(dir); err != nil {
			fmt.Fprintf(env.stderr, "fluxion cache: %v\n", err)
			return 1
		}
		return 0
	}
	n, size, err := gobuild.CacheUsage(dir)
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion cache: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "directory: %s\nexecutables: %d\nsize: %s (limit %s, set with FLUXION_CACHE_LIMIT)\n", dir, n, humanBytes(size), humanBytes(limit))
	return 0
}

// humanBytes prints a byte count in the largest unit that keeps it >= 1.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
