-- Building an empty array needs its row size, which here is the size of
-- filter's result: that is computed only after the array is built.
-- ==
-- error: :7:11: Causality check: size "[a-z0-9]+" needed for type of empty array: \[0\]\[[a-z0-9]+\]i32\. But "[a-z0-9]+" is computed at 8:12

def f (xs: []i32) =
  let a = [] : [][]i32
  let b = [filter (> 0) xs]
  in a[0] == b[0]
