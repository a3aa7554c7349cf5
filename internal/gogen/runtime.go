package gogen

import (
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"sort"
	"sync"

	"github.com/fluxion-lang/fluxion/rt"
)

// runtimeNames is what the generator knows of the runtime's source
// (package rt): the names it declares at package level, split into the
// exported ones (the API of generated packages) and the unexported
// helpers that generated code calls, and the fields and methods of its
// unexported types.
type runtimeNames struct {
	exported map[string]bool
	// impl are the exported functions that act on the runtime's
	// package-level state (marked //fluxion:impl in their documentation):
	// package rtimpl keeps its own copy of that state, so a package
	// sharing the runtime calls rtimpl's copy of such a function, not rt's.
	impl    map[string]bool
	helpers map[string]bool
	members map[string]bool
	files   map[string]*ast.File // by name in rt.SourceFiles
	fset    *gotoken.FileSet
}

var theRuntime = sync.OnceValues(parseRuntime)

func parseRuntime() (*runtimeNames, error) {
	r := &runtimeNames{exported: map[string]bool{}, impl: map[string]bool{}, helpers: map[string]bool{}, members: map[string]bool{},
		files: map[string]*ast.File{}, fset: gotoken.NewFileSet()}
	for _, name := range rt.SourceFiles {
		src, err := rt.Sources.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("runtime source %s: %w", name, err)
		}
		f, err := parser.ParseFile(r.fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("runtime source %s: %w", name, err)
		}
		r.files[name] = f
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					r.add(d.Name.Name)
					if d.Name.IsExported() && d.Doc != nil {
						for _, c := range d.Doc.List {
							if c.Text == "//fluxion:impl" {
								r.impl[d.Name.Name] = true
							}
						}
					}
				} else if !receiverExported(d) {
					r.members[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						r.add(s.Name.Name)
						if st, ok := s.Type.(*ast.StructType); ok && !s.Name.IsExported() {
							for _, fld := range st.Fields.List {
								for _, n := range fld.Names {
									r.members[n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							r.add(n.Name)
						}
					}
				}
			}
		}
	}
	return r, nil
}

func (r *runtimeNames) add(name string) {
	if name == "_" {
		return
	}
	if gotoken.IsExported(name) {
		r.exported[name] = true
	} else {
		r.helpers[name] = true
	}
}

// receiverExported reports whether a method's receiver type is exported.
func receiverExported(d *ast.FuncDecl) bool {
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return false
		}
	}
}

// declared reports whether name is declared at package level by the runtime.
func (r *runtimeNames) declared(name string) bool { return r.exported[name] || r.helpers[name] }

// exportedNames lists the runtime's exported names in order.
func (r *runtimeNames) exportedNames() []string {
	var out []string
	for n := range r.exported {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
