-- A slice taken before its array is updated in place is consumed with it;
-- the message names the variable used.
-- ==
-- error: :9:6: Using variable "b", but this was consumed at 8:7. \(Possibly through aliases.\)

def main (a: *[]i32) (i: i64) =
  let b = a[i:]
  let a[0] = 1
  in b
