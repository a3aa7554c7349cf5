-- Attributes on top-level declarations, including compound and unknown attributes.
-- ==
-- input { 5 } output { 16 }

#[noinline]
def f (x: i32) = x + 1

#[inline] def g (x: i32) = x * 2

#[some_unknown_attribute(1, foo, bar(2, baz,),)]
#[42]
type int = i32

#[noinline]
module m = { def h (x: int) : int = x - 1 }

#[noinline]
def main (x: int) : int = f x + g x + m.h 1
