-- Parameter patterns: bare and parenthesised names, tuples, records, wildcards, ascriptions and operator names.
-- ==
-- input { 3i64 } output { [0.0f32, 0.0f32, 0.0f32] 7 11 5 12 -1 }

def zeros (n) : [n]f32 = replicate n 0

def add_pair (a, b) : i32 = a + b

def norm1 {x, y = yy} : i32 = i32.abs x + i32.abs yy

def second _ (y: i32) = y

def apply_plus ((+): i32 -> i32 -> i32) (a: i32) (b: i32) : i32 = a + b

def main (n: i64) =
  (zeros n, add_pair (3, 4), norm1 {x = -5, y = 6}, second true 5, apply_plus (*) 3 4, apply_plus (-) 3 4)
