-- The unit value and unit type: unit parameters, unit in tuples and arrays, and functions returning unit.
-- ==
-- input { 4 } output { 4 3i64 true 5 }

def ignore 'a (_: a) : () = ()

def answer () : i32 = 5

def main (x: i32) =
  let u = ignore x
  let us = [u, (), ignore true]
  let (v, ()) = (x, u)
  in (v, length us, us[0] == (), answer ())
