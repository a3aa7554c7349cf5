-- A function without a written result type whose result holds one array
-- twice does not get a unique result: its parts alias each other.
-- ==
-- error: :11:6: Using variable "b", but this was consumed at 10:7

def pair (n: i64) = let x = replicate n 0i32 in (x, x)

def main (n: i64) =
  let (a, b) = pair n
  let a[0] = 1
  in b
