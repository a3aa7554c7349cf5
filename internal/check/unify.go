package check

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// inference holds the state of type inference shared by a whole run: fresh
// name supply and the current let-level for generalisation.
type inference struct {
	nextID int
	level  int
	// sizeLenient > 0 makes size unification never fail (coercions).
	sizeLenient int
	// funcResult > 0 while unifying the results of two function types.
	funcResult int
	// unifyDepth and unifyWork bound the work of one unification.
	unifyDepth, unifyWork int
	// paramLevels is the level of each explicit type parameter ('t) of a
	// definition (by Param ID): a type variable of a lower level, made
	// outside the definition, may not become a type that has it.
	paramLevels map[int]int
}

func (in *inference) fresh() int {
	in.nextID++
	return in.nextID
}

// newVar makes an unconstrained inference variable that may become any type.
func (in *inference) newVar() *TypeVar {
	return &TypeVar{ID: in.fresh(), Level: in.level, Lifted: FullLifted}
}

// newPrimVar makes a variable restricted to the primitive types in mask.
func (in *inference) newPrimVar(mask uint16, why string) *TypeVar {
	v := in.newVar()
	v.Prims = mask
	v.Why = why
	return v
}

func (in *inference) newSizeMeta() *SizeMeta {
	return &SizeMeta{ID: in.fresh(), Level: in.level}
}

// newUnknownSize invents a size that is distinct from every other one.
func (in *inference) newUnknownSize(hint string) *SizeVar {
	id := in.fresh()
	return &SizeVar{Name: fmt.Sprintf("%s%d", hint, id), ID: id, Unknown: true}
}

// unifyError is a failed unification; the caller adds where it happened.
type unifyError struct{ msg string }

func (e *unifyError) Error() string { return e.msg }

func mismatch(a, b Type) error {
	return &unifyError{fmt.Sprintf("cannot unify %s with %s", TypeString(a), TypeString(b))}
}

// unify makes a and b equal, binding inference variables. Size mismatches
// are only reported when both sizes are distinct constants (§9.6 rule 6);
// uniqueness is ignored.
func (in *inference) unify(a, b Type) error {
	if in.unifyDepth == 0 {
		in.unifyWork = 0
	}
	in.unifyDepth++
	defer func() { in.unifyDepth-- }()
	spend(&in.unifyWork)
	a, b = Resolve(a), Resolve(b)
	if a == b {
		return nil
	}
	if va, ok := a.(*TypeVar); ok {
		return in.bind(va, b)
	}
	if vb, ok := b.(*TypeVar); ok {
		return in.bind(vb, a)
	}
	switch a := a.(type) {
	case *Prim:
		if b, ok := b.(*Prim); ok && a.P == b.P {
			return nil
		}
	case *Array:
		b, ok := b.(*Array)
		if !ok {
			break
		}
		if err := in.unifySize(a.Size, b.Size); err != nil {
			return &unifyError{fmt.Sprintf("%v (cannot unify %s with %s)", err, TypeString(a), TypeString(b))}
		}
		if err := in.unify(a.Elem, b.Elem); err != nil {
			if _, ok := err.(*unifyError); ok && rankOf(a) != rankOf(b) {
				return &unifyError{fmt.Sprintf("cannot unify %s with %s (arrays of rank %d and %d)", TypeString(a), TypeString(b), rankOf(a), rankOf(b))}
			}
			return err
		}
		return nil
	case *Record:
		b, ok := b.(*Record)
		if !ok {
			break
		}
		if len(a.Fields) != len(b.Fields) {
			ea, aTuple := TupleElems(a)
			eb, bTuple := TupleElems(b)
			if aTuple && bTuple {
				return &unifyError{fmt.Sprintf("cannot unify a tuple of %d elements with a tuple of %d elements (%s and %s)", len(ea), len(eb), TypeString(a), TypeString(b))}
			}
			break
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name {
				return mismatch(a, b)
			}
		}
		for i := range a.Fields {
			if err := in.unify(a.Fields[i].Type, b.Fields[i].Type); err != nil {
				return err
			}
		}
		return nil
	case *Sum:
		b, ok := b.(*Sum)
		if !ok || len(a.Cons) != len(b.Cons) {
			break
		}
		for i := range a.Cons {
			if a.Cons[i].Name != b.Cons[i].Name || len(a.Cons[i].Payload) != len(b.Cons[i].Payload) {
				return mismatch(a, b)
			}
		}
		for i := range a.Cons {
			for j := range a.Cons[i].Payload {
				if err := in.unify(a.Cons[i].Payload[j], b.Cons[i].Payload[j]); err != nil {
					return err
				}
			}
		}
		return nil
	case *Func:
		b, ok := b.(*Func)
		if !ok {
			break
		}
		if err := in.unify(a.Param, b.Param); err != nil {
			return err
		}
		// (n: i64) -> [n]t is (m: i64) -> [m]t.
		br := b.Result
		if a.ParamName != nil && b.ParamName != nil && a.ParamName.ID != b.ParamName.ID {
			br = (&substitution{sizes: map[int]Size{b.ParamName.ID: a.ParamName}}).typ(br)
		}
		// An unknown size in a function's result is existential there
		// (a -> ?[k].[k]b): it matches whatever the other result has.
		in.funcResult++
		defer func() { in.funcResult-- }()
		return in.unify(a.Result, br)
	case *Param:
		if b, ok := b.(*Param); ok && a.ID == b.ID {
			return nil
		}
	case *Abstract:
		b, ok := b.(*Abstract)
		if !ok || a.ID != b.ID || len(a.Args) != len(b.Args) {
			break
		}
		for i := range a.Args {
			switch {
			case a.Args[i].Type != nil && b.Args[i].Type != nil:
				if err := in.unify(a.Args[i].Type, b.Args[i].Type); err != nil {
					return err
				}
			case a.Args[i].Size != nil && b.Args[i].Size != nil:
				if err := in.unifySize(a.Args[i].Size, b.Args[i].Size); err != nil {
					return &unifyError{fmt.Sprintf("%v (cannot unify %s with %s)", err, TypeString(a), TypeString(b))}
				}
			}
		}
		return nil
	}
	return mismatch(a, b)
}

