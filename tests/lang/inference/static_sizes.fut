-- Ranges 0..<n, 0..1..<n, 1...n and slices a[:n], a[0:n] have the static size n; sizes leaving scope become unknown.
-- ==
-- input { 3i64 [5, 6, 7, 8] } output { [0i64, 1i64, 2i64] [0i64, 1i64, 2i64] [1i64, 2i64, 3i64] [1i64, 2i64, 3i64] [5, 6, 7] [5, 6, 7] [5, 6, 7] 6i64 }
-- input { 5i64 [5, 6, 7, 8] } error: .

def upto (n: i64) : [n]i64 = 0..<n
def upto_step (n: i64) : [n]i64 = 0..1..<n
def from1 (n: i64) : [n]i64 = 1...n
def from1_step (n: i64) : [n]i64 = 1..2...n

def prefix [m] (n: i64) (xs: [m]i32) : [n]i32 = xs[:n]
def prefix0 [m] (n: i64) (xs: [m]i32) : [n]i32 = xs[0:n]
def prefix1 [m] (n: i64) (xs: [m]i32) : [n]i32 = xs[0:n:1]

def main (n: i64) (xs: []i32) =
  let ys = let k = n + n in replicate k 0i32
  in ( upto n, upto_step n, from1 n, map (+ 1) (upto n)
     , prefix n xs, prefix0 n xs, prefix1 n xs, length ys )
