-- Prefix negation and complement: - on signed, unsigned and floats; ! as logical and bitwise not.
-- ==
-- input { 5 3u8 2.5 true } output { -5 253u8 -2.5 false -6 252u8 5 -3 }

def main (x: i32) (u: u8) (f: f64) (b: bool) =
  (-x, -u, -f, !b, !x, !u, - -x, -(x - 2))
