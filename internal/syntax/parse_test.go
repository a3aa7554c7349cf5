package syntax

import (
	"strings"
	"testing"
)

// Each case gives source and its fully parenthesised form. Application is
// (app f x), infix operators are (op x y), prefix operators (prefix- x).
var expTests = []struct{ src, want string }{
	// §7.2: application binds tighter than infix and prefix operators.
	{"f x + g y", "(+ (app f x) (app g y))"},
	{"-f x", "(prefix- (app f x))"},
	{"!f x", "(prefix! (app f x))"},
	{"f x y z", "(app (app (app f x) y) z)"},
	// Prefix - and ! bind tighter than every infix operator.
	{"-x ** 2", "(** (prefix- x) 2)"},
	{"!a && b", "(&& (prefix! a) b)"},
	{"-xs[0]", "(prefix- (index xs [0]))"},
	{"-x.y", "(prefix- x.y)"},
	{"- - x", "(prefix- (prefix- x))"},
	{"a - b", "(- a b)"},
	{"a-1", "(- a 1)"},
	{"f -1", "(- f 1)"},
	{"f (-1)", "(app f (prefix- 1))"},
	{"(-x)", "(prefix- x)"},
	{"(!x)", "(prefix! x)"},
	{"(x-)", "(lsection x -)"},
	{"(-)", "(section -)"},
	// Projection and indexing bind tightest; whitespace before [ matters.
	{"f r.x", "(app f r.x)"},
	{"f xs[i]", "(app f (index xs [i]))"},
	{"f xs [i]", "(app (app f xs) (array i))"},
	{"f [1,2]", "(app f (array 1 2))"},
	{"m[i][j]", "(index (index m [i]) [j])"},
	{"(f x)[0]", "(index (app f x) [0])"},
	{"(f a).1", "(. (app f a) 1)"},
	{"t.0.1", "t.0.1"},
	{"a.b[i].c", "(. (index a.b [i]) c)"},
	{"(a, b).0", "(. (tuple a b) 0)"},
	{"f64.sqrt x", "(app f64.sqrt x)"},
	{"M.N.f x.y.0", "(app M.N.f x.y.0)"},
	// if/let/loop/match/lambda/assert extend as far right as possible.
	{"if c then a else b + 1", "(if c a (+ b 1))"},
	{"if c then a else b : t", "(if c a (: b t))"},
	{"x + if c then 1 else 2 + 3", "(+ x (if c 1 (+ 2 3)))"},
	{"\\x y -> x + y", "(lambda (params x y) _ (+ x y))"},
	{"\\x y : i32 -> x + y", "(lambda (params x y) i32 (+ x y))"},
	{"\\(x: i32) (a, b) -> x", "(lambda (params (: x i32) (tuple a b)) _ x)"},
	{"assert (x > 0) x + 1", "(assert (> x 0) (+ x 1))"},
	{"assert ok f x", "(assert ok (app f x))"},
	{"f ??? (g ???)", "(app (app f ???) (app g ???))"},
	{"??? : i32", "(: ??? i32)"},
	// A lambda may be the last argument.
	{"tabulate n \\i -> i * 2", "(app (app tabulate n) (lambda (params i) _ (* i 2)))"},
	{"map (\\x -> x + 1) xs", "(app (app map (lambda (params x) _ (+ x 1))) xs)"},
	{"x |> \\y -> y + 1", "(|> x (lambda (params y) _ (+ y 1)))"},
	// Attributes bind loosest.
	{"#[unsafe] f x + y", "(#[unsafe] (+ (app f x) y))"},
	{"#[trace(tag)] #[unroll] x", "(#[trace(tag)] (#[unroll] x))"},
	{"#[a(b(c), 1,)] x", "(#[a(b(c),1)] x)"},
	{"f x + #[opaque] y * z", "(+ (app f x) (#[opaque] (* y z)))"},
	// Ascription and coercion are the loosest infix forms.
	{"a + b : f32", "(: (+ a b) f32)"},
	{"x :> [n]f32", "(:> x ([n] f32))"},
	{"xs ++ ys :> [n]f32", "(:> (++ xs ys) ([n] f32))"},
	{"x : [n]i32 -> i32", "(: x (-> ([n] i32) i32))"},
	{"a..<b : []i32", "(: (..< a b) ([] i32))"},
	{"f (x: i32)", "(app f (: x i32))"},
	// §7.3 precedence and associativity.
	{"x |> f |> g", "(|> (|> x f) g)"},
	{"f <| g <| x", "(<| f (<| g x))"},
	{"xs |> map f |> reduce (+) 0", "(|> (|> xs (app map f)) (app (app reduce (section +)) 0))"},
	{"a + b |> f", "(|> (+ a b) f)"},
	{"a == b |> not", "(|> (== a b) not)"},
	{"x & m == 0", "(== (& x m) 0)"},
	{"2 ** 3 ** 2", "(** (** 2 3) 2)"},
	{"a + b `max` c", "(`max` (+ a b) c)"},
	{"a `f` b `M.g` c", "(`M.g` (`f` a b) c)"},
	{"f >-> g |> h", "(|> (>-> f g) h)"},
	{"x <= y && y >= z || w", "(|| (&& (<= x y) (>= y z)) w)"},
	{"a || b && c", "(|| a (&& b c))"},
	{"a * b + c * d", "(+ (* a b) (* c d))"},
	{"a - b - c", "(- (- a b) c)"},
	{"a << 1 + 2", "(<< a (+ 1 2))"},
	{"a | b ^ c & d", "(& (^ (| a b) c) d)"},
	{"a < b | c", "(< a (| b c))"},
	{"a // b %% c ** d", "(%% (// a b) (** c d))"},
	{"a / b % c", "(% (/ a b) c)"},
	{"f 1 2 < g 3", "(< (app (app f 1) 2) (app g 3))"},
	{"a <| b |> c", "(|> (<| a b) c)"},
	{"a |> b <| c", "(|> a (<| b c))"},
	// Fixity of user operators comes from the longest built-in prefix.
	{"x +^ y * z", "(+^ x (* y z))"},
	{"a >>= b + c", "(>>= a (+ b c))"},
	{"a |>> b || c", "(|>> a (|| b c))"},
	{"a ==> b + c", "(==> a (+ b c))"},
	{"a !== b & c", "(!== a (& b c))"},
	{"a <-< b * c", "(<-< a (* b c))"},
	{"a <|> b <|> c", "(<|> a (<|> b c))"},
	{"a **. b * c", "(* (**. a b) c)"},
	{"a *+ b + c", "(+ (*+ a b) c)"},
	// Qualified operators keep the fixity of the symbol.
	{"x M.+ y * z", "(M.+ x (* y z))"},
	{"x f64.+ y", "(f64.+ x y)"},
	{"x u32.>>> 3", "(u32.>>> x 3)"},
	{"a M.N.* b + c", "(+ (M.N.* a b) c)"},
	// Ranges.
	{"1..<4", "(..< 1 4)"},
	{"5..>2", "(..> 5 2)"},
	{"1...n", "(... 1 n)"},
	{"0..2...7", "(... 0 2 7)"},
	{"10..7...0", "(... 10 7 0)"},
	{"0..<n-1", "(..< 0 (- n 1))"},
	{"i-2..>-1", "(..> (- i 2) (prefix- 1))"},
	{"0..1..<n", "(..< 0 1 n)"},
	{"a `f` b ..< c", "(..< (`f` a b) c)"},
	// with updates.
	{"xs with [i] = v + 1", "(with xs [i] (+ v 1))"},
	{"f xs with [0] = 1", "(with (app f xs) [0] 1)"},
	{"m with [i, j] = x", "(with m [i, j] x)"},
	{"a with [2:5] = [7, 8, 9]", "(with a [2:5] (array 7 8 9))"},
	{"m with [:, 0] = col", "(with m [:, 0] col)"},
	{"r with f = v", "(with r .f v)"},
	{"r with a.b = v", "(with r .a .b v)"},
	{"r with pos.[i] = v", "(with r .pos [i] v)"},
	{"r with 0 = v", "(with r .0 v)"},
	{"xs with [i] = a with [j] = b", "(with (with xs [i] a) [j] b)"},
	{"xs with [i] = v |> f", "(with xs [i] (|> v f))"},
	{"xs with [i] = v `max` w", "(`max` (with xs [i] v) w)"},
	// Indexing and slicing.
	{"a[1:3]", "(index a [1:3])"},
	{"a[:2]", "(index a [:2])"},
	{"a[3:]", "(index a [3:])"},
	{"a[::2]", "(index a [::2])"},
	{"a[::-1]", "(index a [::(prefix- 1)])"},
	{"a[3:0:-1]", "(index a [3:0:(prefix- 1)])"},
	{"a[4::-2]", "(index a [4::(prefix- 2)])"},
	{"a[:]", "(index a [:])"},
	{"m[i, 1:]", "(index m [i, 1:])"},
	{"m[:, j]", "(index m [:, j])"},
	{"t[0, :, 2:5:2]", "(index t [0, :, 2:5:2])"},
	{"a[i:n]", "(index a [i:n])"},
	{"a[(x : i64)]", "(index a [(: x i64)])"},
	{"a[i,]", "(index a [i])"},
	// Sections.
	{"(+)", "(section +)"},
	{"(+1)", "(rsection + 1)"},
	{"(2*)", "(lsection 2 *)"},
	{"(a + b *)", "(lsection (+ a b) *)"},
	{"(!=)", "(section !=)"},
	{"(!= x)", "(rsection != x)"},
	{"(.f)", "(proj .f)"},
	{"(.f.g)", "(proj .f .g)"},
	{"(.0)", "(proj .0)"},
	{"(.[i])", "(proj [i])"},
	{"(.[i,j])", "(proj [i, j])"},
	{"(.f.[i])", "(proj .f [i])"},
	{"(`f`)", "(section `f`)"},
	{"(`f` b)", "(rsection `f` b)"},
	{"(a `f`)", "(lsection a `f`)"},
	{"(`M.f` b)", "(rsection `M.f` b)"},
	{"(M.+)", "(section M.+)"},
	{"(M.* k)", "(rsection M.* k)"},
	{"(k M.*)", "(lsection k M.*)"},
	{"(<+> y)", "(rsection <+> y)"},
	{"(x <+>)", "(lsection x <+>)"},
	// Atoms.
	{"()", "(tuple)"},
	{"(1, 2,)", "(tuple 1 2)"},
	{"(a, (b, c))", "(tuple a (tuple b c))"},
	{"[1, 2, 3,]", "(array 1 2 3)"},
	{"[]", "(array)"},
	{"[[1,2],[3,4]]", "(array (array 1 2) (array 3 4))"},
	{"{x = 1, y}", "(record (x 1) (y))"},
	{"{0 = a, 1 = b,}", "(record (0 a) (1 b))"},
	{"{}", "(record)"},
	{"'a' + 1", "(+ 'a' 1)"},
	{`"abc"`, `"abc"`},
	{"true && false", "(&& true false)"},
	{"0xFFi8", "0xFFi8"},
	{"1f32", "1f32"},
	{"xs |> map (.x)", "(|> xs (app map (proj .x)))"},
	// Constructors and local open.
	{"#rect 2.0 3.0", "(#rect 2.0 3.0)"},
	{"#a #b", "(#a (#b))"},
	{"#some (f x)", "(#some (app f x))"},
	{"f #none", "(app f (#none))"},
	{"M.(x + y)", "(open M (+ x y))"},
	{"f32.(a * b) + c", "(+ (open f32 (* a b)) c)"},
	{"A.B.(x)", "(open A.B x)"},
	{"f32.(+)", "(open f32 (section +))"},
	{"M.(a, b)", "(open M (tuple a b))"},
	// let forms; in may be omitted before another let.
	{"let a = 1\nlet b = a + 1\nin a * b", "(let a 1 (let b (+ a 1) (* a b)))"},
	{"let x: i32 = 1 in x", "(let (: x i32) 1 x)"},
	{"let (a, b) = p in a", "(let (tuple a b) p a)"},
	{"let {x, y = (a, _)} = r in a", "(let (record (x x) (y (tuple a _))) r a)"},
	{"let [n] (xs: [n]f32) = e in n", "(let [n] (: xs ([n] f32)) e n)"},
	{"let [n][m] (a: [n][m]i32) = e in n", "(let [n] [m] (: a ([n] ([m] i32))) e n)"},
	{"let f x y = x + y in f 1 2", "(letfun f () (params x y) _ (+ x y) (app (app f 1) 2))"},
	{"let g [k] (v: [k]f32) : f32 = v[0] in g", "(letfun g ([k]) (params (: v ([k] f32))) f32 (index v [0]) g)"},
	{"let id 'a (x: a) : a = x in id 1", "(letfun id ('a) (params (: x a)) a x (app id 1))"},
	{"let (+) a b = a in 1 + 2", "(letfun (+) () (params a b) _ a (+ 1 2))"},
	{"let (+) = f in 1 + 2", "(let (+) f (+ 1 2))"},
	{"let xs[i] = v in xs", "(letwith xs [i] v xs)"},
	{"let m[i, j:] = row in m", "(letwith m [i, j:] row m)"},
	{"let r.f = v in r", "(letwith r .f v r)"},
	{"let r.a.b = v in r", "(letwith r .a .b v r)"},
	{"let _ = x in y", "(let _ x y)"},
	{"let x = if c then a else b let y = x in y", "(let x (if c a b) (let y x y))"},
	// loop forms.
	{"loop x = 0 for i < n do x + i", "(loop x 0 (for i n) (+ x i))"},
	{"loop (x, y) = (0, 1) for i < n do (y, x + y)", "(loop (tuple x y) (tuple 0 1) (for i n) (tuple y (+ x y)))"},
	{"loop acc for x in xs do acc + x", "(loop acc _ (for-in x xs) (+ acc x))"},
	{"loop (a, b) for (x, y) in zip xs ys do (a + x, b + y)", "(loop (tuple a b) _ (for-in (tuple x y) (app (app zip xs) ys)) (tuple (+ a x) (+ b y)))"},
	{"loop x = 1 while x < 100 do x * 2", "(loop x 1 (while (< x 100)) (* x 2))"},
	{"loop (acc: [n]f32) = xs for i < n do acc", "(loop (: acc ([n] f32)) xs (for i n) acc)"},
	{"#[unroll] loop x = 0 for i < 3 do x", "(#[unroll] (loop x 0 (for i 3) x))"},
	{"loop #[true_dep] x = 0 for i < 3 do x", "(loop (#[true_dep] x) 0 (for i 3) x)"},
	// match and patterns.
	{"match x case 0 -> a case -1 -> b case _ -> c", "(match x (case 0 a) (case -1 b) (case _ c))"},
	{"match s case #circle r -> r case #rect w h -> w * h", "(match s (case (#circle r) r) (case (#rect w h) (* w h)))"},
	{"match o case #some (#pair a b) -> a case #none -> 0", "(match o (case (#some (#pair a b)) a) (case (#none) 0))"},
	{"match c case 'a' -> 1 case true -> 2 case 2.5 -> 3 case -2.5 -> 4", "(match c (case 'a' 1) (case true 2) (case 2.5 3) (case -2.5 4))"},
	{"match r case {x, y = (a, b), z: f32} -> a", "(match r (case (record (x x) (y (tuple a b)) (z (: z f32))) a))"},
	{"match p case (x: i32, _) -> x", "(match p (case (tuple (: x i32) _) x))"},
	{"match p case x: i32 -> x", "(match p (case (: x i32) x))"},
	{"match x case #[a] y -> y", "(match x (case (#[a] y) y))"},
	{"match x case a -> match a case b -> b case c -> c", "(match x (case a (match a (case b b) (case c c))))"},
	{"match x case () -> 1", "(match x (case (tuple) 1))"},
}

