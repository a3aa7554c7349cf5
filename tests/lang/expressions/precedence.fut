-- The precedence and associativity examples of LANGUAGE.md §7.2 and §7.3.
-- ==
-- input { 6 8 9.0 16.0 20.0 [3, 4, 5] }
-- output { 64 true 5.0 true 25.0 36 -3 false [0, 1, 2, 3, 4] [4, 3, 2, 1, 0] 9 }

def main (x: i32) (m: i32) (a: f64) (b: f64) (c: f64) (xs: [3]i32) =
  let p = x < 0
  let q = x > 100
  in ( 2 ** 3 ** 2
     , x & m == 0
     , a + b |> f64.sqrt
     , x == m |> not
     , a + b `f64.max` c
     , -x ** 2
     , -xs[0]
     , !p && q
     , 0..<x-1
     , x-2..>-1
     , i32.abs x + i32.abs (-3)
     )
