package prelude

import (
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// topLevelNames lists every name of LANGUAGE.md §13.1-13.6.
var topLevelNames = []string{
	// §13.1
	"map", "map1", "map2", "map3", "map4", "map5", "reduce", "reduce_comm", "scan", "exscan",
	"hist", "reduce_by_index", "reduce_by_index_2d", "reduce_by_index_3d", "scatter",
	"scatter_2d", "scatter_3d", "spread", "filter", "partition", "partition2", "all", "any",
	"flatmap", "flatmap'",
	// §13.2
	"length", "null", "head", "last", "tail", "init", "take", "drop", "sized", "split",
	"reverse", "++", "concat", "iota", "indices", "rotate", "replicate", "rep", "copy",
	"manifest", "flatten", "flatten_3d", "flatten_4d", "unflatten", "unflatten_3d",
	"unflatten_4d", "transpose", "and", "or", "foldl", "foldr", "tabulate", "tabulate_2d",
	"tabulate_3d",
	// §13.3
	"zip", "zip2", "zip3", "zip4", "zip5", "unzip", "unzip2", "unzip3", "unzip4", "unzip5",
	// §13.4
	"|>", "<|", ">->", "<-<", "flip", "curry", "uncurry", "const", "id", "iterate",
	"iterate_until", "iterate_while",
	// §13.5
	"jvp", "jvp2", "vjp", "vjp2", "jmp", "jmp2", "mjp", "mjp2", "with_vjp", "with_vjp_tape",
	// §13.6
	"r32", "t32", "r64", "t64", "not", "opaque", "trace", "break",
}

// moduleTypeMembers lists the members each module type of §13.7 adds to
// the one it includes.
var moduleTypeMembers = []struct {
	name     string
	includes string
	members  []string
}{
	{"from_prim", "", []string{"t", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64", "bool"}},
	{"numeric", "from_prim", []string{"+", "-", "*", "/", "%", "**", "to_i64", "==", "<", ">", "<=", ">=", "!=",
		"neg", "max", "min", "abs", "sgn", "highest", "lowest", "sum", "product", "maximum", "minimum"}},
	{"integral", "numeric", []string{"//", "%%", "&", "|", "^", "<<", ">>", ">>>", "not", "num_bits",
		"get_bit", "set_bit", "popc", "mul_hi", "mad_hi", "clz", "ctz"}},
	{"real", "numeric", []string{"recip", "from_fraction", "to_f64", "sqrt", "rsqrt", "cbrt", "exp", "sin",
		"cos", "tan", "sinpi", "cospi", "tanpi", "asin", "acos", "atan", "asinpi", "acospi", "atanpi",
		"sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "gamma", "lgamma", "erf", "erfc", "log",
		"log2", "log10", "log1p", "ceil", "floor", "trunc", "round", "atan2", "atan2pi", "hypot",
		"lerp", "mad", "fma", "isinf", "isnan", "inf", "nan", "pi", "e"}},
	{"float", "real", []string{"int_t", "from_bits", "to_bits", "num_bits", "get_bit", "set_bit",
		"epsilon", "nextafter", "ldexp", "copysign"}},
}

// numericModules gives the module type each module of §13.8 is ascribed to.
var numericModules = []struct{ name, ascription string }{
	{"i8", "integral with t = i8"},
	{"i16", "integral with t = i16"},
	{"i32", "integral with t = i32"},
	{"i64", "integral with t = i64"},
	{"u8", "integral with t = u8"},
	{"u16", "integral with t = u16"},
	{"u32", "integral with t = u32"},
	{"u64", "integral with t = u64"},
	{"f16", "float with t = f16 with int_t = u16"},
	{"f32", "float with t = f32 with int_t = u32"},
	{"f64", "float with t = f64 with int_t = u64"},
	{"bool", "from_prim with t = bool"},
}

func readAll(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := fs.WalkDir(FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS, path)
		files[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// bindingName matches the name bound by a declaration or spec line.
var bindingName = regexp.MustCompile(`^\s*(?:def|val|type|module type|module)\s+(\([^)\s]+\)|[A-Za-z_][A-Za-z0-9_']*)`)

// boundNames returns the names bound by the declarations and specs in src,
// with operator names stripped of their parentheses.
func boundNames(src string) map[string]bool {
	names := map[string]bool{}
	for _, line := range strings.Split(src, "\n") {
		if m := bindingName.FindStringSubmatch(line); m != nil {
			names[strings.Trim(m[1], "()")] = true
		}
	}
	return names
}

// block returns the lines after the line starting with header, up to the
// next line that is exactly "}".
func block(t *testing.T, src, header string) string {
	t.Helper()
	i := strings.Index(src, "\n"+header)
	if i < 0 {
		t.Fatalf("no declaration starting with %q", header)
	}
	rest := src[i+1+len(header):]
	j := strings.Index(rest, "\n}\n")
	if j < 0 {
		t.Fatalf("declaration %q is not closed", header)
	}
	return rest[:j]
}

func TestRootExists(t *testing.T) {
	src, err := fs.ReadFile(FS, Root)
	if err != nil {
		t.Fatalf("root file %s: %v", Root, err)
	}
	if len(src) == 0 {
		t.Fatalf("root file %s is empty", Root)
	}
}

func TestImportsResolve(t *testing.T) {
	files := readAll(t)
	imp := regexp.MustCompile(`(?m)^(?:open |local open )?import "([^"]+)"`)
	reached := map[string]bool{Root: true}
	todo := []string{Root}
	for len(todo) > 0 {
		f := todo[0]
		todo = todo[1:]
		for _, m := range imp.FindAllStringSubmatch(files[f], -1) {
			target := m[1] + ".fut"
			if _, ok := files[target]; !ok {
				t.Errorf("%s imports %q, which is not in FS", f, m[1])
				continue
			}
			if !reached[target] {
				reached[target] = true
				todo = append(todo, target)
			}
		}
	}
	for f := range files {
		if !reached[f] {
			t.Errorf("%s is never imported from %s", f, Root)
		}
	}
}

func TestTopLevelNamesDefined(t *testing.T) {
	defined := map[string]bool{}
	top := regexp.MustCompile(`(?m)^def\s+(\([^)\s]+\)|[A-Za-z_][A-Za-z0-9_']*)`)
	for _, src := range readAll(t) {
		for _, m := range top.FindAllStringSubmatch(src, -1) {
			defined[strings.Trim(m[1], "()")] = true
		}
	}
	for _, name := range topLevelNames {
		if !defined[name] {
			t.Errorf("prelude does not define %q at top level", name)
		}
	}
}

func TestModuleTypes(t *testing.T) {
	src := readAll(t)["modtypes.fut"]
	for _, mt := range moduleTypeMembers {
		body := block(t, src, "module type "+mt.name+" = {")
		got := boundNames(body)
		want := map[string]bool{}
		for _, m := range mt.members {
			want[m] = true
		}
		for m := range want {
			if !got[m] {
				t.Errorf("module type %s lacks %q", mt.name, m)
			}
		}
		for m := range got {
			if !want[m] {
				t.Errorf("module type %s has unspecified member %q", mt.name, m)
			}
		}
		hasInclude := strings.Contains(body, "include "+mt.includes+"\n")
		if mt.includes != "" && !hasInclude {
			t.Errorf("module type %s does not include %s", mt.name, mt.includes)
		}
	}
}

// allMembers expands a module type's members through its includes.
func allMembers(name string) []string {
	for _, mt := range moduleTypeMembers {
		if mt.name == name {
			ms := append([]string(nil), mt.members...)
			if mt.includes != "" {
				ms = append(ms, allMembers(mt.includes)...)
			}
			return ms
		}
	}
	return nil
}

func TestNumericModules(t *testing.T) {
	src := readAll(t)["modules.fut"]
	for _, nm := range numericModules {
		body := block(t, src, "module "+nm.name+" : "+nm.ascription+" = {")
		got := boundNames(body)
		base := strings.Fields(nm.ascription)[0]
		var missing []string
		for _, m := range allMembers(base) {
			if !got[m] {
				missing = append(missing, m)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("module %s lacks %v", nm.name, missing)
		}
	}
}

// Every intrinsic used must exist in the contract of docs/INTRINSICS.md.
var (
	arrayIntrinsics = map[string]bool{
		"map": true, "reduce": true, "reduce_comm": true, "scan": true, "hist": true,
		"scatter": true, "zip": true, "iota": true, "replicate": true, "copy": true,
		"flatten": true, "unflatten": true, "transpose": true, "concat": true, "rotate": true,
		"jvp2": true, "vjp2": true, "jmp2": true, "mjp2": true, "with_vjp": true, "trace": true,
		"check_index": true, "acc": true, "acc_write": true, "scatter_stream": true, "hist_stream": true,
	}
	floatFns = "sqrt rsqrt cbrt exp log log2 log10 log1p sin cos tan sinpi cospi tanpi asin acos " +
		"atan asinpi acospi atanpi sinh cosh tanh asinh acosh atanh gamma lgamma erf erfc ceil " +
		"floor trunc round atan2 atan2pi hypot copysign nextafter fma mad lerp isnan isinf " +
		"to_bits from_bits ldexp"
	numericFns = "abs sgn min max"
	intFns     = "popc clz ctz mul_hi mad_hi lshr ashr"
)

func knownScalarIntrinsics() map[string]bool {
	known := map[string]bool{}
	floats := []string{"f16", "f32", "f64"}
	ints := []string{"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"}
	for _, fn := range strings.Fields(floatFns) {
		for _, ty := range floats {
			known[fn+"_"+ty] = true
		}
	}
	for _, fn := range strings.Fields(numericFns) {
		for _, ty := range append(append([]string{}, ints...), floats...) {
			known[fn+"_"+ty] = true
		}
	}
	for _, fn := range strings.Fields(intFns) {
		for _, ty := range ints {
			known[fn+"_"+ty] = true
		}
	}
	all := append(append(append([]string{}, ints...), floats...), "bool")
	for _, from := range all {
		for _, to := range all {
			known["conv_"+from+"_"+to] = true
		}
	}
	return known
}

func TestIntrinsicsExist(t *testing.T) {
	scalar := knownScalarIntrinsics()
	use := regexp.MustCompile(`__([A-Za-z0-9_]+)`)
	for file, src := range readAll(t) {
		for i, line := range strings.Split(src, "\n") {
			if k := strings.Index(line, "--"); k >= 0 {
				line = line[:k]
			}
			for _, m := range use.FindAllStringSubmatch(line, -1) {
				if !arrayIntrinsics[m[1]] && !scalar[m[1]] {
					t.Errorf("%s:%d: unknown intrinsic __%s", file, i+1, m[1])
				}
			}
		}
	}
}
