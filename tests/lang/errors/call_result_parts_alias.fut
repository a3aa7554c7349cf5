-- The two arrays of a call's result alias each other when the result is
-- not declared unique, even though no argument is an array: consuming
-- one consumes the other.
-- ==
-- error: :12:6: Using variable "b", but this was consumed at 11:7

def pair (n: i64) : ([]i32, []i32) = let x = replicate n 0 in (x, x)

def main (n: i64) =
  let (a, b) = pair n
  let a[0] = 1
  in b
