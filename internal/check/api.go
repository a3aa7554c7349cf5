package check

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
	"github.com/fluxion-lang/fluxion/prelude"
)

// Loader reads the source of a file, given the slash-separated path the
// checker computed (the main file's path joined with relative imports,
// with ".fut" added).
type Loader func(path string) ([]byte, error)

// OSLoader reads files from the operating system.
func OSLoader(p string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(p)) }

// FSLoader reads files from fsys (paths are cleaned and must be valid
// fs.FS paths).
func FSLoader(fsys fs.FS) Loader {
	return func(p string) ([]byte, error) { return fs.ReadFile(fsys, path.Clean(p)) }
}

// CheckFile checks the program whose main file is at filePath (read with
// the operating system), returning the typed program or an ErrorList
// (or a syntax error).
func CheckFile(filePath string) (*Program, error) {
	src, err := OSLoader(filepath.ToSlash(filePath))
	if err != nil {
		return nil, err
	}
	return CheckSource(filepath.ToSlash(filePath), src, OSLoader)
}

// CheckSource checks a program whose main file is named name with the
// given source; imports are read with load (nil: no imports possible).
func CheckSource(name string, src []byte, load Loader) (*Program, error) {
	return CheckSourceOptions(name, src, load, Options{})
}

// Options control a check.
type Options struct {
	// NoUniqueness skips the uniqueness and aliasing checker (LANGUAGE-V2
	// §2), so that tests of the lowering's copy-on-write fallback can
	// reach programs the checker rejects.
	NoUniqueness bool
}

// CheckSourceOptions is CheckSource with options.
func CheckSourceOptions(name string, src []byte, load Loader, opts Options) (*Program, error) {
	pre, err := checkedPrelude()
	if err != nil {
		return nil, err
	}
	if load == nil {
		load = func(p string) ([]byte, error) { return nil, fs.ErrNotExist }
	}
	c := newChecker(load)
	c.opts = opts
	c.nextID = pre.nextID
	c.prog.Decls = append(c.prog.Decls, pre.decls...)
	c.root = pre.root
	if t := pre.root.lookupTerm("|>"); t != nil {
		c.pipeFwd = t.bind
	}
	mainPath := path.Clean(name)
	c.run(func() {
		c.loading = append(c.loading, mainPath)
		m := c.checkFileSource(mainPath, src)
		c.files[mainPath] = m
		if m != nil {
			c.entries(m, mainPath)
		}
	})
	if len(c.errs) > 0 {
		return nil, c.dedupErrors()
	}
	return c.prog, nil
}

func newChecker(load Loader) *checker {
	return &checker{load: load, sources: map[string][]byte{}, files: map[string]*module{}, prog: &Program{}}
}

// run calls f, stopping quietly on a fatal failure (too many errors).
func (c *checker) run(f func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(fatalFailure); !ok {
				panic(r)
			}
		}
	}()
	f()
}

