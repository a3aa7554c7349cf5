package ir

// Kinds is a set of kinds of expression, one bit per Exp type. A pass
// whose rules only look at some kinds skips programs that contain none of
// them (opt's pass table records what each pass needs), which keeps long
// straight-line programs from paying for every rule family.
type Kinds uint64

// The kinds of expression, one per Exp type.
const (
	KApply Kinds = 1 << iota
	KAtom
	KBin
	KCmp
	KUn
	KCall
	KIndex
	KSlice
	KUpdate
	KIota
	KReplicate
	KScratch
	KReshape
	KRearrange
	KConcat
	KCopy
	KRotate
	KArrayLit
	KSize
	KAssert
	KIf
	KLoop
	KMap
	KReduce
	KScan
	KHist
	KScatter
	KScrema
	KJVP
	KVJP
	KWithVJP
	KWithAcc
	KUpdAcc
	kindsEnd
)

// KNested are the kinds that nest bodies or lambdas.
const KNested = KIf | KLoop | KMap | KReduce | KScan | KHist | KScatter | KScrema | KJVP | KVJP | KWithVJP | KWithAcc

// KindOf is the kind of e (0 for nil).
func KindOf(e Exp) Kinds {
	switch e.(type) {
	case *Apply:
		return KApply
	case *Atom:
		return KAtom
	case *Bin:
		return KBin
	case *Cmp:
		return KCmp
	case *Un:
		return KUn
	case *Call:
		return KCall
	case *Index:
		return KIndex
	case *Slice:
		return KSlice
	case *Update:
		return KUpdate
	case *Iota:
		return KIota
	case *Replicate:
		return KReplicate
	case *Scratch:
		return KScratch
	case *Reshape:
		return KReshape
	case *Rearrange:
		return KRearrange
	case *Concat:
		return KConcat
	case *Copy:
		return KCopy
	case *Rotate:
		return KRotate
	case *ArrayLit:
		return KArrayLit
	case *Size:
		return KSize
	case *Assert:
		return KAssert
	case *If:
		return KIf
	case *Loop:
		return KLoop
	case *Map:
		return KMap
	case *Reduce:
		return KReduce
	case *Scan:
		return KScan
	case *Hist:
		return KHist
	case *Scatter:
		return KScatter
	case *Screma:
		return KScrema
	case *JVP:
		return KJVP
	case *VJP:
		return KVJP
	case *WithVJP:
		return KWithVJP
	case *WithAcc:
		return KWithAcc
	case *UpdAcc:
		return KUpdAcc
	}
	return 0
}

// BodyKinds is the set of kinds of the statements of b and of everything
// nested in them.
func BodyKinds(b *Body) Kinds {
	var k Kinds
	eachStm(b, func(s *Stm) { k |= KindOf(s.Exp) })
	return k
}

// eachStm calls fn on every statement of b and of the bodies nested in
// them, outer statements first.
func eachStm(b *Body, fn func(*Stm)) {
	if b == nil {
		return
	}
	for _, s := range b.Stms {
		fn(s)
		if KindOf(s.Exp)&KNested != 0 {
			for _, nb := range Bodies(s.Exp) {
				eachStm(nb, fn)
			}
		}
	}
}

// ProgramKinds is the union of the BodyKinds of p's functions.
func ProgramKinds(p *Program) Kinds {
	var k Kinds
	for _, f := range p.Funcs {
		if f != nil {
			k |= BodyKinds(f.Body)
		}
	}
	return k
}

// CountStms is the number of statements of b, nested ones included (a
// size hint for the maps a pass keeps per name).
func CountStms(b *Body) int {
	n := 0
	eachStm(b, func(*Stm) { n++ })
	return n
}
