-- A recursive function that updates its unique parameter and returns it
-- from one branch and its own call from the other: the parameter's size
-- stays its own, not the call's unknown result size.
-- ==
-- input { [1, 2, 3, 4] 1i64 } output { [1, 0, 0, 0] }
-- input { [1, 2] 5i64 } output { [1, 2] }

def fill (xs: *[]i32) (i: i64) : *[]i32 =
  if i >= length xs then xs else fill (xs with [i] = 0) (i + 1)

def main (xs: []i32) (i: i64) = fill (copy xs) i