func rankOf(t Type) int {
	n, _ := Rank(t)
	return n
}

// bind sets v := t after checking v's constraints against t.
func (in *inference) bind(v *TypeVar, t Type) error {
	if tv, ok := t.(*TypeVar); ok {
		return in.merge(v, tv)
	}
	if occurs(v, t) {
		return &unifyError{fmt.Sprintf("Occurs check: cannot instantiate %s with %s (the type would be infinite)", TypeString(v), TypeString(t))}
	}
	if p := in.deeperParam(t, v.Level); p != nil {
		return &unifyError{fmt.Sprintf("Cannot unify type %s with %q (scope violation). This is because %q is rigidly bound in a deeper scope.", TypeString(t), TypeString(v), p.Name)}
	}
	if v.Prims != 0 {
		p, ok := t.(*Prim)
		if !ok || v.Prims&(1<<p.P) == 0 {
			return &unifyError{fmt.Sprintf("cannot unify %s with %s%s", TypeString(t), maskName(v.Prims), whyText(v))}
		}
	}
	if v.Eq && ContainsFunc(t) {
		return &unifyError{fmt.Sprintf("%s is not an equality type (it contains a function)%s", TypeString(t), whyText(v))}
	}
	if v.Lifted < FullLifted && ContainsFunc(t) {
		return &unifyError{fmt.Sprintf("cannot instantiate a non-lifted type parameter with the function type %s (declare it as '^)", TypeString(t))}
	}
	if len(v.Fields) > 0 {
		r, ok := t.(*Record)
		if !ok {
			return &unifyError{fmt.Sprintf("%s is not a record, but its field %s is used", TypeString(t), firstKey(v.Fields))}
		}
		for name, ft := range v.Fields {
			rt, ok := r.Field(name)
			if !ok {
				return &unifyError{fmt.Sprintf("record type %s has no field %s", TypeString(t), name)}
			}
			if err := in.unify(ft, rt); err != nil {
				return err
			}
		}
	}
	if len(v.Cons) > 0 {
		s, ok := t.(*Sum)
		if !ok {
			return &unifyError{fmt.Sprintf("%s is not a sum type, but constructor #%s is used", TypeString(t), firstKey(v.Cons))}
		}
		for name, ps := range v.Cons {
			sp, ok := s.Constructor(name)
			if !ok {
				return &unifyError{fmt.Sprintf("sum type %s has no constructor #%s", TypeString(t), name)}
			}
			if len(sp) != len(ps) {
				return &unifyError{fmt.Sprintf("constructor #%s of %s takes %s, not %d", name, TypeString(t), plural(len(sp), "argument"), len(ps))}
			}
			for i := range ps {
				if err := in.unify(ps[i], sp[i]); err != nil {
					return err
				}
			}
		}
	}
	lowerLevels(t, v.Level, v.Eq, v.Lifted)
	// Uniqueness is declared, never inferred: an unannotated parameter
	// passed to a * parameter does not become unique. A function type
	// keeps its marks, which say what it consumes: let g = f, with f
	// consuming its argument, consumes it too.
	v.Link = stripUnique(t)
	return nil
}

