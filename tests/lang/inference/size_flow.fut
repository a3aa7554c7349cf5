-- Sizes flow through polymorphic functions, pipelines, SOACs and the size
-- arguments of abstract types: [m*p] from tabulate reaches unflatten
-- through a size-polymorphic function, and a size parameter that only the
-- result mentions (resize) is inferred from an ascription with [u/2].
-- ==
-- entry: through_pipeline
-- input { 2i64 3i64 } output { [[0.0, 2.0, 4.0], [6.0, 8.0, 10.0]] }
-- input { 0i64 3i64 } output { empty([0][3]f64) }
-- ==
-- entry: jacobian_blocks
-- input { [1.0, 2.0, 3.0, 4.0] }
-- output { [[[2.0, 0.0], [1.0, 0.0]], [[0.0, 4.0], [0.0, 3.0]]] }
-- ==
-- entry: rows_again
-- input { [1.0, 2.0] 2i64 } output { [[2.0, 3.0], [2.0, 3.0]] }
-- ==
-- entry: basis_rows
-- input { [1.0, 2.0, 3.0] [5.0, 6.0, 7.0, 8.0] }
-- output { [[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0, 0.0, 0.0, 5.0, 0.0, 7.0, 0.0],
--           [0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 8.0]] }
-- input { [1.0, 2.0, 3.0] empty([0]f64) }
-- output { [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 3.0]] }

def double [k] (xs: [k]f64) : [k]f64 = map (* 2) xs

entry through_pipeline (m: i64) (p: i64) : [m][p]f64 =
  tabulate (m * p) f64.i64 |> double |> unflatten

def pairs (x: [4]f64) : [2]f64 = [x[0] * x[1], x[2] * x[3]]

entry jacobian_blocks (x: [4]f64) : [2][2][2]f64 =
  let seeds = tabulate (2 * 2) (\i -> tabulate 4 (\j -> if i == j then 1 else 0))
  in jmp pairs x seeds |> unflatten

entry rows_again [n] (x: [n]f64) (m: i64) : [m][n]f64 =
  replicate m x |> flatten |> map (+ 1) |> unflatten

-- Generators of one-hot values: the size index of the abstract type is the
-- number of positions.
module type basis = {
  type^ gen [n] 'a
  val at [n] 'a : gen [n] a -> i64 -> a
  val resize [n] [m] 'a : gen [n] a -> gen [m] a
  val scalar : gen [1] f64
  val both [n] [m] 'a 'b : gen [n] a -> gen [m] b -> gen [n + m] (a, b)
  val vec [n] [m] 'a : gen [m] a -> gen [n * m] ([n]a)
  val rep [n] [r] 'a : gen [n] a -> gen [n] ([r]a)
}

module basis : basis = {
  type^ gen [n] 'a = {shape: [0][n](), f: i64 -> a}
  def shaped x = [] : [0][x]()
  def at 'a (g: gen [] a) i = g.f i
  def resize [n] [m] 'a (g: gen [n] a) = {shape = shaped m, f = g.f}
  def scalar = {shape = shaped 1, f = \i -> if i == 0i64 then 1f64 else 0}
  def both [n] [m] 'a 'b (x: gen [n] a) (y: gen [m] b) =
    {shape = shaped (n + m), f = \i -> (at x i, at y (i - n))}
  def vec [n] [m] 'a (g: gen [m] a) =
    {shape = shaped (n * m),
     f = \i -> tabulate n (\l -> if i / m == l then at g (i %% m) else at g (-1))}
  def rep [n] [r] 'a (g: gen [n] a) =
    {shape = shaped n, f = \i -> replicate r (g.f (if i < 0 then -1 else i %% n))}
}

def all [n] 'a (g: basis.gen [n] a) : [n]a = tabulate n (basis.at g)

def k : i64 = 3

-- Row i scales the i-th one-hot direction of (xs, us) by the values.
entry basis_rows [u] (xs: [k]f64) (us: [u]f64) : [][k + u]f64 =
  let extra = if u == 0 then 0 else 2
  let g : basis.gen [k * 1 + extra] ([k]f64, [u / 2][2]f64) =
    basis.(both (vec scalar) (resize (rep (vec scalar))))
  let scale (a, b) = (map2 (*) a xs, flatten b |> sized u |> map2 (*) us)
  in map (\d -> let (a, b) = scale d in a ++ b :> [k + u]f64) (all g)
