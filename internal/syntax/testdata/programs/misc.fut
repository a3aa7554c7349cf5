-- Assorted expression forms.
import "lib/github.com/diku-dk/sorts/radix_sort"

def (|>>) 'a 'b (x: a) (f: a -> b) : b = f x

type shape = #circle f64 | #rect f64 f64 | #point

def area (s: shape) : f64 =
  match s
  case #circle r -> f64.pi * r ** 2
  case #rect w h -> w * h
  case #point -> 0

def classify (x: i32) : i32 =
  match x
  case 0 -> 0
  case -1 -> 1
  case _ -> 2

def update [n] (xs: *[n]i32) (i: i64) : *[n]i32 =
  let xs[i] = 1
  let xs[0:2] = [2, 3]
  in xs with [n - 1] = xs[0] + xs[1]

def rec_update (r: {a: {b: i32}, c: [3]f32}) =
  let r.a.b = 1
  in r with c.[0] = 2.5

def slices [n][m] (a: [n][m]f32) =
  (a[1:, ::2], a[:, 0], a[n-1:0:-1, m / 2], a[0][1:m-1])

def loops (n: i64) =
  let s = loop s = 0 for i < n do s + i
  let p = loop p = 1i64 while p < n do p * 2
  let q = #[unroll] loop (x, y) for (a, b) in zip (iota n) (iota n) do (x + a, y + b)
  in (s, p, q)

def sums [n] (xs: [n]f64) =
  xs
  |> map (\x -> x * 2)
  |> scan (+) 0
  |> reduce_comm f64.max (-f64.inf)

def sections (xs: []i32) = (map (+1) xs, map (2*) xs, map (`i32.max` 3) xs,
                            map (.0) (zip xs xs), map (.[0]) [xs], (-1))

def chars = ('a', '\n', '\'', "text with \"quotes\"", 0x1.8p1, 1_000_000i64, 0b1010u8)

def ad (x: f64) =
  let (y, dy) = jvp2 (\x -> x ** 2) x 1
  let g = vjp (\(a, b) -> a * b) (x, y) 1
  in #[unsafe] dy + g.0 + g.1

def tabulated n = tabulate n \i -> f64.i64 i * 0.5

def asserted (x: i32) = assert (x > 0) (x * 2)

def ranges (n: i32) = (1..<n, n..>0, 0..2...10, 1...n)

def ascribed = ([] : [0]f32, ([1, 2] :> [2]i32), 3 : u8)

def local_fn (xs: []i32) =
  let sq 't [k] (f: t -> t) (ys: [k]t) : [k]t = map f ys
  in sq (\x -> x * x) xs
