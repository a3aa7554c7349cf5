-- Function types: curried, higher-order parameters, named (dependent) parameters in types, partial application.
-- ==
-- input { 3i64 } output { [0.0f32, 0.0f32, 0.0f32] 7 [1i64, 2i64, 3i64] 11 }

def zeros (n: i64) : [n]f32 = replicate n 0

def apply_twice (f: i32 -> i32) (x: i32) : i32 = f (f x)

def build (g: (k: i64) -> [k]i64) (n: i64) : [n]i64 = g n

def add3 (a: i32) (b: i32) (c: i32) : i32 = a + b + c

def main (n: i64) =
  let h : i32 -> i32 = add3 1 2
  let k : i32 -> i32 -> i32 = add3 0
  in (zeros n, apply_twice (+ 2) 3, build (\m -> map (+ 1) (iota m)) n, h (k 3 5))
