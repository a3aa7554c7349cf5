package check

// Inspect calls f on e and then, if f returns true, on each child
// expression in evaluation order. Patterns are not visited.
func Inspect(e Expr, f func(Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	visit := func(xs ...Expr) {
		for _, x := range xs {
			if x != nil {
				Inspect(x, f)
			}
		}
	}
	dims := func(ds []*DimIndex) {
		for _, d := range ds {
			visit(d.Index, d.Start, d.End, d.Stride)
		}
	}
	switch e := e.(type) {
	case *BinOpExpr:
		visit(e.X, e.Y)
	case *UnOpExpr:
		visit(e.X)
	case *Apply:
		visit(e.Fun, e.Arg)
	case *Lambda:
		visit(e.Body)
	case *Let:
		visit(e.Value, e.Body)
	case *LetFun:
		visit(e.Value, e.Body)
	case *If:
		visit(e.Cond, e.Then, e.Else)
	case *Loop:
		visit(e.Init)
		switch {
		case e.For != nil:
			visit(e.For.Bound)
		case e.ForIn != nil:
			visit(e.ForIn.Array)
		case e.While != nil:
			visit(e.While.Cond)
		}
		visit(e.Body)
	case *Match:
		visit(e.X)
		for _, c := range e.Cases {
			visit(c.Body)
		}
	case *RecordLit:
		for _, fl := range e.Fields {
			visit(fl.Value)
		}
	case *Project:
		visit(e.X)
	case *Index:
		visit(e.X)
		dims(e.Indices)
	case *Update:
		visit(e.X)
		for _, s := range e.Steps {
			dims(s.Indices)
		}
		visit(e.Value)
	case *ArrayLit:
		visit(e.Elems...)
	case *Range:
		visit(e.Start, e.Second, e.End)
	case *Coerce:
		visit(e.X)
	case *Assert:
		visit(e.Cond, e.Body)
	case *Constr:
		visit(e.Args...)
	}
}

// InspectPats calls f on every pattern bound directly by e (lambda and
// function parameters, let, loop and case patterns), not recursively.
func InspectPats(e Expr, f func(Pat)) {
	switch e := e.(type) {
	case *Lambda:
		for _, p := range e.Params {
			f(p)
		}
	case *Let:
		f(e.Pat)
	case *LetFun:
		for _, p := range e.Params {
			f(p)
		}
	case *Loop:
		f(e.Pat)
		if e.ForIn != nil {
			f(e.ForIn.Pat)
		}
	case *Match:
		for _, c := range e.Cases {
			f(c.Pat)
		}
	}
}
