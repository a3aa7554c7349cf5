-- Top-level def, entry and the old top-level let spelling, with and without return types.
-- ==
-- entry: run
-- input { 3 } output { 19 }

def square (x: i32) : i32 = x * x
let triple (x: i32) = 3 * x
let ten : i32 = 10
def offset = 1

entry helper (x: i32) = square x + offset

entry run (x: i32) : i32 = helper x + triple x - ten + ten - offset + 1

-- ==
-- entry: helper
-- input { 4 } output { 17 }
