-- Character literals are overloaded integer literals holding the code point.
-- ==
-- input { 0 } output { 97 10 9 92 39 65 34i64 }
-- input { 1 } output { 98 11 10 93 40 66 35i64 }

def main (k: i32) : (i32, i32, i32, i32, i32, i32, i64) =
  ('a' + k, '\n' + k, '\t' + k, '\\' + k, '\'' + k, '\65' + k, '"' + i64.i32 k)
