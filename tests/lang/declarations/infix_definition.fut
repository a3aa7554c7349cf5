-- Operator definitions in prefix and infix form, used infix, as (op), and as left/right sections.
-- ==
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { [5.0, 7.0, 9.0] 32.0 [4.0, 8.0, 12.0] 14.0 [4.0, 10.0, 18.0] }

def (<+>) (a: [3]f64) (b: [3]f64) : [3]f64 = map2 (+) a b
def (u: [3]f64) <.> (v: [3]f64) : f64 = f64.sum (map2 (*) u v)
def (s: f64) *^ (v: [3]f64) : [3]f64 = map (* s) v

def main (a: [3]f64) (b: [3]f64) =
  let c = a <+> b
  let d = a <.> b
  let e = (<+>) a (a <+> a) |> (<+> a)
  let f = (a <.>) a
  let g = map2 (*^) a (map (\x -> [x, 0, 0]) b) |> map (.[0])
  in (c, d, e, f, g)
