package check

import (
	"os"
	"strings"
	"testing"
)

func TestProbe(t *testing.T) {
	data, _ := os.ReadFile("/tmp/probe.txt")
	for _, src := range strings.Split(string(data), "\n---\n") {
		_, err := CheckSource("p.fut", []byte(src), nil)
		if err != nil {
			t.Logf("\n%s\n=> %s", src, err)
		} else {
			t.Logf("\n%s\n=> OK", src)
		}
	}
}
