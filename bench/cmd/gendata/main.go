// Command gendata writes the benchmark datasets of the bench/ programs at
// GradBench's standard sizes, in Fluxion's binary value format, to
// <dir>/<workload>/data/<name>.in, where the programs' test blocks refer to
// them. The data are generated, never committed.
//
//	go run ./bench/cmd/gendata [-dir bench] [-only gmm,ba] [-max-size N]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fluxion-lang/fluxion/bench/oracle"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// dataset is one named input of one workload, built only when written.
type dataset struct {
	workload, name string
	size           int // rough number of input elements, for -max-size
	args           func() []values.Value
}

func f64s(xs []float64) values.Value {
	v, err := values.FromData(prim.F64, []int64{int64(len(xs))}, xs)
	if err != nil {
		panic(err)
	}
	return v
}

func i64(x int) values.Value { return values.Scalar(prim.IntValue(prim.I64, int64(x))) }

func datasets() []dataset {
	var ds []dataset
	add := func(w, name string, size int, args func() []values.Value) {
		ds = append(ds, dataset{w, name, size, args})
	}
	for _, n := range oracle.LSESizes {
		add("lse", fmt.Sprintf("n%d", n), n, func() []values.Value { return []values.Value{f64s(oracle.GenLSE(n))} })
	}
	for _, n := range oracle.GMMNs {
		for _, d := range oracle.GMMDs {
			for _, k := range oracle.GMMKs {
				add("gmm", fmt.Sprintf("D%d_K%d_N%d", d, k, n), n*d+k*d*d, func() []values.Value { return oracle.GenGMM(d, k, n).Args() })
			}
		}
	}
	for _, k := range oracle.KMeansKs {
		for _, n := range oracle.KMeansNs {
			for _, d := range oracle.KMeansDs {
				add("kmeans", fmt.Sprintf("k%d_n%d_d%d", k, n, d), n*d, func() []values.Value { return oracle.GenKMeans(k, n, d).Args() })
			}
		}
	}
	for _, n := range oracle.LLSQNs {
		add("llsq", fmt.Sprintf("n%d_m%d", n, oracle.LLSQM), oracle.LLSQM, func() []values.Value {
			return []values.Value{f64s(oracle.GenLLSQ(oracle.LLSQM)), i64(n)}
		})
	}
	for _, l := range oracle.DetSizes {
		add("det", fmt.Sprintf("ell%d", l), l*l, func() []values.Value { return []values.Value{i64(l), f64s(oracle.GenDet(l))} })
	}
	for _, n := range oracle.ODENs {
		for _, s := range oracle.ODESs {
			add("ode", fmt.Sprintf("n%d_s%d", n, s), n, func() []values.Value { return []values.Value{f64s(oracle.GenODE(n)), i64(s)} })
		}
	}
	for _, l := range oracle.LSTMLs {
		for _, c := range oracle.LSTMCs {
			add("lstm", fmt.Sprintf("l%d_c%d", l, c), c*oracle.LSTMB, func() []values.Value { return oracle.GenLSTM(l, oracle.LSTMB, c).Args() })
		}
	}
	for i, s := range oracle.BASizes {
		add("ba", fmt.Sprintf("ba%d_n%d_m%d_p%d", i+1, s[0], s[1], s[2]), 5*s[2], func() []values.Value {
			return oracle.GenBA(s[0], s[1], s[2]).Expand().Args()
		})
	}
	for i, n := range oracle.HTNs {
		for _, v := range []struct {
			name        string
			complicated bool
		}{{"simple", false}, {"complicated", true}} {
			add("ht", fmt.Sprintf("%s_big_hand%d_c%d", v.name, i+1, n), 22*oracle.HTBigV+5*n, func() []values.Value {
				return oracle.GenHT(oracle.HTBigV, oracle.HTT, n, v.complicated).Args()
			})
		}
	}
	return ds
}

func write(path string, args []values.Value) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, a := range args {
		if err := values.WriteBinary(w, a); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func main() {
	dir := flag.String("dir", "bench", "directory holding the workload directories")
	only := flag.String("only", "", "comma-separated workloads to generate (default: all)")
	maxSize := flag.Int("max-size", 0, "skip datasets with more input elements than this (0: no limit)")
	list := flag.Bool("list", false, "list the datasets instead of writing them")
	flag.Parse()
	want := map[string]bool{}
	for _, w := range strings.Split(*only, ",") {
		if w != "" {
			want[w] = true
		}
	}
	for _, d := range datasets() {
		if (len(want) > 0 && !want[d.workload]) || (*maxSize > 0 && d.size > *maxSize) {
			continue
		}
		path := filepath.Join(*dir, d.workload, "data", d.name+".in")
		if *list {
			fmt.Println(path)
			continue
		}
		if err := write(path, d.args()); err != nil {
			fmt.Fprintln(os.Stderr, "gendata:", err)
			os.Exit(1)
		}
	}
}
