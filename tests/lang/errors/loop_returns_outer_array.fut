-- A loop parameter the body updates may not be given an array from outside.
-- ==
-- error: :7:11: Return value for consuming loop parameter "xs" aliases "zs"

def main (n: i64) =
  let zs = replicate n 7i64
  let r = loop xs = replicate n 0i64 for i < n do
            if i == 1 then zs else xs with [i] = i
  in (r, zs)
