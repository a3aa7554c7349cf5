// Command adratio reads the JSON of `fluxion bench --json` (FORMATS §4)
// for a program whose entry points come in pairs X_f (a primal) and X_g
// (its derivative), and prints, per pair and dataset, the derivative's
// time over the primal's, from the medians and from the minima of the
// runs, plus how much the median ratio grows from the first dataset to
// each later one. bench/complexity/complexity.fut is such a program:
//
//	fluxion bench --runs 10 --json out.json bench/complexity/complexity.fut
//	go run ./bench/scripts/adratio out.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type results map[string]struct {
	Datasets map[string]struct {
		Runtimes []float64 `json:"runtimes"`
	} `json:"datasets"`
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func minimum(xs []float64) float64 {
	m := 0.0
	for i, x := range xs {
		if i == 0 || x < m {
			m = x
		}
	}
	return m
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: adratio BENCH.json")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "adratio:", err)
		os.Exit(1)
	}
	var res results
	if err := json.Unmarshal(data, &res); err != nil {
		fmt.Fprintf(os.Stderr, "adratio: %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	var names []string
	for k := range res {
		if strings.HasSuffix(k, "_g") {
			if _, ok := res[strings.TrimSuffix(k, "_g")+"_f"]; ok {
				names = append(names, strings.TrimSuffix(k, "_g"))
			}
		}
	}
	sort.Strings(names)
	fmt.Println("pair\tdataset\tratio_median\tratio_min\tgrowth")
	for _, n := range names {
		f, g := res[n+"_f"], res[n+"_g"]
		var sets []string
		for d := range f.Datasets {
			if _, ok := g.Datasets[d]; ok {
				sets = append(sets, d)
			}
		}
		// Datasets in the order of their primal's median time.
		sort.Slice(sets, func(i, j int) bool {
			return median(f.Datasets[sets[i]].Runtimes) < median(f.Datasets[sets[j]].Runtimes)
		})
		first := 0.0
		for i, d := range sets {
			fr, gr := f.Datasets[d].Runtimes, g.Datasets[d].Runtimes
			rm := median(gr) / median(fr)
			rn := minimum(gr) / minimum(fr)
			if i == 0 {
				first = rm
			}
			name := n[strings.LastIndex(n, ":")+1:]
			fmt.Printf("%s\t%s\t%.2f\t%.2f\t%.2f\n", name, d, rm, rn, rm/first)
		}
	}
}
