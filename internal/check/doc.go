// Package check elaborates modules and type-checks a Fluxion program
// (LANGUAGE.md §3-§6, §9-§11), producing a typed, module-free Program for
// lowering to the IR.
//
// # Entry points
//
//	prog, err := check.CheckFile("dir/main.fut")          // imports from disk
//	prog, err := check.CheckSource(name, src, loader)      // imports via loader
//	fmt.Println(check.FormatError(err))                    // messages with excerpts
//	fmt.Print(prog)                                        // the typed program, for dumps
//
// A Loader maps the slash-separated path of an imported file (the
// importing file's directory joined with the import path, plus ".fut") to
// its contents; OSLoader and FSLoader are provided. Absolute import paths
// are rejected, each file is checked once, and import cycles are errors
// that name the cycle.
//
// Errors are an ErrorList of *Error (file:line:col: message, with the
// source line for Excerpt); several errors are reported per run, at least
// one per failing top-level declaration. The prelude (package prelude) is
// checked once per process, with the intrinsics of docs/INTRINSICS.md in
// scope, and opened before every file.
//
// # The typed program
//
// Program.Decls lists every top-level value binding of every file, module
// and functor instance (prelude first), each referring only to earlier
// ones or to itself (direct recursion). Modules no longer exist: a module
// member is an ordinary ValBind whose Binding.Name is its qualified source
// name ("f32.sum"); Binding.ID is unique in the program and is what
// references use. Functors are elaborated anew at every application, so
// each application has its own bindings.
//
// Every Expr and Pat carries its final type: no *TypeVar and no *SizeMeta
// remain, overloaded literals and operators are defaulted (§9.2). Types
// may still mention:
//
//   - *Param: type parameters of the enclosing polymorphic binding(s).
//     Monomorphise with Substitute, mapping each Scheme.TypeParams[i].ID to
//     Instance.Types[i] of the reference being specialised.
//   - *SizeVar: a size. When it is not Unknown, its ID is the ID of a
//     binding of type i64 in scope (a value parameter, a let-bound
//     variable, a size parameter, or a top-level constant). When Unknown, it
//     is an existential or otherwise unknown size (§9.6 rule 4): it has no
//     binding, and the actual size is the shape of the value at run time.
//   - *Abstract: a type made abstract by module ascription; Reveal gives
//     its representation.
//
// References: a *VarRef points to its *Binding and carries the Instance
// of the binding's TypeScheme at that point (types, and sizes in the order
// of Scheme.SizeParams: the explicit [n] parameters, whose IDs are the
// IDs of ValBind.SizeBinds, then implicit ones from anonymous parameter
// sizes). Size arguments are *SizeConst, *SizeVar or *SizeOp over them;
// lowering passes them as the hidden i64 arguments and may check the
// actual argument shapes against them at run time. A recursive reference
// passes the inferred (implicit) parameters through unchanged.
// Intrinsics are bindings with Intrinsic set ("__map"), scalar ones also
// with Func (from internal/prim). A reference through a module ascription
// has the signature's (possibly more abstract) type as its Expr type, but
// its Instance is for the binding's own scheme.
//
// Built-in operators (§8.1) become *BinOpExpr/*UnOpExpr with prim.BinOp,
// prim.CmpOp or prim.UnOp and the operand type (== and != also work on
// arrays, records and sums). When an operator is used as a value or in a
// section it is wrapped in a *Lambda. User-defined and module operators are
// ordinary applications. Sections, projection sections and let-with forms
// are desugared (to Lambda, Let and Update); local opens disappear, and so
// do attributes except those on loops with integer (or no) arguments,
// kept in Loop.Attrs (#[stripmine(2)]). Literals carry their primitive type and exact value.
//
// A function type (n: i64) -> [n]t records the parameter name as
// Func.ParamName; applying it substitutes the argument's size expression
// (§9.6 rule 5). Uniqueness is checked statically (alias.go, LANGUAGE-V2
// §2) on every declaration outside the prelude; uniqueness marks (*) are
// declared, never inferred through unification, except that a function
// without a written result type gets a unique result part when the checker
// finds that the part aliases nothing its caller sees and no other part.
// A type variable bound to a type drops the marks of its arrays but keeps
// those inside function types, so that let g = f consumes what f does.
// Sizes are checked statically (LANGUAGE-V2 §1): two sizes unify
// when they are the same variable, constant or arithmetic over sizes
// (any integer operator), compared structurally after folding constants;
// otherwise the error says 'Sizes "n" and "m" do not match'. Unknown
// (existential) sizes equal only themselves; the branches of if and
// match, loop results and sizes leaving scope become unknown where they
// differ, and :> coercions are checked at run time. A size
// parameter that unification leaves undetermined and that no parameter
// type has as a dimension is the error "cannot infer size parameter"
// (§9.6 rule 1); a constant folded from arithmetic (SizeConst.From) still
// matches that arithmetic, so [n*m] against [2*3] gives n = 2, m = 3.
// A parameter's size may name only earlier parameters bound as a whole
// (not a tuple parameter's component), and an existential size, or an
// abbreviation's anonymous one, must be the whole size of some array
// outside function types (a "constructive" use, as an entry point's size
// parameters must be in its parameters).
//
// Program.Entries lists the main file's entry points with their curried
// parameter types and unpacked result types (§11).
//
// Helpers for consumers: Inspect and InspectPats walk expressions;
// Resolve, Zonk, Reveal, Substitute, InstanceMaps and TypeString work on
// types; Binding.UniqueName gives a program-wide unique name. The prelude's
// bindings are shared by every Program and must be treated as read-only.
//
// # Design
//
// Inference is Hindley-Milner with mutable type variables (*TypeVar) and
// levels for generalisation. Overloading is a constraint on a variable:
// a set of allowed primitive types (numeric, integral, float, ...), an
// equality requirement, "has field" and "has constructor" constraints, and
// a liftedness bound. Each top-level declaration is checked, defaulted,
// generalised and zonked on its own; errors abandon the declaration (a
// placeholder binding of type 'a keeps later ones from cascading). Modules
// are elaborated as they are declared: a structure is a map of names,
// ascription checks a module against a signature (abstract types become
// *Abstract types with fresh identities), and a functor application
// re-elaborates the functor body with the argument bound to the parameter.
// A functor type (P: S) -> R is kept as syntax for R, elaborated per
// argument; a functor matches it if applied to a stand-in of S its result
// matches R (the declarations that elaborates are discarded).
package check
