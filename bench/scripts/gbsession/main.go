// Command gbsession writes a GradBench session (one JSON message per line)
// that evaluates the objective and the derivative of each eval on one
// small workload of the standard shapes, built with the seeded generators
// of bench/oracle. Pipe it into `fluxion gradbench`; -map names a file
// that receives one line per evaluate message: id, eval, function,
// workload (tab-separated), to read the timings of the responses.
//
//	go run ./bench/scripts/gbsession -runs 10 -map ids.tsv > session.jsonl
//
// With -report, it instead reads the tool's responses on stdin and prints,
// for each evaluate message of the map, the number of evaluate timings and
// their median and minimum in microseconds:
//
//	go run ./bench/scripts/gbsession -report ids.tsv < responses.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

func rows(flat []float64, w int) [][]float64 {
	out := make([][]float64, 0, len(flat)/w)
	for i := 0; i+w <= len(flat); i += w {
		out = append(out, flat[i:i+w])
	}
	return out
}

func mats4(ms [][16]float64) [][][]float64 {
	out := make([][][]float64, len(ms))
	for i := range ms {
		out[i] = rows(ms[i][:], 4)
	}
	return out
}

type workload struct {
	eval, name string
	fns        []string
	input      func() map[string]any
}

func workloads() []workload {
	gmm := func(d, k, n int) workload {
		return workload{"gmm", fmt.Sprintf("D%d_K%d_N%d", d, k, n), []string{"objective", "jacobian"}, func() map[string]any {
			in := oracle.GenGMM(d, k, n)
			return map[string]any{"d": d, "k": k, "n": n, "m": in.M, "gamma": in.Gamma, "x": rows(in.X, d),
				"alpha": in.Alpha, "mu": rows(in.Mu, d), "q": rows(in.Q, d), "l": rows(in.L, d*(d-1)/2)}
		}}
	}
	ht := func(complicated bool, n int) workload {
		name := "simple"
		if complicated {
			name = "complicated"
		}
		return workload{"ht", fmt.Sprintf("%s_big_c%d", name, n), []string{"objective", "jacobian"}, func() map[string]any {
			in := oracle.GenHT(oracle.HTBigV, oracle.HTT, n, complicated)
			m := in.Model
			tris := make([][]int, len(m.Triangles))
			for i, t := range m.Triangles {
				tris[i] = t[:]
			}
			model := map[string]any{"bone_count": m.B, "parents": m.Parents, "base_relatives": mats4(m.BaseRel),
				"inverse_base_absolutes": mats4(m.InvAbs), "base_positions": rows(m.BasePos, 4),
				"weights": rows(m.Weights, m.B), "triangles": tris, "is_mirrored": m.Mirrored}
			out := map[string]any{"theta": in.Theta[:], "data": map[string]any{"model": model,
				"correspondences": in.Corr, "points": rows(in.Points, 3)}}
			if complicated {
				out["us"] = rows(in.Us, 2)
			}
			return out
		}}
	}
	return []workload{
		gmm(2, 5, 1000),
		gmm(10, 25, 1000),
		{"ba", "ba1_n49_m7776_p31843", []string{"objective", "jacobian"}, func() map[string]any {
			c := oracle.GenBA(49, 7776, 31843)
			return map[string]any{"n": c.N, "m": c.M, "p": c.P, "cam": c.Cam[:], "x": c.X[:], "w": c.W, "feat": c.Feat[:]}
		}},
		ht(false, 100),
		ht(true, 100),
		{"lstm", "l2_c1024", []string{"objective", "jacobian"}, func() map[string]any {
			in := oracle.GenLSTM(2, oracle.LSTMB, 1024)
			return map[string]any{"main_params": rows(in.Main, 4*in.B), "extra_params": rows(in.Extra, in.B),
				"state": rows(in.State, in.B), "sequence": rows(in.Seq, in.B)}
		}},
		{"kmeans", "k100_n1000_d8", []string{"cost", "dir"}, func() map[string]any {
			in := oracle.GenKMeans(100, 1000, 8)
			return map[string]any{"points": rows(in.Points, in.D), "centroids": rows(in.Centroids, in.D)}
		}},
		{"lse", "n40000", []string{"primal", "gradient"}, func() map[string]any {
			return map[string]any{"x": oracle.GenLSE(40000)}
		}},
		{"llsq", "n1024_m128", []string{"primal", "gradient"}, func() map[string]any {
			return map[string]any{"x": oracle.GenLLSQ(oracle.LLSQM), "n": 1024}
		}},
		{"ode", "n1000_s10", []string{"primal", "gradient"}, func() map[string]any {
			return map[string]any{"x": oracle.GenODE(1000), "s": 10}
		}},
		{"det", "ell8", []string{"primal", "gradient"}, func() map[string]any {
			return map[string]any{"A": oracle.GenDet(8), "ell": 8}
		}},
		{"particle", "w0", []string{"ff", "fr", "rf", "rr"}, func() map[string]any {
			return map[string]any{"w": oracle.ParticleW0}
		}},
		{"saddle", "start", []string{"ff", "fr", "rf", "rr"}, func() map[string]any {
			return map[string]any{"start": oracle.SaddleStart[:]}
		}},
	}
}

