// Command gobase times the hand-written Go oracles of bench/oracle the way
// `fluxion run -r N` times a compiled entry point: one warm-up run, then N
// timed runs, wall time per run in microseconds. It prints one line per
// function: workload, dataset, function, median and minimum microseconds.
// GOMAXPROCS applies as usual (the oracles are sequential).
//
//	go run ./bench/scripts/gobase -w gmm -d 2 -k 5 -n 1000 -r 10
//	go run ./bench/scripts/gobase -w kmeans -k 100 -n 10000 -d 16
//	go run ./bench/scripts/gobase -w lstm -l 2 -c 1024
//	go run ./bench/scripts/gobase -w gmm -d 64 -k 200 -n 1000 -f objective
//	go run ./bench/scripts/gobase -w lse -n 40000
//	go run ./bench/scripts/gobase -w llsq -n 1024 -m 128
//	go run ./bench/scripts/gobase -w ode -n 1000 -s 10
//	go run ./bench/scripts/gobase -w det -e 8
//	go run ./bench/scripts/gobase -w project -n 10000
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

// sink keeps results alive so the timed calls are not optimised away.
var sink any

func timeit(runs int, f func()) (median, min float64) {
	f() // warm-up
	ts := make([]float64, runs)
	for i := range ts {
		t0 := time.Now()
		f()
		ts[i] = float64(time.Since(t0).Nanoseconds()) / 1e3
	}
	sort.Float64s(ts)
	return ts[len(ts)/2], ts[0]
}

func main() {
	w := flag.String("w", "gmm", "workload: gmm, kmeans, lstm, lse, llsq, ode, det or project")
	d := flag.Int("d", 2, "gmm, kmeans: dimension")
	k := flag.Int("k", 5, "gmm, kmeans: clusters")
	n := flag.Int("n", 1000, "gmm, kmeans, project: points")
	l := flag.Int("l", 2, "lstm: layers")
	c := flag.Int("c", 1024, "lstm: characters")
	m := flag.Int("m", 128, "llsq: columns")
	s := flag.Int("s", 10, "ode: steps")
	ell := flag.Int("e", 8, "det: matrix size")
	runs := flag.Int("r", 10, "timed runs")
	only := flag.String("f", "", "time only this function (default: both)")
	flag.Parse()

	var name string
	fns := map[string]func(){}
	var order []string
	switch *w {
	case "gmm":
		in := oracle.GenGMM(*d, *k, *n)
		name = fmt.Sprintf("D%d_K%d_N%d", *d, *k, *n)
		fns["objective"] = func() { sink = oracle.GMMObjective(in) }
		fns["jacobian"] = func() { sink = oracle.GMMGradient(in) }
		order = []string{"objective", "jacobian"}
	case "kmeans":
		in := oracle.GenKMeans(*k, *n, *d)
		name = fmt.Sprintf("k%d_n%d_d%d", *k, *n, *d)
		fns["cost"] = func() { sink = oracle.KMeansCost(in) }
		fns["dir"] = func() { sink = oracle.KMeansDir(in) }
		order = []string{"cost", "dir"}
	case "lstm":
		in := oracle.GenLSTM(*l, oracle.LSTMB, *c)
		name = fmt.Sprintf("l%d_c%d", *l, *c)
		fns["objective"] = func() { sink = oracle.LSTMObjective(in) }
		fns["jacobian"] = func() { sink = oracle.LSTMGradient(in) }
		order = []string{"objective", "jacobian"}
	case "lse":
		x := oracle.GenLSE(*n)
		name = fmt.Sprintf("n%d", *n)
		fns["primal"] = func() { sink = oracle.LSE(x) }
		fns["gradient"] = func() { sink = oracle.LSEGrad(x) }
		order = []string{"primal", "gradient"}
	case "llsq":
		x := oracle.GenLLSQ(*m)
		name = fmt.Sprintf("n%d_m%d", *n, *m)
		fns["primal"] = func() { sink = oracle.LLSQPrimal(x, *n) }
		fns["gradient"] = func() { sink = oracle.LLSQGradient(x, *n) }
		order = []string{"primal", "gradient"}
	case "ode":
		x := oracle.GenODE(*n)
		name = fmt.Sprintf("n%d_s%d", *n, *s)
		fns["primal"] = func() { sink = oracle.ODEPrimal(x, *s) }
		fns["gradient"] = func() { sink = oracle.ODEGradient(x, *s) }
		order = []string{"primal", "gradient"}
	case "det":
		a := oracle.GenDet(*ell)
		name = fmt.Sprintf("ell%d", *ell)
		fns["primal"] = func() { sink = oracle.Det(a, *ell) }
		fns["gradient"] = func() { sink = oracle.DetGradient(a, *ell) }
		order = []string{"primal", "gradient"}
	case "project":
		cam, xs := oracle.GenProject(*n)
		name = fmt.Sprintf("n%d", *n)
		fns["primal"] = func() {
			out := make([][2]float64, *n)
			for p := range out {
				out[p] = oracle.Project(cam, xs[3*p:3*p+3])
			}
			sink = out
		}
		fns["jacobian"] = func() { sink = oracle.ProjectJacobian(cam, xs) }
		order = []string{"primal", "jacobian"}
	default:
		fmt.Fprintf(os.Stderr, "gobase: unknown workload %q\n", *w)
		os.Exit(2)
	}
	for _, f := range order {
		if *only != "" && f != *only {
			continue
		}
		med, mn := timeit(*runs, fns[f])
		fmt.Printf("%s\t%s\t%s\tmedian_us=%.1f\tmin_us=%.1f\n", *w, name, f, med, mn)
	}
}
