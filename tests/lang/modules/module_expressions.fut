-- Module expressions: inline ascription, parenthesised modules, functor results as arguments, and open of an application.
-- ==
-- input { 2 } output { 3 12 8 5 }

module type has_v = { val v : i32 }
module type has_f = { val f : i32 -> i32 }

module three = ({ def v = 3 def extra = 0 } : has_v)

module scale (P: has_v) : has_f = { def f (x: i32) = x * P.v }

module add_v (P: has_v) : has_v = { def v = P.v + 1 }

module four_times = scale (add_v three)

module nested = (scale ((three)))

open (add_v (add_v three))

def main (x: i32) = (three.v, four_times.f 3, nested.f x + x, v)
