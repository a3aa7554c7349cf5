package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/values"
)

func TestDatasetsCoverStandardSizes(t *testing.T) {
	want := map[string]int{"lse": 10, "gmm": 60, "kmeans": 12, "llsq": 11, "det": 7, "ode": 9, "lstm": 9, "ba": 14, "ht": 24}
	got := map[string]int{}
	seen := map[string]bool{}
	for _, d := range datasets() {
		got[d.workload]++
		key := d.workload + "/" + d.name
		if seen[key] {
			t.Errorf("duplicate dataset %s", key)
		}
		seen[key] = true
	}
	for w, n := range want {
		if got[w] != n {
			t.Errorf("%s: %d datasets, want %d", w, got[w], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("workloads %v, want %v", got, want)
	}
}

func TestWriteRoundTrips(t *testing.T) {
	path := filepath.Join(t.TempDir(), "det", "data", "x.in")
	args := []values.Value{i64(3), f64s([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9})}
	if err := write(path, args); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	back, err := values.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || !values.Identical(back[0], args[0]) || !values.Identical(back[1], args[1]) {
		t.Errorf("read back %v, want %v", back, args)
	}
}
