package testspec

import (
	"fmt"
	"strings"
	"testing"
)

func TestSelectCase(t *testing.T) {
	errCase := &Case{Expect: Expected{Kind: ExpectError}}
	tests := []struct {
		sel  Selection
		c    *Case
		want string // "" if the case runs
	}{
		{Selection{}, &Case{}, ""},
		{Selection{}, &Case{Tags: []string{"disable"}}, "tagged disable"},
		{Selection{Bench: true}, &Case{Tags: []string{"disable"}}, "tagged disable"},
		{Selection{}, &Case{Tags: []string{"notest"}}, "tagged notest"},
		{Selection{Bench: true}, &Case{Tags: []string{"notest"}}, ""},
		{Selection{}, &Case{Tags: []string{"nobench"}}, ""},
		{Selection{Bench: true}, &Case{Tags: []string{"nobench"}}, "tagged nobench"},
		{Selection{}, errCase, ""},
		{Selection{Bench: true}, errCase, "expects an error"},
		{Selection{Mode: Interpreted}, &Case{Tags: []string{"compiled"}}, "tagged compiled (interpreter mode)"},
		{Selection{Mode: Compiled}, &Case{Tags: []string{"compiled"}}, ""},
		{Selection{}, &Case{Tags: []string{"no_fluxion"}}, "tagged no_fluxion"},
		{Selection{Backend: "interp"}, &Case{Tags: []string{"no_interp"}}, "tagged no_interp"},
		{Selection{Backend: "interp"}, &Case{Tags: []string{"no_go"}}, ""},
		{Selection{Backend: "go"}, &Case{Tags: []string{"no_python", "no_opencl", "no_rtx2080"}}, ""},
		{Selection{}, &Case{Tags: []string{"no_"}}, ""},
		{Selection{Exclude: []string{"slow"}}, &Case{Tags: []string{"big", "slow"}}, "tagged slow (excluded)"},
		{Selection{Exclude: []string{"slow"}}, &Case{Tags: []string{"big"}}, ""},
		{Selection{Exclude: []string{"compiled"}}, &Case{Tags: []string{"compiled"}}, "tagged compiled (excluded)"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v/%v", tt.sel, tt.c.Tags), func(t *testing.T) {
			if got := tt.sel.SkipCase(tt.c); got != tt.want {
				t.Errorf("SkipCase = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSelectProgram(t *testing.T) {
	tests := []struct {
		sel  Selection
		tags []string
		want string
	}{
		{Selection{}, nil, ""},
		{Selection{}, []string{"disable"}, "program tagged disable"},
		{Selection{Exclude: []string{"autodiff"}}, []string{"x", "autodiff"}, "program tagged autodiff (excluded)"},
		{Selection{Exclude: []string{"autodiff"}}, []string{"x"}, ""},
	}
	for _, tt := range tests {
		if got := tt.sel.SkipProgram(&Spec{Tags: tt.tags}); got != tt.want {
			t.Errorf("%+v, tags %v: SkipProgram = %q, want %q", tt.sel, tt.tags, got, tt.want)
		}
	}
}

func TestSelectEntry(t *testing.T) {
	all := Selection{}
	one := Selection{EntryPoint: "f"}
	if !all.SelectEntry("main") || !all.SelectEntry("f") {
		t.Error("without --entry-point every entry point must be selected")
	}
	if !one.SelectEntry("f") || one.SelectEntry("main") || one.SelectEntry("g") {
		t.Error("with --entry-point=f only f must be selected")
	}
}

func TestInstances(t *testing.T) {
	spec, err := Parse("t.fut", []byte(`-- ==
-- tags { t }
-- input { 1 }
-- entry: f g
-- notest input { 2 }
-- nobench input { 3 }
`))
	if err != nil {
		t.Fatal(err)
	}
	render := func(is []Instance) string {
		var b strings.Builder
		for _, in := range is {
			fmt.Fprintf(&b, "%s#%d:%s;", in.Entry, in.Case.Index, in.Skip)
		}
		return b.String()
	}
	tests := []struct {
		sel  Selection
		want string
	}{
		{Selection{}, "main#0:;f#0:tagged notest;g#0:tagged notest;f#1:;g#1:;"},
		{Selection{Bench: true}, "main#0:;f#0:;g#0:;f#1:tagged nobench;g#1:tagged nobench;"},
		{Selection{EntryPoint: "g"}, "g#0:tagged notest;g#1:;"},
		{Selection{Exclude: []string{"t"}, EntryPoint: "main"}, "main#0:program tagged t (excluded);"},
	}
	for _, tt := range tests {
		if got := render(tt.sel.Instances(spec)); got != tt.want {
			t.Errorf("%+v: got %s, want %s", tt.sel, got, tt.want)
		}
	}
}
