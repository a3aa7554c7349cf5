package testspec

import "testing"

func TestDatasetName(t *testing.T) {
	tests := []struct {
		block string // the lines after "-- ==", without comment markers
		want  []string
	}{
		// The examples of FORMATS.md §4.1.
		{`input { [1.0, 2.0, 3.0] 2.0 }`, []string{`#0 ("[1.0f64, 2.0f64, 3.0f64] 2.0f64")`}},
		{`input @ data/large.in.gz`, []string{`data/large.in`}},
		{`random input { [100000]f64 1.0 }`, []string{`[100000]f64 1.0f64`}},
		{`"big" compiled random input { [100000]f64 1.0 }`, []string{`big`}},
		// The index counts the cases after the entry: line.
		{"input { 1 }\ninput { 2 } output { 3 }\nentry: f\ninput { 3i64 }",
			[]string{`#0 ("1i32")`, `#1 ("2i32")`, `#0 ("3i64")`}},
		{`input @ x.in`, []string{`x.in`}},
		{`input @ x.gz.in`, []string{`x.gz.in`}},
		{`input {}`, []string{`#0 ("")`}},
		{`input { 0.01 1e7 12345678.0 }`, []string{`#0 ("1.0e-2f64 1.0e7f64 1.2345678e7f64")`}},
		{`input { 0.1f32 -2.5f32 1f16 }`, []string{`#0 ("0.1f32 -2.5f32 1.0f16")`}},
		{`input { f32.nan -f64.inf f16.inf true }`, []string{`#0 ("f32.nan -f64.inf f16.inf true")`}},
		{`input { 255u8 -128i8 18446744073709551615u64 }`, []string{`#0 ("255u8 -128i8 18446744073709551615u64")`}},
		{`input { empty([0]i32) empty([2][0]f64) }`, []string{`#0 ("empty([0]i32) empty([2][0]f64)")`}},
		{`input { [[1, 2], [3, 4]] }`, []string{`#0 ("[[1i32, 2i32], [3i32, 4i32]]")`}},
		// 50 characters exactly are kept; longer text is cut at 50 plus "...".
		{`input { [1i8, 2, 3, 4, 5, 6, 7, 8, 9] true }`, []string{`#0 ("[1i8, 2i8, 3i8, 4i8, 5i8, 6i8, 7i8, 8i8, 9i8] true")`}},
		{`input { [1i8, 2, 3, 4, 5, 6, 7, 8, 9] true false }`, []string{`#0 ("[1i8, 2i8, 3i8, 4i8, 5i8, 6i8, 7i8, 8i8, 9i8] true...")`}},
		{`input { [1i8, 2, 3, 4, 5, 6, 7, 8, 9] false }`, []string{`#0 ("[1i8, 2i8, 3i8, 4i8, 5i8, 6i8, 7i8, 8i8, 9i8] fals...")`}},
		// Line breaks in the input do not appear in the name.
		{"input { [1,\n2]\n3 }", []string{`#0 ("[1i32, 2i32] 3i32")`}},
		{`random input { [2][3]f32 i32 bool 10i64 3 0.5f32 true }`, []string{`[2][3]f32 i32 bool 10i64 3i32 0.5f32 true`}},
		{`random input { [0]u8 }`, []string{`[0]u8`}},
	}
	for _, tt := range tests {
		src := "-- ==\n"
		for _, l := range splitLines(tt.block) {
			src += "-- " + l + "\n"
		}
		spec, err := Parse("t.fut", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", tt.block, err)
			continue
		}
		if len(spec.Cases) != len(tt.want) {
			t.Errorf("%s: %d cases, want %d", tt.block, len(spec.Cases), len(tt.want))
			continue
		}
		for i, c := range spec.Cases {
			if got := c.DatasetName(); got != tt.want[i] {
				t.Errorf("%s: case %d named %s, want %s", tt.block, i, got, tt.want[i])
			}
		}
	}
}

func splitLines(s string) []string {
	var ls []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			ls = append(ls, s[start:i])
			start = i + 1
		}
	}
	return append(ls, s[start:])
}

func TestBenchmarkKey(t *testing.T) {
	tests := []struct{ path, entry, want string }{
		{"dir/prog.fut", "main", "dir/prog.fut"},
		{"dir/prog.fut", "total", "dir/prog.fut:total"},
		{"./prog.fut", "f", "./prog.fut:f"},
	}
	for _, tt := range tests {
		if got := BenchmarkKey(tt.path, tt.entry); got != tt.want {
			t.Errorf("BenchmarkKey(%q, %q) = %q, want %q", tt.path, tt.entry, got, tt.want)
		}
	}
}
