package ir

import (
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Param is a name with its type: a function, lambda or loop parameter, or
// one element of a statement's pattern.
type Param struct {
	Name VName
	Type Type
}

// Stm binds the names of Pat to the values of Exp. Pos is where the
// construct came from in the source; run-time errors report it.
type Stm struct {
	Pat []Param
	Exp Exp
	Pos Pos
}

// Body is a sequence of statements followed by the values it returns.
type Body struct {
	Stms   []*Stm
	Result []SubExp
}

// Lambda is a first-order anonymous function, the argument of SOACs and AD
// operators. Its body may refer to variables in scope where it appears.
type Lambda struct {
	Params []Param
	Body   *Body
	Ret    []Type
}

// Func is an entry point of a program. Sizes named in parameter types that
// are not themselves parameters are bound from the arguments' shapes.
type Func struct {
	Name   string // the source name callers use
	Params []Param
	Ret    []Type
	Body   *Body
	Pos    Pos
	// ParamNames and RetNames, when set, give the source-level name of each
	// parameter/result (several IR values come from one tuple or record):
	// a path such as "xs", "p.0" or "r.loss" ("" where the source has no
	// name, as for _). Result paths start at the result: "0", "1.a" for
	// the components of a tuple result, "loss" for a field of a record.
	ParamNames []string
	RetNames   []string
	// RetParts, when set, groups the results into the source's values:
	// RetParts[i] results in a row form value i. A scalar or array is one
	// result; an opaque value (a sum type, or an array of one: its
	// constructor index, then every constructor's payloads) is several.
	// The counts add up to len(Ret). Nil means one result per value.
	RetParts []int
	// SizeNames gives the source name of each size of the parameters'
	// types that the program names ([n]xs); SourceType shows the others,
	// which the program left anonymous, as [].
	SizeNames map[VName]string
	// Signature, when set, is the entry point's signature as the program
	// declares it, for documentation: "entry f [n] (xs: [n]{a: f64, b:
	// i32}) : [n]f64", with the source's names, patterns, types and named
	// sizes (parameters hold the components of tuples and records, and
	// arrays of records become records of arrays, so the IR alone does
	// not tell).
	Signature string
	// Internal marks a function that only Apply calls (a recursive source
	// function); the others are entry points.
	Internal bool
}

// SourceType renders t as the program would write it, for messages and
// documentation meant for its users: constant sizes as numbers, sizes in
// f.SizeNames by their source names, other sizes as [].
func (f *Func) SourceType(t Type) string {
	var b strings.Builder
	for _, d := range t.Shape {
		b.WriteByte('[')
		switch {
		case d.IsConst:
			b.WriteString(strconv.FormatInt(d.Const.Int(), 10))
		case !d.IsNone():
			b.WriteString(f.SizeNames[d.Var])
		}
		b.WriteByte(']')
	}
	b.WriteString(t.Elem.String())
	return b.String()
}

// DimName names dimension d of a parameter's type, whose size is dim, in
// messages about arguments of the wrong shape: its source name (n), or
// "dimension d" where the program leaves the size anonymous.
func (f *Func) DimName(dim SubExp, d int) string {
	if n, ok := f.SizeNames[dim.Var]; ok && !dim.IsConst {
		return n
	}
	return "dimension " + strconv.Itoa(d)
}

// Program is a whole lowered program: its entry points and the internal
// functions they call.
type Program struct {
	Funcs []*Func
}

// Func returns the entry point called name, or nil.
func (p *Program) Func(name string) *Func {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Exp is an expression: the right-hand side of a statement.
type Exp interface{ isExp() }

// Apply calls the program's function Func (only recursive source
// functions stay functions; everything else is inlined). Ret are its
// result types. Arrays passed to a function that consumes its parameter
// are consumed.
type Apply struct {
	Func string
	Args []SubExp
	Ret  []Type
}

// Atom is a SubExp as an expression: a copy of a name or a constant.
type Atom struct{ X SubExp }

// Bin applies a binary operator to two operands of type T.
type Bin struct {
	Op   prim.BinOp
	T    prim.Type
	X, Y SubExp
}

// Cmp compares two operands of type T, giving bool.
type Cmp struct {
	Op   prim.CmpOp
	T    prim.Type
	X, Y SubExp
}

// Un applies a unary operator to an operand of type T.
type Un struct {
	Op prim.UnOp
	T  prim.Type
	X  SubExp
}

// Call applies a scalar function (math functions, conversions conv_*).
type Call struct {
	Fn   prim.Func
	Args []SubExp
}

// Index selects an element or a sub-array: one i64 index per leading
// dimension. Out-of-bounds indices are a run-time error.
type Index struct {
	Arr VName
	Idx []SubExp
}

// DimSlice selects along one dimension: either one index (Fixed) or the
// range Start, Start+Stride, ... strictly before End. Absent Start/End take
// the source language defaults (0 and the size for positive strides, size-1
// and -1 for negative ones); an absent Stride is 1.
type DimSlice struct {
	Fixed              bool
	I                  SubExp // the index, when Fixed
	Start, End, Stride SubExp
}

// Slice selects a strided region; dimensions beyond len(Dims) are kept
// whole. Fixed dimensions disappear from the result.
type Slice struct {
	Arr  VName
	Dims []DimSlice
}

// Update returns Arr with the region Dims replaced by Val (a scalar or an
// array of the region's shape). It consumes Arr, so it runs in place.
type Update struct {
	Arr  VName
	Dims []DimSlice
	Val  SubExp
}

// Iota is the array Start, Start+Step, ... of N elements of integer type T.
// Absent Start is 0, absent Step is 1.
type Iota struct {
	N, Start, Step SubExp
	T              prim.Type
}

// Replicate is an array of shape Shape whose elements are all Val (a
// scalar, or an array whose shape is appended).
type Replicate struct {
	Shape Shape
	Val   SubExp
}

// Scratch is an array of the given element type and shape whose contents
// are unspecified (the interpreter zeroes it); it is meant to be filled.
// Compiled code zeroes it too, so that a program that reads an element it
// never wrote still computes what the interpreter does, unless Filled
// says that every element is written before it is read, or not read at
// all (reverse mode's loop checkpoints, one row per iteration of the
// loop that fills them; the per-element records of the generic
// reduce_by_index rule, written and read for the elements in range).
type Scratch struct {
	Elem   prim.Type
	Shape  Shape
	Filled bool
}

// Reshape views Arr with a new shape of the same number of elements.
type Reshape struct {
	Arr   VName
	Shape Shape
}

// Rearrange permutes Arr's dimensions: result dimension i is Arr's
// dimension Perm[i]. Transpose is Perm [1,0].
type Rearrange struct {
	Arr  VName
	Perm []int
}

// Concat joins arrays along their outer dimension; inner shapes must agree.
type Concat struct {
	Arrs []VName
}

// Copy is a fresh copy of an array (so that it can be consumed).
type Copy struct{ Arr VName }

// Rotate rotates the outer dimension of Arr left by R (negative: right).
type Rotate struct {
	R   SubExp
	Arr VName
}

// ArrayLit builds an array from elements of type Elem (scalars or arrays).
type ArrayLit struct {
	Elems []SubExp
	Elem  Type
}

// Size is the run-time size of dimension Dim of Arr (an i64).
type Size struct {
	Arr VName
	Dim int
}

// Assert fails at run time if Cond is false. Its pattern is empty. The
// error is "Assertion is false: " and Msg (the assertion's source text),
// unless Full is set: then Msg is the whole message, each "%v" in it
// replaced by the value of the next of Args (scalars, printed without a
// type suffix), as in "Range %v...%v is invalid.".
type Assert struct {
	Cond SubExp
	Msg  string
	Full bool
	Args []SubExp
}

// Message is the error an Assert raises, given its arguments' values
// already printed; both backends use it so their messages agree.
func (e *Assert) Message(args []string) string {
	if !e.Full {
		return "Assertion is false: " + e.Msg
	}
	var b strings.Builder
	rest := e.Msg
	for i := 0; ; i++ {
		j := strings.Index(rest, "%v")
		if j < 0 || i >= len(args) {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:j])
		b.WriteString(args[i])
		rest = rest[j+2:]
	}
}

// If evaluates one of its branches; both return values of types Ret.
type If struct {
	Cond       SubExp
	Then, Else *Body
	Ret        []Type
}

// LoopForm says how many times a loop runs: a For or a While.
type LoopForm interface{ isLoopForm() }

// For runs the body for I = 0, 1, ..., Bound-1 (no iteration if Bound <= 0);
// I and Bound have integer type T.
type For struct {
	I     VName
	T     prim.Type
	Bound SubExp
}

// While runs the body as long as the loop parameter Cond (a bool) is true,
// testing before every iteration.
type While struct {
	Cond VName
}

func (*For) isLoopForm()   {}
func (*While) isLoopForm() {}

// Attr is a source attribute kept on a construct, e.g. stripmine(2).
type Attr struct {
	Name string
	Args []int64
}

// Loop is a sequential loop. Params start as Init; the body's results are
// the parameters of the next iteration and the final ones are the loop's.
type Loop struct {
	Params []Param
	Init   []SubExp
	Form   LoopForm
	Body   *Body
	Attrs  []Attr
}

// Map applies F to the rows of Arrs (all of outer size W), giving one array
// per result of F. An accumulator among Arrs is passed whole to every
// application, and an accumulator result of F is returned as is.
type Map struct {
	W    SubExp
	Arrs []VName
	F    *Lambda
}

// Reduce folds the rows of Arrs with Op (2k params: k accumulated values,
// then k elements) from Neutral, left to right.
type Reduce struct {
	W       SubExp
	Arrs    []VName
	Op      *Lambda
	Neutral []SubExp
	Comm    bool // Op is also commutative
}

// Scan is the inclusive scan of Arrs with Op from Neutral.
type Scan struct {
	W       SubExp
	Arrs    []VName
	Op      *Lambda
	Neutral []SubExp
}

// Hist (reduce_by_index) combines Vals[j] into Dests at the index given by
// Inds (one index array per indexed dimension of Dests) with Op, existing
// bin value first. Out-of-range indices are ignored. It consumes Dests.
type Hist struct {
	W       SubExp
	Dests   []VName
	Op      *Lambda
	Neutral []SubExp
	Inds    []VName
	Vals    []VName
}

// Scatter writes Vals[k][j] to Dests[k] at the index given by Inds (one
// index array per indexed dimension). Out-of-range indices are ignored and
// the last write wins. It consumes Dests.
type Scatter struct {
	W     SubExp
	Dests []VName
	Inds  []VName
	Vals  []VName
}

// Screma is one pass over the rows of Arrs (all of outer size W) that
// maps, scans, reduces, builds histograms and scatters at once: the form
// fusion gives a chain of SOACs over the same rows (the name is Futhark's,
// for scan-reduce-map). F is applied to row i of every input; its results
// are, in order, the inputs of each scan (len(Neutral) values each), of
// each reduction (likewise), the Rank indices and then one value per
// destination of each histogram and of each scatter, and finally the map
// outputs. The statement's results are, in the same order, one array of
// outer size W per scanned value, one value per reduced value, the
// updated destinations of the histograms and scatters, and one array of
// outer size W per map output.
//
// The meaning is sequential and element by element: for i = 0, 1, ...,
// W-1, apply F to the rows i, then step every scan (its result i is its
// accumulator after row i), every reduction, every histogram (combining
// the value into the bin at the indices, existing bin value first;
// out-of-range indices are ignored) and every scatter (writing the value
// at the indices; out-of-range ignored, the last write wins), in the
// order they are listed, and store the map outputs at i. A Screma
// consumes the destinations of its histograms and scatters; F may
// consume its parameters like a Map's lambda (consuming the matching
// input). F takes and returns no accumulators.
//
// Only the fusion pass after AD makes Screma; AD never sees one. Its
// element-by-element order equals the order of the SOACs it was fused
// from (each over all rows before the next) when at most one of its
// lambdas and operators may fail, which fusion guarantees.
type Screma struct {
	W        SubExp
	Arrs     []VName
	F        *Lambda
	Scans    []ScanOp
	Reds     []RedOp
	Hists    []HistOp
	Scatters []ScatterOp
}

// ScanOp is an inclusive scan inside a Screma, of len(Neutral) results
// of its function with Op (2k parameters, as for Scan).
type ScanOp struct {
	Op      *Lambda
	Neutral []SubExp
}

// RedOp is a reduction inside a Screma, of len(Neutral) results of its
// function with Op (as for Reduce).
type RedOp struct {
	Op      *Lambda
	Neutral []SubExp
	Comm    bool // Op is also commutative
}

// HistOp is a histogram inside a Screma: the function gives Rank i64
// indices into the leading dimensions of every destination, then one
// value per destination, combined with Op (as for Hist).
type HistOp struct {
	Dests   []VName
	Rank    int
	Op      *Lambda
	Neutral []SubExp
}

// ScatterOp is a scatter inside a Screma: the function gives Rank i64
// indices, then one value per destination (as for Scatter).
type ScatterOp struct {
	Dests []VName
	Rank  int
}

// OpResults is the number of results of F that the operators take; the
// rest are map outputs.
func (e *Screma) OpResults() int {
	n := 0
	for _, s := range e.Scans {
		n += len(s.Neutral)
	}
	for _, r := range e.Reds {
		n += len(r.Neutral)
	}
	for _, h := range e.Hists {
		n += h.Rank + len(h.Dests)
	}
	for _, s := range e.Scatters {
		n += s.Rank + len(s.Dests)
	}
	return n
}

// JVP is forward-mode differentiation of F at Primals along Tangents. It
// gives F's results followed by their tangents. When Vec is set (jmp),
// every tangent argument and result has an extra outer dimension of size
// Width. The AD pass expands it; no backend evaluates it.
type JVP struct {
	F        *Lambda
	Primals  []SubExp
	Tangents []SubExp
	Vec      bool
	Width    SubExp
}

// VJP is reverse-mode differentiation of F at Primals with result adjoints
// Adjoints. It gives F's results followed by the adjoints of F's
// parameters. When Vec is set (mjp) every adjoint has an extra outer
// dimension of size Width.
type VJP struct {
	F        *Lambda
	Primals  []SubExp
	Adjoints []SubExp
	Vec      bool
	Width    SubExp
}

// WithVJP applies F to Args; reverse mode uses Rule instead of
// differentiating F. Rule takes F's arguments, F's results and the result
// adjoints and returns the argument adjoints.
type WithVJP struct {
	F    *Lambda
	Rule *Lambda
	Args []SubExp
}

// AccInput is one array turned into an accumulator by WithAcc. Updates are
// combined with Op (2k params for k = 1 element) from Neutral, or added
// when Op is nil.
type AccInput struct {
	Arr     VName
	Op      *Lambda
	Neutral []SubExp
}

// WithAcc turns each input array into an accumulator, passes them to F
// (one accumulator parameter per input) and returns the arrays with all
// updates applied, followed by F's results after its accumulators. F
// returns the final accumulators first. It consumes the input arrays.
type WithAcc struct {
	Inputs []AccInput
	F      *Lambda
}

// UpdAcc adds Val at index Idx of the array behind accumulator Acc (Val is
// a row if Idx is shorter than the rank) and gives the accumulator back.
// Out-of-range indices are ignored. It consumes Acc.
type UpdAcc struct {
	Acc VName
	Idx []SubExp
	Val SubExp
}

func (*Apply) isExp()     {}
func (*Atom) isExp()      {}
func (*Bin) isExp()       {}
func (*Cmp) isExp()       {}
func (*Un) isExp()        {}
func (*Call) isExp()      {}
func (*Index) isExp()     {}
func (*Slice) isExp()     {}
func (*Update) isExp()    {}
func (*Iota) isExp()      {}
func (*Replicate) isExp() {}
func (*Scratch) isExp()   {}
func (*Reshape) isExp()   {}
func (*Rearrange) isExp() {}
func (*Concat) isExp()    {}
func (*Copy) isExp()      {}
func (*Rotate) isExp()    {}
func (*ArrayLit) isExp()  {}
func (*Size) isExp()      {}
func (*Assert) isExp()    {}
func (*If) isExp()        {}
func (*Loop) isExp()      {}
func (*Map) isExp()       {}
func (*Reduce) isExp()    {}
func (*Scan) isExp()      {}
func (*Hist) isExp()      {}
func (*Scatter) isExp()   {}
func (*Screma) isExp()    {}
func (*JVP) isExp()       {}
func (*VJP) isExp()       {}
func (*WithVJP) isExp()   {}
func (*WithAcc) isExp()   {}
func (*UpdAcc) isExp()    {}
