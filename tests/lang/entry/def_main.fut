-- A top-level def named main is an entry point; blocks without entry: test main.
-- ==
-- input { 20 22 } output { 42 }
-- input { -1 1 } output { 0 }

def helper (a: i32) (b: i32) = a + b

def main (a: i32) (b: i32) : i32 = helper a b
