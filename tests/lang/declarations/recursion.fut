-- Simple direct recursion, including a size-polymorphic recursive function.
-- ==
-- input { 10 [1i64, 2, 3, 4, 5] } output { 3628800i64 55 15i64 }

def fact (n: i32) : i64 = if n <= 1 then 1 else i64.i32 n * fact (n - 1)

def fib (n: i32) : i32 = if n < 2 then n else fib (n - 1) + fib (n - 2)

def sum_rec [n] (xs: [n]i64) : i64 = if n == 0 then 0 else xs[0] + sum_rec xs[1:]

def main (n: i32) (xs: []i64) = (fact n, fib n, sum_rec xs)
