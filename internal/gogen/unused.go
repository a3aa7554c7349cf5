package gogen

import (
	"go/ast"
	"go/format"
	"go/parser"
	gotoken "go/token"
	"sort"
)

// blankUnused returns src (a Go file) with "_ = x" after the declaration of
// every local variable x that nothing reads, which Go rejects ("declared
// and not used"). The generator decides what to bind from the IR, where a
// name also counts as used when only a type mentions it (a size in a
// lambda parameter's type, say); this pass makes the generated Go build
// whatever the generator reads, by construction.
func blankUnused(src []byte) ([]byte, error) {
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	u := &unusedFinder{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				u.push()
				u.params(d.Type)
				u.stmt(d.Body, noPos)
				u.pop()
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					u.exprs(vs.Values)
				}
			}
		}
	}
	if len(u.edits) == 0 {
		return src, nil
	}
	sort.SliceStable(u.edits, func(i, j int) bool { return u.edits[i].at > u.edits[j].at })
	out := append([]byte(nil), src...)
	for _, e := range u.edits {
		off := fset.Position(e.at).Offset
		ins := []byte("\n_ = " + e.name + "\n")
		out = append(out[:off], append(ins, out[off:]...)...)
	}
	return format.Source(out)
}

// noPos marks a statement of a block's list: blanks go right after it.
const noPos = gotoken.NoPos

// local is a variable declared in a scope: where a blank for it goes, and
// whether anything reads it.
type local struct {
	name   string
	at     gotoken.Pos // insertion point of "_ = name"
	read   bool
	report bool // false for parameters, which Go does not require to be used
}

type blank struct {
	at   gotoken.Pos
	name string
}

// unusedFinder walks function bodies with a stack of scopes. Reads are
// identifiers in expressions; assigning to a variable (x = e, x += e, x++)
// is not a read, as in Go. Where it is unsure it adds a blank, which is
// harmless.
type unusedFinder struct {
	scopes [][]*local
	edits  []blank
}

func (u *unusedFinder) push() { u.scopes = append(u.scopes, nil) }

func (u *unusedFinder) pop() {
	for _, l := range u.scopes[len(u.scopes)-1] {
		if l.report && !l.read {
			u.edits = append(u.edits, blank{l.at, l.name})
		}
	}
	u.scopes = u.scopes[:len(u.scopes)-1]
}

// keep exempts the variables of the innermost scope from blanks.
func (u *unusedFinder) keep() {
	for _, l := range u.scopes[len(u.scopes)-1] {
		l.report = false
	}
}

func (u *unusedFinder) declare(id *ast.Ident, at gotoken.Pos, report bool) {
	if id == nil || id.Name == "_" {
		return
	}
	top := len(u.scopes) - 1
	u.scopes[top] = append(u.scopes[top], &local{name: id.Name, at: at, report: report})
}

// inScope reports whether name is declared in the innermost scope (where
// := assigns to it instead of declaring it).
func (u *unusedFinder) inScope(name string) bool {
	for _, l := range u.scopes[len(u.scopes)-1] {
		if l.name == name {
			return true
		}
	}
	return false
}

func (u *unusedFinder) read(name string) {
	for i := len(u.scopes) - 1; i >= 0; i-- {
		s := u.scopes[i]
		for j := len(s) - 1; j >= 0; j-- {
			if s[j].name == name {
				s[j].read = true
				return
			}
		}
	}
}

func (u *unusedFinder) params(ft *ast.FuncType) {
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, fd := range fl.List {
			for _, n := range fd.Names {
				u.declare(n, noPos, false)
			}
		}
	}
}