// deeperParam returns a type parameter in t that is bound at a level
// deeper than level: in def f x = let g 'b (y: b) = if true then y else x
// in g, the type of x, made outside g, cannot be g's parameter b.
func (in *inference) deeperParam(t Type, level int) *Param {
	if len(in.paramLevels) == 0 {
		return nil
	}
	var found *Param
	var n int
	var walk func(t Type)
	walk = func(t Type) {
		spend(&n)
		if found != nil {
			return
		}
		switch t := Resolve(t).(type) {
		case *Param:
			if l, ok := in.paramLevels[t.ID]; ok && l > level {
				found = t
			}
		case *Array:
			walk(t.Elem)
		case *Record:
			for _, f := range t.Fields {
				walk(f.Type)
			}
		case *Sum:
			for _, k := range t.Cons {
				for _, p := range k.Payload {
					walk(p)
				}
			}
		case *Func:
			walk(t.Param)
			walk(t.Result)
		case *Abstract:
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type)
				}
			}
		case *TypeVar:
			for _, ft := range t.Fields {
				walk(ft)
			}
			for _, ps := range t.Cons {
				for _, p := range ps {
					walk(p)
				}
			}
		}
	}
	walk(t)
	return found
}

// stripUnique is t without uniqueness marks (t itself if it has none),
// except those inside function types.
func stripUnique(t Type) Type {
	if !hasUnique(t) {
		return t
	}
	switch t := Resolve(t).(type) {
	case *Array:
		return &Array{Size: t.Size, Elem: stripUnique(t.Elem)}
	case *Record:
		fs := make([]Field, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = Field{f.Name, stripUnique(f.Type)}
		}
		return &Record{Fields: fs}
	case *Sum:
		cs := make([]Constructor, len(t.Cons))
		for i, c := range t.Cons {
			ps := make([]Type, len(c.Payload))
			for j, p := range c.Payload {
				ps[j] = stripUnique(p)
			}
			cs[i] = Constructor{c.Name, ps}
		}
		return &Sum{Cons: cs}
	case *Param:
		cp := *t
		cp.Unique = false
		return &cp
	}
	return t
}

func hasUnique(t Type) bool {
	switch t := Resolve(t).(type) {
	case *Array:
		return t.Unique || hasUnique(t.Elem)
	case *Record:
		if t.Unique {
			return true
		}
		for _, f := range t.Fields {
			if hasUnique(f.Type) {
				return true
			}
		}
	case *Sum:
		for _, c := range t.Cons {
			for _, p := range c.Payload {
				if hasUnique(p) {
					return true
				}
			}
		}
	case *Param:
		return t.Unique
	}
	return false
}

func whyText(v *TypeVar) string {
	if v.Why == "" {
		return ""
	}
	return " (required by " + v.Why + ")"
}

func firstKey[V any](m map[string]V) string {
	best := ""
	for k := range m {
		if best == "" || fieldLess(k, best) {
			best = k
		}
	}
	return best
}