func TestParseExp(t *testing.T) {
	for _, tc := range expTests {
		e, err := ParseExp("test.fut", []byte(tc.src), 0)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", tc.src, err)
			continue
		}
		if got := Format(e); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

var typeTests = []struct{ src, want string }{
	{"i32", "i32"},
	{"M.t", "M.t"},
	{"[n][m]f32", "([n] ([m] f32))"},
	{"[][]i32", "([] ([] i32))"},
	{"[n*m]t", "([(* n m)] t)"},
	{"[n+1]f64", "([(+ n 1)] f64)"},
	{"i32 -> i32 -> i32", "(-> i32 (-> i32 i32))"},
	{"(i32 -> i32) -> i32", "(-> (-> i32 i32) i32)"},
	{"(n: i64) -> [n]f32", "(-> (n: i64) ([n] f32))"},
	{"(n: i64) -> (m: i64) -> [n][m]f32", "(-> (n: i64) (-> (m: i64) ([n] ([m] f32))))"},
	{"*[n]f32 -> *[n]f32", "(-> (* ([n] f32)) (* ([n] f32)))"},
	{"?[n][m].[n][m]i32", "(? [n] [m] ([n] ([m] i32)))"},
	{"?[k].[k]a -> i32", "(? [k] (-> ([k] a) i32))"},
	{"(i32, bool)", "(tuple i32 bool)"},
	{"(i32, bool,)", "(tuple i32 bool)"},
	{"()", "(tuple)"},
	{"(i32)", "i32"},
	{"{x: f32, y: f32}", "(record (x f32) (y f32))"},
	{"{0: i32, 1: bool}", "(record (0 i32) (1 bool))"},
	{"{}", "(record)"},
	{"#red | #green | #blue", "(sum (#red) (#green) (#blue))"},
	{"#circle f64 | #rect f64 f64", "(sum (#circle f64) (#rect f64 f64))"},
	{"#some (list i32) | #none", "(sum (#some (tapp list i32)) (#none))"},
	{"#a [3]i32", "(sum (#a ([3] i32)))"},
	{"matrix [3][4] f32", "(tapp (tapp (tapp matrix [3]) [4]) f32)"},
	{"matrix [][] i32", "(tapp (tapp (tapp matrix []) []) i32)"},
	{"box ([3]i32)", "(tapp box ([3] i32))"},
	{"opt (list i32)", "(tapp opt (tapp list i32))"},
	{"[n](opt i32)", "([n] (tapp opt i32))"},
	{"[n]opt i32", "([n] (tapp opt i32))"},
	{"(a -> b) -> [n]a -> *[n]b", "(-> (-> a b) (-> ([n] a) (* ([n] b))))"},
	{"[n]([m]f32, i32)", "([n] (tuple ([m] f32) i32))"},
	{"M.t [n] i32 -> M.t [n] i32", "(-> (tapp (tapp M.t [n]) i32) (tapp (tapp M.t [n]) i32))"},
}

func TestParseType(t *testing.T) {
	for _, tc := range typeTests {
		e, err := ParseType("test.fut", []byte(tc.src), 0)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", tc.src, err)
			continue
		}
		if got := Format(e); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// Declarations: each source is one file; want is the formatted decls, one
// per line.
var declTests = []struct{ src, want string }{
	{"def (<+>) (a: [3]f64) (b: [3]f64) : [3]f64 = map2 (+) a b",
		"(def (<+>) () (params (: a ([3] f64)) (: b ([3] f64))) ([3] f64) (app (app (app map2 (section +)) a) b))"},
	{"def (u: [3]f64) <.> (v: [3]f64) : f64 = f64.sum (map2 (*) u v)",
		"(def-infix (<.>) () (params (: u ([3] f64)) (: v ([3] f64))) f64 (app f64.sum (app (app (app map2 (section *)) u) v)))"},
	{"def x <+> y = x", "(def-infix (<+>) () (params x y) _ x)"},
	{"def (+^) 'a (x: a) (y: a) : a = x", "(def (+^) ('a) (params (: x a) (: y a)) a x)"},
	{"def dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = 0",
		"(def dot ([n]) (params (: xs ([n] f64)) (: ys ([n] f64))) f64 0)"},
	{"def first 'a 'b ((x, _): (a, b)) : a = x",
		"(def first ('a 'b) (params (: (tuple x _) (tuple a b))) a x)"},
	{"def map_lifted '^a '~b (f: a -> b) = f", "(def map_lifted ('^a '~b) (params (: f (-> a b))) _ f)"},
	{"entry main (n: i64) = n", "(entry main () (params (: n i64)) _ n)"},
	{"let f x = x", "(let f () (params x) _ x)"},
	{"def zeros (n) : [n]f32 = replicate n 0", "(def zeros () (params n) ([n] f32) (app (app replicate n) 0))"},
	{"def tau : f64 = 2 * f64.pi", "(def tau () (params) f64 (* 2 f64.pi))"},
	{"def f {x, y: f32} (#c a) = x", "(def f () (params (record (x x) (y (: y f32))) (#c a)) _ x)"},
	{"type matrix [n][m] 't = [n][m]t", "(type matrix ([n] [m] 't) ([n] ([m] t)))"},
	{"type~ bag = ?[k].[k]i32", "(type~ bag () (? [k] ([k] i32)))"},
	{"type^ fn 'a = a -> a", "(type^ fn ('a) (-> a a))"},
	{"type t '~a '^b = (a, b)", "(type t ('~a '^b) (tuple a b))"},
	{"type shape = #circle f64 | #rect f64 f64", "(type shape () (sum (#circle f64) (#rect f64 f64)))"},
	{"module M = F A B", "(module M _ (mapply (mapply F A) B))"},
	{"module M = F (G A) { def x = 1 }", "(module M _ (mapply (mapply F (mapply G A)) (struct (def x () (params) _ 1))))"},
	{"module F (P: S1) (Q: S2) : R = { def x = 1 }",
		"(module F (P: S1) (Q: S2) R (struct (def x () (params) _ 1)))"},
	{"module M : S = { type t = i32 }", "(module M S (struct (type t () i32)))"},
	{"module M = N : S", "(module M _ (: N S))"},
	{"module M = \\(P: S) -> P", "(module M _ (mlambda (P: S) _ P))"},
	{"module M = \\(P: S) : R -> P", "(module M _ (mlambda (P: S) R P))"},
	{"module M = import \"f\"", `(module M _ (import "f"))`},
	{"module M = { def x = 1 }\nimport \"f\"", "(module M _ (struct (def x () (params) _ 1)))\n(import \"f\")"},
	{"module M = F (import \"f\")", `(module M _ (mapply F (import "f")))`},
	{"module type S = { type t val f: t -> t }", "(module-type S (sig (type t () _) (val f () (-> t t))))"},
	{"module type S2 = S with t = f32 with int_t = u32", "(module-type S2 (with (with S t () f32) int_t () u32))"},
	{"module type S3 = S with m.t 'a = [3]a", "(module-type S3 (with S m.t ('a) ([3] a)))"},
	{"module type F = (P: S) -> R", "(module-type F (-> (P: S) R))"},
	{"module type G = S -> R", "(module-type G (-> S R))"},
	{"module type H = (S)", "(module-type H S)"},
	{"module type num = { include numeric val +: t -> t -> t val (>>>): t -> t -> t val sum [n]: [n]t -> t val f 'a: a -> a type~ u [n] type^ v = i32 -> i32 module M: S #[noinline] val x: i32 }",
		"(module-type num (sig (include numeric) (val (+) () (-> t (-> t t))) (val (>>>) () (-> t (-> t t))) (val sum ([n]) (-> ([n] t) t)) (val f ('a) (-> a a)) (type~ u ([n]) _) (type^ v () (-> i32 i32)) (module M S) (#[noinline] (val x () i32))))"},
	{"open import \"f\"", `(open (import "f"))`},
	{"import \"../lib/util\"", `(import "../lib/util")`},
	{"local open M", "(local (open M))"},
	{"local def g = 1", "(local (def g () (params) _ 1))"},
	{"#[noinline] def f x = x", "(#[noinline] (def f () (params x) _ x))"},
	{"open M.N", "(open M.N)"},
	{"-- only a comment\n", ""},
	{"", ""},
	{"def a = 1\r\ndef b =\r\n  2\r\n", "(def a () (params) _ 1)\n(def b () (params) _ 2)"},
	{"def a = 1\n#[inline]\ndef b = 2", "(def a () (params) _ 1)\n(#[inline] (def b () (params) _ 2))"},
	{"module M = { let x = 1 open N local type t = i32 }", "(module M _ (struct (let x () (params) _ 1) (open N) (local (type t () i32))))"},
	{"def a = 1\ndef b = 2\nlet c = 3", "(def a () (params) _ 1)\n(def b () (params) _ 2)\n(let c () (params) _ 3)"},
}

func TestParseDecls(t *testing.T) {
	for _, tc := range declTests {
		f, err := ParseFile("test.fut", []byte(tc.src), 0)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", tc.src, err)
			continue
		}
		var lines []string
		for _, d := range f.Decls {
			lines = append(lines, Format(d))
		}
		if got := strings.Join(lines, "\n"); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
