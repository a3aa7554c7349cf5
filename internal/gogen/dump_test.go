package gogen

import (
	"os"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// TestDump prints the IR and generated code of the source in $GOGEN_DUMP.
func TestDump(t *testing.T) {
	src := os.Getenv("GOGEN_DUMP")
	if src == "" {
		t.Skip("set GOGEN_DUMP to a program")
	}
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(p.String())
	files, err := Generate(p, "p")
	if err != nil {
		t.Fatal(err)
	}
	t.Log(string(files["p.go"]))
}