// merge unifies two unresolved variables: a is linked to b, and a's
// field and constructor constraints are then imposed on b (which may get
// resolved on the way).
func (in *inference) merge(a, b *TypeVar) error {
	if a == b {
		return nil
	}
	if occursInConstraints(a, b) || occursInConstraints(b, a) {
		return &unifyError{fmt.Sprintf("Occurs check: cannot instantiate %s with %s (the type would be infinite)", TypeString(a), TypeString(b))}
	}
	if a.Prims != 0 || b.Prims != 0 {
		m := a.Prims
		switch {
		case m == 0:
			m = b.Prims
		case b.Prims != 0:
			m &= b.Prims
		}
		if m == 0 {
			return &unifyError{fmt.Sprintf("no type is both %s and %s", maskName(a.Prims), maskName(b.Prims))}
		}
		if len(a.Fields)+len(b.Fields)+len(a.Cons)+len(b.Cons) > 0 {
			return &unifyError{"a primitive type cannot have fields or constructors"}
		}
		b.Prims = m
		if b.Why == "" {
			b.Why = a.Why
		}
		b.Index = b.Index || a.Index
	}
	if len(a.Fields) > 0 && len(b.Cons) > 0 || len(a.Cons) > 0 && len(b.Fields) > 0 {
		return &unifyError{"a type cannot be both a record and a sum type"}
	}
	b.Eq = b.Eq || a.Eq
	if a.Level < b.Level {
		b.Level = a.Level
	}
	if a.Lifted < b.Lifted {
		b.Lifted = a.Lifted
	}
	fields, cons := a.Fields, a.Cons
	a.Fields, a.Cons = nil, nil
	a.Link = b
	for _, name := range sortedKeys(fields) {
		if err := in.addField(b, name, fields[name]); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(cons) {
		if err := in.addConstructor(b, name, cons[name]); err != nil {
			return err
		}
	}
	return nil
}

// addField requires t to have field name of type ft.
func (in *inference) addField(t Type, name string, ft Type) error {
	switch r := Resolve(t).(type) {
	case *TypeVar:
		if old, ok := r.Fields[name]; ok {
			return in.unify(old, ft)
		}
		if r.Fields == nil {
			r.Fields = map[string]Type{}
		}
		r.Fields[name] = ft
		return nil
	case *Record:
		rt, ok := r.Field(name)
		if !ok {
			return &unifyError{fmt.Sprintf("record type %s has no field %s", TypeString(r), name)}
		}
		return in.unify(ft, rt)
	default:
		return &unifyError{fmt.Sprintf("%s is not a record, but its field %s is used", TypeString(r), name)}
	}
}

// addConstructor requires t to have constructor name with payload ps.
func (in *inference) addConstructor(t Type, name string, ps []Type) error {
	switch r := Resolve(t).(type) {
	case *TypeVar:
		if old, ok := r.Cons[name]; ok {
			if len(old) != len(ps) {
				return &unifyError{fmt.Sprintf("constructor #%s is used with %d and with %d arguments", name, len(old), len(ps))}
			}
			for i := range ps {
				if err := in.unify(old[i], ps[i]); err != nil {
					return err
				}
			}
			return nil
		}
		if r.Cons == nil {
			r.Cons = map[string][]Type{}
		}
		r.Cons[name] = ps
		return nil
	case *Sum:
		sp, ok := r.Constructor(name)
		if !ok {
			return &unifyError{fmt.Sprintf("sum type %s has no constructor #%s", TypeString(r), name)}
		}
		if len(sp) != len(ps) {
			return &unifyError{fmt.Sprintf("constructor #%s of %s takes %s, not %d", name, TypeString(r), plural(len(sp), "argument"), len(ps))}
		}
		for i := range ps {
			if err := in.unify(ps[i], sp[i]); err != nil {
				return err
			}
		}
		return nil
	default:
		return &unifyError{fmt.Sprintf("%s is not a sum type, but constructor #%s is used", TypeString(r), name)}
	}
}

// occursInConstraints reports whether v occurs in the field or constructor
// constraints of u.
func occursInConstraints(v, u *TypeVar) bool {
	for _, t := range u.Fields {
		if occurs(v, t) {
			return true
		}
	}
	for _, ps := range u.Cons {
		for _, p := range ps {
			if occurs(v, p) {
				return true
			}
		}
	}
	return false
}

func occurs(v *TypeVar, t Type) bool {
	found := false
	walkVars(t, func(u *TypeVar) {
		if u == v {
			found = true
		}
	})
	return found
}

// walkVars calls f on every unresolved variable in t, including those in
// field and constructor constraints.
func walkVars(t Type, f func(*TypeVar)) {
	var n int
	walkVarsB(t, f, &n)
}

func walkVarsB(t Type, f func(*TypeVar), n *int) {
	spend(n)
	switch t := Resolve(t).(type) {
	case *TypeVar:
		f(t)
		for _, ft := range t.Fields {
			walkVarsB(ft, f, n)
		}
		for _, ps := range t.Cons {
			for _, p := range ps {
				walkVarsB(p, f, n)
			}
		}
	case *Array:
		walkVarsB(t.Elem, f, n)
	case *Record:
		for _, fl := range t.Fields {
			walkVarsB(fl.Type, f, n)
		}
	case *Sum:
		for _, c := range t.Cons {
			for _, p := range c.Payload {
				walkVarsB(p, f, n)
			}
		}
	case *Func:
		walkVarsB(t.Param, f, n)
		walkVarsB(t.Result, f, n)
	case *Abstract:
		for _, a := range t.Args {
			if a.Type != nil {
				walkVarsB(a.Type, f, n)
			}
		}
	}
}

// walkSizes calls f on every size in t.
func walkSizes(t Type, f func(Size)) {
	var n int
	walkSizesB(t, f, &n)
}

func walkSizesB(t Type, f func(Size), n *int) {
	spend(n)
	switch t := Resolve(t).(type) {
	case *Array:
		f(t.Size)
		walkSizesB(t.Elem, f, n)
	case *Record:
		for _, fl := range t.Fields {
			walkSizesB(fl.Type, f, n)
		}
	case *Sum:
		for _, c := range t.Cons {
			for _, p := range c.Payload {
				walkSizesB(p, f, n)
			}
		}
	case *Func:
		walkSizesB(t.Param, f, n)
		walkSizesB(t.Result, f, n)
	case *Abstract:
		for _, a := range t.Args {
			if a.Type != nil {
				walkSizesB(a.Type, f, n)
			} else {
				f(a.Size)
			}
		}
	case *TypeVar:
		for _, ft := range t.Fields {
			walkSizesB(ft, f, n)
		}
	}
}

func lowerLevels(t Type, level int, eq bool, lifted Liftedness) {
	walkVars(t, func(u *TypeVar) {
		if u.Level > level {
			u.Level = level
		}
		if eq {
			u.Eq = true
		}
		if lifted < u.Lifted {
			u.Lifted = lifted
		}
	})
	walkSizes(t, func(s Size) {
		walkSizeMetas(s, func(m *SizeMeta) {
			if m.Level > level {
				m.Level = level
			}
		})
	})
}

func walkSizeMetas(s Size, f func(*SizeMeta)) {
	switch s := ResolveSize(s).(type) {
	case *SizeMeta:
		f(s)
	case *SizeOp:
		if s.ground {
			return // no unresolved size variable inside
		}
		walkSizeMetas(s.L, f)
		walkSizeMetas(s.R, f)
	}
}

// unifySize equates two sizes (LANGUAGE-V2 §1): a size meta is bound to
// the other size; otherwise the sizes must be the same variable, constant
// or arithmetic, compared structurally. In lenient mode (coercions, the
// branches of if and match, loop parameters) a mismatch is left to the
// caller, which makes the size unknown or checks it at run time.
func (in *inference) unifySize(a, b Size) error {
	a, b = ZonkSize(a), ZonkSize(b)
	if SizeEqual(a, b) {
		return nil
	}
	// An existential size in a function's result matches any size, and
	// determines none: it is new at each call. Nor do the branches of an
	// if (lenient mode) make a size to be inferred an unknown one: the
	// result's size becomes unknown instead.
	if (in.funcResult > 0 || in.sizeLenient > 0) && (isUnknownSize(a) || isUnknownSize(b)) {
		return nil
	}
	if ma, ok := a.(*SizeMeta); ok {
		return in.bindSize(ma, b)
	}
	if mb, ok := b.(*SizeMeta); ok && in.sizeLenient == 0 {
		return in.bindSize(mb, a)
	}
	// A folded constant still matches the arithmetic it came from.
	fa, fb := a, b
	if c, ok := a.(*SizeConst); ok && c.From != nil {
		if _, ok := b.(*SizeOp); ok {
			fa = c.From
		}
	}
	if c, ok := b.(*SizeConst); ok && c.From != nil {
		if _, ok := a.(*SizeOp); ok {
			fb = c.From
		}
	}
	if oa, ok := fa.(*SizeOp); ok {
		if ob, ok := fb.(*SizeOp); ok && oa.Op == ob.Op {
			// Structural matching infers n and m from [a*b] against [n*m].
			el := in.unifySize(oa.L, ob.L)
			er := in.unifySize(oa.R, ob.R)
			if el == nil && er == nil {
				return nil
			}
		}
	}
	if in.sizeLenient > 0 || in.funcResult > 0 && (isUnknownSize(a) || isUnknownSize(b)) {
		return nil
	}
	// Arithmetic over sizes still to be inferred ([n*m] against [6]) is
	// not solved here; if nothing else determines them, the reference
	// reports that it cannot infer them.
	if hasSizeMeta(a) || hasSizeMeta(b) {
		return nil
	}
	return &sizeMismatch{a: a, b: b}
}

func hasSizeMeta(s Size) bool {
	found := false
	walkSizeMetas(s, func(*SizeMeta) { found = true })
	return found
}

func isUnknownSize(s Size) bool {
	v, ok := ResolveSize(s).(*SizeVar)
	return ok && v.Unknown
}

// sizeMismatch is a static size error, in the reference compiler's words.
type sizeMismatch struct{ a, b Size }

func (e *sizeMismatch) Error() string {
	return fmt.Sprintf("Sizes %q and %q do not match", SizeString(e.a), SizeString(e.b))
}

// bindSize sets m := s, unless s mentions m (the occurs check).
func (in *inference) bindSize(m *SizeMeta, s Size) error {
	// s is zonked first: its constant arithmetic folds, and a ground s
	// (holding no unresolved size variable) needs neither the occurs check
	// nor the level walk, so that a chain of n concatenations, whose sizes
	// nest, unifies in time linear in n.
	s, ground := zonkSize(s)
	if !ground {
		if sizeMentions(s, m) {
			if in.sizeLenient > 0 {
				return nil
			}
			return &unifyError{fmt.Sprintf("Occurs check: cannot instantiate a size with %s, which contains it", SizeString(s))}
		}
		lowerSizeLevel(s, m.Level)
	}
	m.Link = s
	return nil
}

func lowerSizeLevel(s Size, level int) {
	walkSizeMetas(s, func(m *SizeMeta) {
		if m.Level > level {
			m.Level = level
		}
	})
}

func sizeMentions(s Size, m *SizeMeta) bool {
	found := false
	walkSizeMetas(s, func(x *SizeMeta) {
		if x == m {
			found = true
		}
	})
	return found
}

// substitution maps quantified type parameters and size variables (by ID)
// to their instances.
type substitution struct {
	types map[int]Type
	sizes map[int]Size
	work  int
}

func (s *substitution) empty() bool { return len(s.types) == 0 && len(s.sizes) == 0 }

func (s *substitution) typ(t Type) Type {
	if s.empty() {
		return t
	}
	spend(&s.work)
	switch t := Resolve(t).(type) {
	case *Param:
		if r, ok := s.types[t.ID]; ok {
			return r
		}
		return t
	case *Array:
		return &Array{Size: s.size(t.Size), Elem: s.typ(t.Elem), Unique: t.Unique}
	case *Record:
		fs := make([]Field, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = Field{f.Name, s.typ(f.Type)}
		}
		return &Record{Fields: fs, Unique: t.Unique}
	case *Sum:
		cs := make([]Constructor, len(t.Cons))
		for i, c := range t.Cons {
			ps := make([]Type, len(c.Payload))
			for j, p := range c.Payload {
				ps[j] = s.typ(p)
			}
			cs[i] = Constructor{c.Name, ps}
		}
		return &Sum{Cons: cs}
	case *Func:
		return &Func{Param: s.typ(t.Param), ParamName: t.ParamName, Result: s.typ(t.Result), Unique: t.Unique}
	case *Abstract:
		if len(t.Args) == 0 {
			return t
		}
		args := make([]TypeArg, len(t.Args))
		for i, a := range t.Args {
			if a.Type != nil {
				args[i].Type = s.typ(a.Type)
			} else {
				args[i].Size = s.size(a.Size)
			}
		}
		return &Abstract{Name: t.Name, ID: t.ID, Args: args, Repr: t.Repr}
	default:
		return t
	}
}

func (s *substitution) size(z Size) Size {
	switch z := ResolveSize(z).(type) {
	case *SizeVar:
		if r, ok := s.sizes[z.ID]; ok {
			return r
		}
		return z
	case *SizeOp:
		return simplifySize(&SizeOp{Op: z.Op, L: s.size(z.L), R: s.size(z.R)})
	default:
		return z
	}
}

// simplifySize folds constant arithmetic (not an operation that fails,
// such as a division by zero: that is left to run time).
func simplifySize(s *SizeOp) Size {
	l, lok := ResolveSize(s.L).(*SizeConst)
	r, rok := ResolveSize(s.R).(*SizeConst)
	if lok && rok {
		v, err := prim.EvalBinOp(s.Op, prim.I64, prim.IntValue(prim.I64, l.N), prim.IntValue(prim.I64, r.N))
		if err == nil {
			return &SizeConst{N: v.Int(), From: s}
		}
	}
	return s
}

// sizeOperator is the operator of a size expression x op y, if op is a
// built-in integer operator.
func sizeOperator(name string) (prim.BinOp, bool) {
	op, cmp := opCodes(name)
	if cmp != 0 || op == 0 || op == prim.LogAnd || op == prim.LogOr {
		return 0, false
	}
	return op, true
}

// Instance records how a polymorphic binding was instantiated at one
// reference: the type for each type parameter and the size for each size
// parameter, in the order of the binding's scheme.
type Instance struct {
	Types []Type
	Sizes []Size
}

// instantiate gives fresh variables for the scheme's parameters.
func (in *inference) instantiate(sc *TypeScheme) (Type, *Instance) {
	if len(sc.TypeParams) == 0 && len(sc.SizeParams) == 0 {
		return sc.Type, &Instance{}
	}
	sub := &substitution{types: map[int]Type{}, sizes: map[int]Size{}}
	inst := &Instance{}
	for _, p := range sc.TypeParams {
		v := in.newVar()
		v.Lifted = p.Lifted
		sub.types[p.ID] = v
		inst.Types = append(inst.Types, v)
	}
	for _, p := range sc.SizeParams {
		m := in.newSizeMeta()
		sub.sizes[p.ID] = m
		inst.Sizes = append(inst.Sizes, m)
	}
	return sub.typ(sc.Type), inst
}

// defaultVar gives an overloaded variable its default type (§9.2):
// i32 if allowed, else f64, else the first allowed type.
func defaultVar(v *TypeVar) {
	switch {
	case v.Index && v.Prims&(1<<prim.I64) != 0:
		v.Link = &Prim{prim.I64}
	case v.Prims&(1<<prim.I32) != 0:
		v.Link = &Prim{prim.I32}
	case v.Prims&(1<<prim.F64) != 0:
		v.Link = &Prim{prim.F64}
	default:
		for _, t := range prim.Types {
			if v.Prims&(1<<t) != 0 {
				v.Link = &Prim{t}
				return
			}
		}
	}
}

// Substitute replaces type parameters (by Param ID) and sizes (by SizeVar
// ID) in t; lowering uses it to monomorphise a binding at an Instance.
func Substitute(t Type, types map[int]Type, sizes map[int]Size) Type {
	s := &substitution{types: types, sizes: sizes}
	return s.typ(t)
}

// SubstituteSize replaces sizes (by SizeVar ID) in z.
func SubstituteSize(z Size, sizes map[int]Size) Size {
	s := &substitution{sizes: sizes}
	return s.size(z)
}

// InstanceMaps pairs a scheme's parameters with an instance's arguments,
// ready for Substitute.
func InstanceMaps(sc *TypeScheme, in *Instance) (map[int]Type, map[int]Size) {
	types := map[int]Type{}
	sizes := map[int]Size{}
	for i, p := range sc.TypeParams {
		if i < len(in.Types) {
			types[p.ID] = in.Types[i]
		}
	}
	for i, p := range sc.SizeParams {
		if i < len(in.Sizes) {
			sizes[p.ID] = in.Sizes[i]
		}
	}
	return types, sizes
}
