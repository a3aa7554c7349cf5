-- A parametric module written as an anonymous module function \(P: S) -> body, with a result signature.
-- ==
-- input { 4 } output { 16 12 }

module type has_f = { val f : i32 -> i32 }

module twice_mod = \(P: has_f) : has_f -> { def f (x: i32) = P.f (P.f x) }

module sq = { def f (x: i32) = x * 2 }

module sq2 = twice_mod sq

module sq3 = twice_mod { def f (x: i32) = x + 4 }

def main (x: i32) = (sq2.f x, sq3.f x)
