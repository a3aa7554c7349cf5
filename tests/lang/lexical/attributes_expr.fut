-- Attributes on expressions and applications never change a value (LANGUAGE.md §15).
-- ==
-- input { [1, 2, 3] } output { 12 [2, 4, 6] 6 [0, 0, 0] 7i64 12 }

def main [n] (xs: [n]i32) =
  let a = #[unsafe] xs[0] + xs[1] + xs[2] + 6
  let b = #[sequential] map (* 2) xs
  let c = #[sequential_outer] #[sequential_inner] reduce (+) 0 xs
  let d = #[scratch] replicate n 0i32
  let d = #[blank] d
  let e = #[param(block_size)] 7i64
  let f = #[opaque] #[break] #[trace] #[trace(tag)] #[warn(safety_checks)] a
  let b = #[flattening(moderate)] #[incremental_flattening(only_inner)] map (+ 0) b
  let f = #[noinline] id f
  in (a, b, c, d, e, f)
