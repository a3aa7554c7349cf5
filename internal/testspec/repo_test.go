package testspec

import (
	"os"
	"testing"
)

// TestRepositoryPrograms parses the test blocks of every program in the
// repository, so a malformed block is caught before `fluxion test` runs,
// and checks that the data files of every tested case exist. Benchmark-only
// datasets (tagged notest) may name files that bench/cmd/gendata writes at
// benchmark time; those are not committed.
func TestRepositoryPrograms(t *testing.T) {
	var dirs []string
	for _, d := range []string{"../../tests", "../../examples", "../../bench", "../../prelude"} {
		if _, err := os.Stat(d); err == nil {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		t.Skip("no program directories")
	}
	files, err := FindPrograms(dirs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		spec, err := ParseFile(f)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, c := range spec.Cases {
			if c.HasTag("notest") {
				continue
			}
			if c.Input.Kind == InputFile {
				if _, err := os.Stat(DataPath(spec, c.Input.Path)); err != nil {
					t.Errorf("%s: %v", c.Input.Pos, err)
				}
			}
			if c.Expect.Kind == ExpectFile {
				if _, err := os.Stat(DataPath(spec, c.Expect.Path)); err != nil {
					t.Errorf("%s: %v", c.Expect.Pos, err)
				}
			}
		}
	}
}
