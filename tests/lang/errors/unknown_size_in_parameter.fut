-- The function f returns accepts arrays of 10 or 20 elements, depending on
-- x: the size of its parameter is unknown, so no argument can have it.
-- ==
-- error: :6:1: Unknown size "[a-z0-9]+" in parameter of "f", which is inferred as: bool -> \[[a-z0-9]+\]bool -> bool

def f (x: bool) =
  let n = if x then 10 else 20
  in \(y: [n]bool) -> y[0]