// stmt walks s; at is where blanks for the variables s declares go: right
// after s for a statement of a block's list (noPos), or at the start of
// the body that an init statement's variables are scoped to.
func (u *unusedFinder) stmt(s ast.Stmt, at gotoken.Pos) {
	if at == noPos && s != nil {
		at = s.End()
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		u.push()
		u.list(s.List)
		u.pop()
	case *ast.AssignStmt:
		u.exprs(s.Rhs)
		for _, l := range s.Lhs {
			id, ok := l.(*ast.Ident)
			switch {
			case ok && s.Tok == gotoken.DEFINE && !u.inScope(id.Name):
				u.declare(id, at, true)
			case ok:
				// An assignment, not a read.
			default:
				u.expr(l)
			}
		}
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					u.exprs(vs.Values)
					for _, n := range vs.Names {
						if gd.Tok == gotoken.VAR {
							u.declare(n, at, true)
						}
					}
				}
			}
		}
	case *ast.ExprStmt:
		u.expr(s.X)
	case *ast.IncDecStmt:
		if _, ok := s.X.(*ast.Ident); !ok {
			u.expr(s.X)
		}
	case *ast.ReturnStmt:
		u.exprs(s.Results)
	case *ast.GoStmt:
		u.expr(s.Call)
	case *ast.DeferStmt:
		u.expr(s.Call)
	case *ast.SendStmt:
		u.expr(s.Chan)
		u.expr(s.Value)
	case *ast.LabeledStmt:
		u.stmt(s.Stmt, noPos)
	case *ast.IfStmt:
		u.push()
		u.stmt(s.Init, s.Body.Lbrace+1)
		u.expr(s.Cond)
		u.stmt(s.Body, noPos)
		if s.Else != nil {
			u.stmt(s.Else, noPos)
		}
		u.pop()
	case *ast.ForStmt:
		u.push()
		u.stmt(s.Init, s.Body.Lbrace+1)
		u.expr(s.Cond)
		u.stmt(s.Post, s.Body.Lbrace+1)
		u.stmt(s.Body, noPos)
		u.pop()
	case *ast.RangeStmt:
		u.expr(s.X)
		u.push()
		if s.Tok == gotoken.DEFINE {
			for _, k := range []ast.Expr{s.Key, s.Value} {
				if id, ok := k.(*ast.Ident); ok {
					u.declare(id, s.Body.Lbrace+1, true)
				}
			}
		} else {
			for _, k := range []ast.Expr{s.Key, s.Value} {
				if _, ok := k.(*ast.Ident); !ok && k != nil {
					u.expr(k)
				}
			}
		}
		u.stmt(s.Body, noPos)
		u.pop()
	case *ast.SwitchStmt:
		// A switch body has no place for a blank before its first case:
		// the generator writes no switch statements, so its init is only
		// walked for reads.
		u.push()
		u.stmt(s.Init, s.Body.Lbrace+1)
		u.keep()
		u.expr(s.Tag)
		u.clauses(s.Body)
		u.pop()
	case *ast.TypeSwitchStmt:
		u.push()
		u.stmt(s.Init, s.Body.Lbrace+1)
		u.keep()
		switch a := s.Assign.(type) {
		case *ast.AssignStmt:
			u.exprs(a.Rhs)
		case *ast.ExprStmt:
			u.expr(a.X)
		}
		u.clauses(s.Body)
		u.pop()
	case *ast.SelectStmt:
		u.clauses(s.Body)
	}
}

func (u *unusedFinder) list(ss []ast.Stmt) {
	for _, s := range ss {
		u.stmt(s, noPos)
	}
}

func (u *unusedFinder) clauses(b *ast.BlockStmt) {
	for _, c := range b.List {
		u.push()
		switch c := c.(type) {
		case *ast.CaseClause:
			u.exprs(c.List)
			u.list(c.Body)
		case *ast.CommClause:
			u.stmt(c.Comm, c.Colon+1)
			u.list(c.Body)
		}
		u.pop()
	}
}

func (u *unusedFinder) exprs(es []ast.Expr) {
	for _, e := range es {
		u.expr(e)
	}
}

// expr marks the variables e reads. Field names (x.f, T{f: v}) are not
// variables; type expressions hold no local variables in generated code.
func (u *unusedFinder) expr(e ast.Expr) {
	switch e := e.(type) {
	case *ast.Ident:
		u.read(e.Name)
	case *ast.FuncLit:
		u.push()
		u.params(e.Type)
		u.stmt(e.Body, noPos)
		u.pop()
	case *ast.SelectorExpr:
		u.expr(e.X)
	case *ast.KeyValueExpr:
		if _, ok := e.Key.(*ast.Ident); !ok {
			u.expr(e.Key)
		}
		u.expr(e.Value)
	case *ast.CompositeLit:
		u.exprs(e.Elts)
	case *ast.CallExpr:
		u.expr(e.Fun)
		u.exprs(e.Args)
	case *ast.IndexExpr:
		u.expr(e.X)
		u.expr(e.Index)
	case *ast.IndexListExpr:
		u.expr(e.X)
		u.exprs(e.Indices)
	case *ast.SliceExpr:
		u.expr(e.X)
		u.expr(e.Low)
		u.expr(e.High)
		u.expr(e.Max)
	case *ast.StarExpr:
		u.expr(e.X)
	case *ast.UnaryExpr:
		u.expr(e.X)
	case *ast.BinaryExpr:
		u.expr(e.X)
		u.expr(e.Y)
	case *ast.ParenExpr:
		u.expr(e.X)
	case *ast.TypeAssertExpr:
		u.expr(e.X)
	}
}