// report prints the median evaluate timing of each mapped response.
func report(mapFile string) error {
	b, err := os.ReadFile(mapFile)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	var order []int64
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var id int64
		f := strings.SplitN(line, "\t", 2)
		if len(f) != 2 {
			continue
		}
		if _, err := fmt.Sscan(f[0], &id); err != nil {
			return err
		}
		names[id] = f[1]
		order = append(order, id)
	}
	times := map[int64][]float64{}
	failed := map[int64]string{}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var r struct {
			ID      int64
			Success *bool
			Error   string
			Timings []struct {
				Name        string
				Nanoseconds int64
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return err
		}
		if _, ok := names[r.ID]; !ok {
			continue
		}
		if r.Success != nil && !*r.Success {
			failed[r.ID] = r.Error
		}
		for _, t := range r.Timings {
			if t.Name == "evaluate" {
				times[r.ID] = append(times[r.ID], float64(t.Nanoseconds)/1e3)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, id := range order {
		ts := times[id]
		if e, bad := failed[id]; bad || len(ts) == 0 {
			fmt.Printf("%s\tfailed: %s\n", names[id], e)
			continue
		}
		sort.Float64s(ts)
		fmt.Printf("%s\truns=%d\tmedian_us=%.1f\tmin_us=%.1f\n", names[id], len(ts), ts[len(ts)/2], ts[0])
	}
	return nil
}

func main() {
	runs := flag.Int("runs", 10, "min_runs of each evaluate message")
	mapFile := flag.String("map", "", "file receiving id, eval, function, workload per evaluate message")
	only := flag.String("only", "", "a single eval to include (default: all)")
	rep := flag.String("report", "", "read responses on stdin and report the timings of the ids in this map file")
	flag.Parse()
	if *rep != "" {
		if err := report(*rep); err != nil {
			fmt.Fprintln(os.Stderr, "gbsession:", err)
			os.Exit(1)
		}
		return
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var ids *os.File
	if *mapFile != "" {
		f, err := os.Create(*mapFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		ids = f
	}
	id := 0
	emit := func(m map[string]any) {
		m["id"] = id
		id++
		b, err := json.Marshal(m)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	start := map[string]any{"kind": "start"}
	if *only != "" {
		start["eval"] = *only
	}
	emit(start)
	defined := map[string]bool{}
	for _, w := range workloads() {
		if *only != "" && w.eval != *only {
			continue
		}
		if !defined[w.eval] {
			emit(map[string]any{"kind": "define", "module": w.eval})
			defined[w.eval] = true
		}
		in := w.input()
		in["min_runs"] = *runs
		in["min_seconds"] = 0
		for _, fn := range w.fns {
			if ids != nil {
				fmt.Fprintf(ids, "%d\t%s\t%s\t%s\n", id, w.eval, fn, w.name)
			}
			emit(map[string]any{"kind": "evaluate", "module": w.eval, "function": fn, "input": in, "description": w.name})
		}
	}
}
