package check

// Inspect calls f on e and then, if f returns true, on each child
// expression in evaluation order. Patterns are not visited. It keeps an
// explicit stack instead of recursing, so that deeply nested expressions
// (a chain of 100,000 operators) take no Go stack.
func Inspect(e Expr, f func(Expr) bool) {
	stack := []Expr{e}
	var kids []Expr
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == nil || !f(x) {
			continue
		}
		kids = children(kids[:0], x)
		for i := len(kids) - 1; i >= 0; i-- {
			if kids[i] != nil {
				stack = append(stack, kids[i])
			}
		}
	}
}

// children appends the child expressions of e to out, in evaluation order
// (some may be nil).
func children(out []Expr, e Expr) []Expr {
	add := func(xs ...Expr) { out = append(out, xs...) }
	dims := func(ds []*DimIndex) {
		for _, d := range ds {
			add(d.Index, d.Start, d.End, d.Stride)
		}
	}
	switch e := e.(type) {
	case *BinOpExpr:
		add(e.X, e.Y)
	case *UnOpExpr:
		add(e.X)
	case *Apply:
		add(e.Fun, e.Arg)
	case *Lambda:
		add(e.Body)
	case *Let:
		add(e.Value, e.Body)
	case *LetFun:
		add(e.Value, e.Body)
	case *If:
		add(e.Cond, e.Then, e.Else)
	case *Loop:
		add(e.Init)
		switch {
		case e.For != nil:
			add(e.For.Bound)
		case e.ForIn != nil:
			add(e.ForIn.Array)
		case e.While != nil:
			add(e.While.Cond)
		}
		add(e.Body)
	case *Match:
		add(e.X)
		for _, c := range e.Cases {
			add(c.Body)
		}
	case *RecordLit:
		for _, fl := range e.Fields {
			add(fl.Value)
		}
	case *Project:
		add(e.X)
	case *Index:
		add(e.X)
		dims(e.Indices)
	case *Update:
		add(e.X)
		for _, s := range e.Steps {
			dims(s.Indices)
		}
		add(e.Value)
	case *ArrayLit:
		add(e.Elems...)
	case *Range:
		add(e.Start, e.Second, e.End)
	case *Coerce:
		add(e.X)
	case *Assert:
		add(e.Cond, e.Body)
	case *Constr:
		add(e.Args...)
	}
	return out
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
