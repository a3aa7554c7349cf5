package syntax

// Walk calls f on n and then, if f returns true, on each child of n in
// source order. Nil children are skipped. Attributes, identifiers and
// qualified names are not visited: they are leaves of their owners.
func Walk(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	walk := func(ns ...Node) {
		for _, c := range ns {
			if c != nil {
				Walk(c, f)
			}
		}
	}
	pats := func(ps []Pat) {
		for _, p := range ps {
			walk(p)
		}
	}
	exprs := func(es []Expr) {
		for _, e := range es {
			walk(e)
		}
	}
	tparams := func(ps []*TypeParam) {
		for _, p := range ps {
			walk(p)
		}
	}
	indices := func(idx []*DimIndex) {
		for _, d := range idx {
			// DimIndex is not a Node (its End field hides the method).
			for _, e := range []Expr{d.Index, d.Start, d.End, d.Stride} {
				if e != nil {
					walk(e)
				}
			}
		}
	}
	steps := func(ss []*UpdateStep) {
		for _, s := range ss {
			walk(s)
		}
	}
	switch n := n.(type) {
	case *File:
		for _, d := range n.Decls {
			walk(d)
		}
	case *ValDecl:
		tparams(n.TypeParams)
		pats(n.Params)
		if n.RetType != nil {
			walk(n.RetType)
		}
		walk(n.Body)
	case *TypeDecl:
		tparams(n.TypeParams)
		walk(n.Type)
	case *ModDecl:
		for _, p := range n.Params {
			walk(p)
		}
		if n.Sig != nil {
			walk(n.Sig)
		}
		walk(n.Body)
	case *ModTypeDecl:
		walk(n.Type)
	case *ModParam:
		walk(n.Type)
	case *OpenDecl:
		walk(n.Mod)
	case *LocalDecl:
		walk(n.Decl)
	case *AttrDecl:
		walk(n.Decl)
	case *ModStruct:
		for _, d := range n.Decls {
			walk(d)
		}
	case *ModAscribe:
		walk(n.Mod, n.Sig)
	case *ModApply:
		walk(n.Fun, n.Arg)
	case *ModLambda:
		walk(n.Param)
		if n.Sig != nil {
			walk(n.Sig)
		}
		walk(n.Body)
	case *ModTypeSpecs:
		for _, s := range n.Specs {
			walk(s)
		}
	case *ModTypeWith:
		walk(n.Sig)
		tparams(n.TypeParams)
		walk(n.Type)
	case *ModTypeArrow:
		walk(n.From, n.Result)
	case *ValSpec:
		tparams(n.TypeParams)
		walk(n.Type)
	case *TypeSpec:
		tparams(n.TypeParams)
		if n.Type != nil {
			walk(n.Type)
		}
	case *ModSpec:
		walk(n.Type)
	case *IncludeSpec:
		walk(n.Type)
	case *AttrSpec:
		walk(n.Spec)
	case *ArrayType:
		if n.Size != nil {
			walk(n.Size)
		}
		walk(n.Elem)
	case *TupleType:
		for _, t := range n.Elems {
			walk(t)
		}
	case *RecordType:
		for _, fl := range n.Fields {
			walk(fl)
		}
	case *FieldType:
		walk(n.Type)
	case *SumType:
		for _, c := range n.Constrs {
			walk(c)
		}
	case *Constr:
		for _, t := range n.Payload {
			walk(t)
		}
	case *FuncType:
		walk(n.Param, n.Result)
	case *TypeApply:
		walk(n.Fun, n.Arg)
	case *TypeArg:
		switch {
		case n.IsSize && n.Size != nil:
			walk(n.Size)
		case !n.IsSize:
			walk(n.Type)
		}
	case *UniqueType:
		walk(n.Elem)
	case *ExistType:
		walk(n.Elem)
	case *Tuple:
		exprs(n.Elems)
	case *Record:
		for _, fl := range n.Fields {
			walk(fl)
		}
	case *FieldExp:
		if n.Value != nil {
			walk(n.Value)
		}
	case *ArrayLit:
		exprs(n.Elems)
	case *Range:
		walk(n.Start)
		if n.Second != nil {
			walk(n.Second)
		}
		walk(n.Limit)
	case *Project:
		walk(n.X)
	case *Index:
		walk(n.X)
		indices(n.Indices)
	case *Apply:
		walk(n.Fun, n.Arg)
	case *Prefix:
		walk(n.X)
	case *BinOp:
		walk(n.X, n.Y)
	case *Ascript:
		walk(n.X, n.Type)
	case *Coerce:
		walk(n.X, n.Type)
	case *If:
		walk(n.Cond, n.Then, n.Else)
	case *LetPat:
		walk(n.Pat, n.Value, n.Body)
	case *LetFun:
		tparams(n.TypeParams)
		pats(n.Params)
		if n.RetType != nil {
			walk(n.RetType)
		}
		walk(n.Value, n.Body)
	case *UpdateStep:
		indices(n.Indices)
	case *LetWith:
		steps(n.Steps)
		walk(n.Value, n.Body)
	case *Update:
		walk(n.X)
		steps(n.Steps)
		walk(n.Value)
	case *Lambda:
		pats(n.Params)
		if n.RetType != nil {
			walk(n.RetType)
		}
		walk(n.Body)
	case *ForLoop:
		walk(n.Bound)
	case *ForInLoop:
		walk(n.Pat, n.Array)
	case *WhileLoop:
		walk(n.Cond)
	case *Loop:
		walk(n.Pat)
		if n.Init != nil {
			walk(n.Init)
		}
		walk(n.Form, n.Body)
	case *Match:
		walk(n.X)
		for _, c := range n.Cases {
			walk(c)
		}
	case *Case:
		walk(n.Pat, n.Body)
	case *Assert:
		walk(n.Cond, n.Body)
	case *ConstrExp:
		exprs(n.Args)
	case *OpenExp:
		walk(n.X)
	case *LeftSection:
		walk(n.X)
	case *RightSection:
		walk(n.Y)
	case *ProjSection:
		steps(n.Steps)
	case *AttrExp:
		walk(n.X)
	case *PatTuple:
		pats(n.Elems)
	case *PatRecord:
		for _, fl := range n.Fields {
			walk(fl)
		}
	case *FieldPat:
		walk(n.Pat)
	case *PatConstr:
		pats(n.Args)
	case *PatLit:
		walk(n.Lit)
	case *PatAscript:
		walk(n.Pat, n.Type)
	case *PatAttr:
		walk(n.Pat)
	}
}
