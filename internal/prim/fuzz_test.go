package prim

import (
	"math"
	"slices"
	"testing"
)

// normalized reports whether v is in the canonical form that FromBits
// produces, so == on Values means equal type and bits.
func normalized(v Value) bool { return FromBits(v.Type(), v.Bits()) == v }

// FuzzEval applies every operator and function to arbitrary bit patterns:
// nothing may panic, and every result must have the promised type and be
// normalized.
func FuzzEval(f *testing.F) {
	f.Add(uint8(1), uint16(0), uint64(7), uint64(2), uint64(0))
	f.Add(uint8(4), uint16(100), uint64(1)<<63, ^uint64(0), uint64(3))
	f.Add(uint8(12), uint16(300), uint64(0x7ff8000000000001), uint64(64), uint64(1))
	// Every function whose derivative has no formula (trigamma's needs
	// tetragamma), at 0.3 in f64.
	for i, fn := range Funcs {
		if slices.ContainsFunc(fn.PartialExprs(), hasNone) {
			f.Add(uint8(slices.Index(Types, F64)), uint16(i), math.Float64bits(0.3), uint64(0), uint64(0))
		}
	}
	f.Fuzz(func(t *testing.T, tsel uint8, fsel uint16, x, y, z uint64) {
		ty := Types[int(tsel)%len(Types)]
		a, b := FromBits(ty, x), FromBits(ty, y)
		for op := Add; op <= LogOr; op++ {
			if v, err := EvalBinOp(op, ty, a, b); err == nil && (v.Type() != ty || !normalized(v)) {
				t.Fatalf("%v %v %v = %v (type %v)", a, op, b, v, v.Type())
			}
			if BinOpDefined(op, ty) {
				if da, db, err := BinOpPartials(op, ty, a, b); err == nil && (da.Type() != ty || db.Type() != ty) {
					t.Fatalf("partials of %v %v %v have types %v, %v", a, op, b, da.Type(), db.Type())
				}
			}
		}
		for op := Eq; op <= Ge; op++ {
			if v, err := EvalCmpOp(op, ty, a, b); err != nil || v.Type() != Bool || !normalized(v) {
				t.Fatalf("%v %v %v = %v, %v", a, op, b, v, err)
			}
		}
		for op := Neg; op <= Not; op++ {
			if v, err := EvalUnOp(op, ty, a); err == nil && (v.Type() != ty || !normalized(v)) {
				t.Fatalf("%v%v = %v", op, a, v)
			}
		}
		fn := Funcs[int(fsel)%len(Funcs)]
		args := make([]Value, len(fn.Params))
		for k, p := range fn.Params {
			args[k] = FromBits(p, []uint64{x, y, z}[k])
		}
		v, err := fn.Eval(args)
		if err != nil || v.Type() != fn.Ret || !normalized(v) {
			t.Fatalf("%s%v = %v, %v", fn.Name, args, v, err)
		}
		if !fn.IsLinear() {
			// A partial fails only where its formula needs a function prim
			// does not have (DNone), and always when the whole formula is one.
			ps, err := fn.Partials(args)
			exprs := fn.PartialExprs()
			switch {
			case err != nil && !slices.ContainsFunc(exprs, hasNone):
				t.Fatalf("partials of %s%v: %v", fn.Name, args, err)
			case err == nil && slices.ContainsFunc(exprs, func(e DExpr) bool { return e.Kind == DNone }):
				t.Fatalf("partials of %s%v = %v, want an error (no formula)", fn.Name, args, ps)
			case err == nil && len(ps) != len(args):
				t.Fatalf("partials of %s%v: %d partials for %d arguments", fn.Name, args, len(ps), len(args))
			}
			for k, p := range ps {
				if p.Type() != fn.Params[k] || !normalized(p) {
					t.Fatalf("partial %d of %s%v = %v (type %v)", k, fn.Name, args, p, p.Type())
				}
			}
		}
	})
}

// hasNone reports whether e reaches a DNone node (a derivative without a
// formula).
func hasNone(e DExpr) bool {
	return e.Kind == DNone || slices.ContainsFunc(e.Args, hasNone)
}
