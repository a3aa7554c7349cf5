package check

import "testing"

func TestSmokePrelude(t *testing.T) {
	_, err := checkedPrelude()
	if err != nil {
		t.Fatal(FormatError(err))
	}
	p, err := CheckSource("main.fut", []byte("def main (xs: []f32) = map (+1) xs |> f32.sum\n"), nil)
	if err != nil {
		t.Fatal(FormatError(err))
	}
	for _, e := range p.Entries {
		t.Logf("%s %v %v", e.Name, TypeString(e.Bind.Bind.Scheme.Type), len(e.Params))
	}
}
