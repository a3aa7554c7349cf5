// Command gbab times two GradBench tools on the same inputs, interleaved:
// it replays the evaluate messages of a recorded session (the JSON-lines
// log of a relayed GradBench run, whose lines hold a "message" or a
// "response") against tool A and tool B, both kept running, alternating
// A and B round by round (ABBA order, so that a drift in the machine's
// load falls on both). On a machine whose load moves, the ratio of two
// timings taken seconds apart is far steadier than that of two sessions
// run minutes apart.
//
//	go run ./bench/scripts/gbab -log gmm-manual.jsonl -dir $KIT \
//	    -a 'python3 python/gradbench/gradbench/cpp.py manual' -b '/tmp/gbtuned --root .'
//
// Each evaluate message is sent with min_runs set to -runs and min_seconds
// to 0, -rounds times to each tool; a round's time is the fastest of its
// runs (the tools' own evaluate timings). It prints, per function and
// workload, the median over rounds of A's and B's times and of the ratio
// B/A of each round. Both commands run through sh -c in -dir.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
)

// tool is a running GradBench tool.
type tool struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func start(command, dir string) (*tool, error) {
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &tool{cmd, in, bufio.NewReaderSize(out, 1<<20)}, nil
}

// response is the part of a tool's response gbab reads.
type response struct {
	Success *bool  `json:"success"`
	Error   string `json:"error"`
	Timings []struct {
		Name        string `json:"name"`
		Nanoseconds int64  `json:"nanoseconds"`
	} `json:"timings"`
}

// send writes one message and reads its response.
func (t *tool) send(msg []byte) (response, error) {
	var r response
	if _, err := t.in.Write(append(msg, '\n')); err != nil {
		return r, err
	}
	line, err := t.out.ReadBytes('\n')
	if err != nil {
		return r, fmt.Errorf("reading the response: %v", err)
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("bad response %.200s: %v", line, err)
	}
	if r.Success != nil && !*r.Success {
		return r, fmt.Errorf("the tool failed: %s", r.Error)
	}
	return r, nil
}

// fastest returns the smallest evaluate timing of a response, in ms.
func fastest(r response) (float64, error) {
	best := -1.0
	for _, t := range r.Timings {
		if ms := float64(t.Nanoseconds) / 1e6; t.Name == "evaluate" && (best < 0 || ms < best) {
			best = ms
		}
	}
	if best < 0 {
		return 0, fmt.Errorf("no evaluate timing in the response")
	}
	return best, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func main() {
	logPath := flag.String("log", "", "a relayed session's JSON-lines log, whose messages are replayed")
	cmdA := flag.String("a", "", "tool A's command (the reference)")
	cmdB := flag.String("b", "", "tool B's command")
	dir := flag.String("dir", ".", "the directory the tools run in")
	rounds := flag.Int("rounds", 5, "rounds per evaluate message")
	runs := flag.Int("runs", 3, "min_runs of each evaluate message")
	only := flag.String("only", "", "replay only this function")
	flag.Parse()
	if *logPath == "" || *cmdA == "" || *cmdB == "" || *rounds < 1 || *runs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*logPath, *cmdA, *cmdB, *dir, *only, *rounds, *runs); err != nil {
		fmt.Fprintf(os.Stderr, "gbab: %v\n", err)
		os.Exit(1)
	}
}

func run(logPath, cmdA, cmdB, dir, only string, rounds, runs int) error {
	f, err := os.Open(logPath)
	if err != nil {
		return err
	}
	defer f.Close()
	var msgs []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var line struct{ Message map[string]any }
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return fmt.Errorf("%s: %v", logPath, err)
		}
		if m := line.Message; m != nil {
			switch m["kind"] {
			case "start", "define":
				msgs = append(msgs, m)
			case "evaluate":
				if only == "" || m["function"] == only {
					msgs = append(msgs, m)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var tools [2]*tool
	for i, c := range []string{cmdA, cmdB} {
		if tools[i], err = start(c, dir); err != nil {
			return err
		}
		defer func(t *tool) {
			t.in.Close()
			t.cmd.Wait()
		}(tools[i])
	}
	fmt.Printf("function\tworkload\tA ms\tB ms\tB/A (median of rounds)\tB/A (min, max)\n")
	for _, m := range msgs {
		if m["kind"] != "evaluate" {
			b, _ := json.Marshal(m)
			for _, t := range tools {
				if _, err := t.send(b); err != nil {
					return fmt.Errorf("%s: %v", m["kind"], err)
				}
			}
			continue
		}
		if in, ok := m["input"].(map[string]any); ok {
			in["min_runs"], in["min_seconds"] = runs, 0
		}
		b, _ := json.Marshal(m)
		var times [2][]float64
		var ratios []float64
		for r := range rounds {
			order := []int{0, 1}
			if r%2 == 1 {
				order = []int{1, 0}
			}
			var round [2]float64
			for _, i := range order {
				resp, err := tools[i].send(b)
				if err == nil {
					round[i], err = fastest(resp)
				}
				if err != nil {
					return fmt.Errorf("%v %v: tool %c: %v", m["function"], m["description"], "AB"[i], err)
				}
				times[i] = append(times[i], round[i])
			}
			ratios = append(ratios, round[1]/round[0])
		}
		fmt.Printf("%v\t%v\t%.4g\t%.4g\t%.2f\t%.2f, %.2f\n", m["function"], m["description"],
			median(times[0]), median(times[1]), median(ratios), slices.Min(ratios), slices.Max(ratios))
	}
	return nil
}