func (c *checker) dedupErrors() ErrorList {
	seen := map[string]bool{}
	var out ErrorList
	for _, e := range c.errs {
		k := e.Error()
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// checkFileSource parses and checks one file as a module.
func (c *checker) checkFileSource(p string, src []byte) *module {
	c.sources[p] = src
	var mode syntax.Mode
	if c.prelude {
		mode = syntax.AllowIntrinsics
	}
	f, err := syntax.ParseFile(p, src, mode)
	if err != nil {
		var el syntax.ErrorList
		if errors.As(err, &el) {
			for _, e := range el {
				c.errs = append(c.errs, c.newError(e.Pos, e.Msg))
			}
		} else {
			c.errs = append(c.errs, c.newError(syntax.Pos{File: p}, err.Error()))
		}
		return nil
	}
	m := newModule()
	sc := newScope(c.root)
	c.decls(sc, m, f.Decls, "")
	return m
}

// importFile loads, checks (once) and returns the module of an imported
// file; imp is the path as written.
func (c *checker) importFile(imp string, pos syntax.Pos) *module {
	if imp == "" || strings.HasPrefix(imp, "/") || filepath.IsAbs(imp) {
		c.fail(pos, "import path %q must be relative to the importing file", imp)
	}
	if strings.HasSuffix(imp, ".fut") {
		c.fail(pos, "import path %q must not include the .fut extension", imp)
	}
	from := c.loading[len(c.loading)-1]
	p := path.Clean(path.Join(path.Dir(from), imp) + ".fut")
	if m, ok := c.files[p]; ok {
		if m == nil {
			panic(failure{})
		}
		return m
	}
	for i, l := range c.loading {
		if l == p {
			cycle := append(append([]string{}, c.loading[i:]...), p)
			c.fail(pos, "import cycle: %s", strings.Join(cycle, " -> "))
		}
	}
	src, err := c.load(p)
	if err != nil && imp == "intrinsics" && !c.prelude {
		// import "intrinsics" gives the prelude's intrinsics module
		// (accumulators, flat views) unless such a file exists.
		if t := c.root.lookupTerm("intrinsics"); t != nil && t.mod != nil {
			return t.mod
		}
	}
	if err != nil {
		c.fail(pos, "cannot import %q: file %s not found", imp, p)
	}
	c.loading = append(c.loading, p)
	nerr := len(c.errs)
	m := c.checkFileSource(p, src)
	c.loading = c.loading[:len(c.loading)-1]
	if len(c.errs) > nerr {
		m = nil
	}
	c.files[p] = m
	if m == nil {
		panic(failure{}) // the imported file's errors are already reported
	}
	return m
}

// preludeState is the checked prelude, shared read-only by every run.
type preludeState struct {
	root   *scope
	decls  []*ValBind
	nextID int
}

var (
	preludeOnce   sync.Once
	preludeCached *preludeState
	preludeErr    error
)

func checkedPrelude() (*preludeState, error) {
	preludeOnce.Do(func() {
		preludeCached, preludeErr = checkPrelude(FSLoader(prelude.FS), prelude.Root)
	})
	return preludeCached, preludeErr
}

// checkPrelude checks the prelude file root (and what it imports) with
// the intrinsics in scope, and returns the scope user files start from.
func checkPrelude(load Loader, root string) (*preludeState, error) {
	c := newChecker(load)
	c.prelude = true
	intr := newScope(nil)
	c.bindBuiltins(intr)
	c.root = intr
	src, err := load(root)
	if err != nil {
		return nil, err
	}
	c.run(func() {
		c.loading = []string{root}
		m := c.checkFileSource(root, src)
		if m == nil {
			return
		}
		user := newScope(nil)
		c.bindPublicBuiltins(user)
		user.openModule(m)
		c.root = user
	})
	if len(c.errs) > 0 {
		return nil, c.dedupErrors()
	}
	return &preludeState{root: c.root, decls: c.prog.Decls, nextID: c.nextID}, nil
}

// bindPublicBuiltins binds what every file sees besides the prelude: the
// built-in operators and the primitive type names.
func (c *checker) bindPublicBuiltins(sc *scope) {
	for name, op := range builtinOps {
		sc.bindTerm(name, &term{builtin: op})
	}
	for _, t := range prim.Types {
		sc.bindType(t.String(), &typeDef{name: t.String(), body: &Prim{t}})
	}
}

// bindBuiltins binds the builtins and all intrinsics (prelude only).
func (c *checker) bindBuiltins(sc *scope) {
	c.bindPublicBuiltins(sc)
	for i := range prim.Funcs {
		f := &prim.Funcs[i]
		var t Type = &Prim{f.Ret}
		for j := len(f.Params) - 1; j >= 0; j-- {
			t = &Func{Param: &Prim{f.Params[j]}, Result: t}
		}
		name := "__" + f.Name
		sc.bindTerm(name, &term{bind: &Binding{Name: name, ID: c.fresh(), Scheme: &TypeScheme{Type: t}, Intrinsic: name, Func: f}})
	}
	c.run(func() {
		file, err := syntax.ParseFile("<intrinsics>", []byte(intrinsicSpecs), syntax.AllowIntrinsics)
		if err != nil {
			c.errs = append(c.errs, &Error{Msg: "intrinsic specs: " + err.Error()})
			return
		}
		c.guard(syntax.Pos{}, func() {
			s := c.modTypeExp(sc, file.Decls[0].(*syntax.ModTypeDecl).Type)
			for _, sp := range s.specs {
				if sp.kind == specType {
					sc.bindType(sp.name, sp.tdef)
					continue
				}
				sc.bindTerm(sp.name, &term{bind: &Binding{Name: sp.name, ID: c.fresh(), Scheme: sp.scheme, Intrinsic: sp.name}})
			}
		})
	})
}

// intrinsicSpecs are the array, SOAC and AD intrinsics of
// docs/INTRINSICS.md.
const intrinsicSpecs = `module type intrinsics = {
val __map 'a [n] 'x : (a -> x) -> [n]a -> *[n]x
val __reduce [n] 'a : (a -> a -> a) -> a -> [n]a -> a
val __reduce_comm [n] 'a : (a -> a -> a) -> a -> [n]a -> a
val __scan [n] 'a : (a -> a -> a) -> a -> [n]a -> *[n]a
val __hist 'a [k] [n] : *[k]a -> (a -> a -> a) -> a -> [n]i64 -> [n]a -> *[k]a
val __scatter 't [k] [n] : *[k]t -> [n]i64 -> [n]t -> *[k]t
val __zip [n] 'a 'b : [n]a -> [n]b -> *[n](a, b)
val __iota : (n: i64) -> *[n]i64
val __replicate 't : (n: i64) -> t -> *[n]t
val __copy 't : t -> *t
val __flatten [n] [m] 't : [n][m]t -> [n*m]t
val __unflatten 't [k] : (n: i64) -> (m: i64) -> [k]t -> [n][m]t
val __transpose [n] [m] 't : [n][m]t -> [m][n]t
val __concat [n] [m] 't : [n]t -> [m]t -> *[n+m]t
val __rotate [n] 't : i64 -> [n]t -> [n]t
val __jvp2 'a 'b : (a -> b) -> a -> a -> (b, b)
val __vjp2 'a 'b : (a -> b) -> a -> b -> (b, a)
val __jmp2 'a 'b [n] : (a -> b) -> a -> [n]a -> (b, [n]b)
val __mjp2 'a 'b [n] : (a -> b) -> a -> [n]b -> (b, [n]a)
val __with_vjp 'a 'b : (a -> b) -> (b -> b -> a) -> a -> b
val __trace 't : t -> t
val __check_index : bool -> i64 -> i64 -> ()
type __acc 't
val __acc_write [k] 'a : *__acc ([k]a) -> i64 -> a -> *__acc ([k]a)
val __scatter_stream 'a 'b [k] [n] : *[k]a -> (*__acc ([k]a) -> b -> __acc ([k]a)) -> [n]b -> *[k]a
val __hist_stream 'a 'b [k] [n] : *[k]a -> (a -> a -> a) -> a -> (*__acc ([k]a) -> b -> __acc ([k]a)) -> [n]b -> *[k]a
}`

// entries lists the entry points of the main file (§11).
func (c *checker) entries(m *module, file string) {
	for _, vb := range c.prog.Decls {
		if vb.Pos.File != file || !strings.HasPrefix(vb.Pos.File, file) {
			continue
		}
		name := vb.Bind.Name
		isMain := name == "main" && !vb.Entry
		if !vb.Entry && !isMain {
			continue
		}
		if strings.Contains(name, ".") {
			continue // entry inside a module: an ordinary function
		}
		if t, ok := m.terms[name]; ok && t.bind != vb.Bind {
			continue // shadowed by a later definition of the same name
		}
		c.guard(vb.Pos, func() { c.entry(vb) })
	}
}

func (c *checker) entry(vb *ValBind) {
	name := vb.Bind.Name
	if strings.Contains(name, "'") {
		c.fail(vb.Pos, "entry point name %s must not contain '", name)
	}
	sc := vb.Bind.Scheme
	if len(sc.TypeParams) > 0 && c.usesPlaceholder(vb.Body) {
		return // the type variable is a failed declaration's, already reported
	}
	if len(sc.TypeParams) > 0 {
		c.fail(vb.Pos, "Entry point functions may not be polymorphic: entry point %s is polymorphic (type parameter %s)", name, sc.TypeParams[0].Name)
	}
	e := &Entry{Name: name, Bind: vb}
	t := sc.Type
	for {
		f, ok := t.(*Func)
		if !ok {
			break
		}
		if ContainsFunc(f.Param) {
			c.fail(vb.Pos, "Entry point functions may not be higher-order: entry point %s cannot take a function argument (%s)", name, TypeString(f.Param))
		}
		e.Params = append(e.Params, Reveal(f.Param))
		t = f.Result
	}
	if ContainsFunc(t) {
		c.fail(vb.Pos, "Entry point functions may not be higher-order: entry point %s cannot return a function (%s)", name, TypeString(t))
	}
	// A size of the result that no parameter has would be chosen by the
	// caller, which is outside the program.
	for _, sv := range sc.SizeParams {
		if !mentionsSize(t, sv.ID) {
			continue
		}
		inParam := false
		for _, p := range e.Params {
			inParam = inParam || mentionsSize(p, sv.ID)
		}
		if !inParam {
			what := "an anonymous size []"
			for _, b := range vb.SizeBinds {
				if b.ID == sv.ID {
					what = "size " + strconv.Quote(b.Name)
				}
			}
			c.fail(vb.Pos, "Entry point functions must not be size-polymorphic in their return type: entry point %s returns %s, which no parameter has (make it an ordinary i64 parameter)", name, what)
		}
	}
	if c.chosenSizes[vb.Bind.ID] {
		c.fail(vb.Pos, "Entry point functions must not be size-polymorphic in their return type: entry point %s returns an anonymous size [] that its body does not determine, so the caller would choose it (write the size, or make it an ordinary i64 parameter)", name)
	}
	// The caller gives a size parameter's value only through the shape of
	// an argument: a size used only inside a size expression ([x+1])
	// would have to be solved for.
	used := map[int]bool{}
	for _, p := range e.Params {
		for id := range constructiveSizes(p) {
			used[id] = true
		}
	}
	for _, sv := range sc.SizeParams {
		if used[sv.ID] {
			continue
		}
		for _, p := range e.Params {
			if mentionsSize(p, sv.ID) {
				c.fail(vb.Pos, "Entry point size parameter [%s] only used non-constructively: entry point %s has it only inside a size expression, not as an array's size (take the array's size as a size parameter of its own and coerce with :>, or pass %s as an i64 parameter)", sv.Name, name, sv.Name)
			}
		}
	}
	e.Results = unpackTuple(Reveal(t))
	c.prog.Entries = append(c.prog.Entries, e)
}

func unpackTuple(t Type) []Type {
	elems, ok := TupleElems(t)
	if !ok || len(elems) == 0 {
		return []Type{t}
	}
	var out []Type
	for _, e := range elems {
		out = append(out, unpackTuple(e)...)
	}
	return out
}

// usesPlaceholder reports whether e refers to a declaration that failed to
// check.
func (c *checker) usesPlaceholder(e Expr) bool {
	found := false
	Inspect(e, func(x Expr) bool {
		if v, ok := x.(*VarRef); ok && c.placeholders[v.Bind.ID] {
			found = true
		}
		return !found
	})
	return found
}
