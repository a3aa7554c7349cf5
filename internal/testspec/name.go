package testspec

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// maxNameText is how much of a literal input a dataset name shows.
const maxNameText = 50

// DatasetName returns the name of the case as a benchmark dataset and in
// test reports (FORMATS.md §4.1).
func (c *Case) DatasetName() string {
	if c.Name != "" {
		return c.Name
	}
	switch c.Input.Kind {
	case InputFile, InputScriptFile:
		return strings.TrimSuffix(c.Input.Path, ".gz")
	case InputScript:
		return ScriptText(c.Input.Script)
	case InputRandom:
		items := make([]string, len(c.Input.Gens))
		for i, g := range c.Input.Gens {
			items[i] = g.String()
		}
		return strings.Join(items, " ")
	}
	items := make([]string, len(c.Input.Values))
	for i, v := range c.Input.Values {
		items[i] = nameText(v)
	}
	text := strings.ReplaceAll(strings.Join(items, " "), "\n", " ")
	if len(text) > maxNameText {
		text = text[:maxNameText] + "..."
	}
	return fmt.Sprintf("#%d (\"%s\")", c.Index, text)
}

// String writes the generator as dataset names show it: a type without
// spaces ("[100][16]f32") or a constant with its type suffix ("1.0f64").
func (g Generator) String() string {
	if g.Type == prim.Invalid {
		return nameText(g.Const)
	}
	var b strings.Builder
	for _, d := range g.Dims {
		fmt.Fprintf(&b, "[%d]", d)
	}
	b.WriteString(g.Type.String())
	return b.String()
}

// BenchmarkKey is the key of a benchmark in reports: the program path as
// given, with ":entry" appended unless the entry point is main.
func BenchmarkKey(path, entry string) string {
	if entry == "main" {
		return path
	}
	return path + ":" + entry
}
