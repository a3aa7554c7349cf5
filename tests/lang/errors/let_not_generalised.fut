-- A let-bound lambda is monomorphic.
-- ==
-- error: :5:42: cannot unify i32 with bool in argument 1 of g

def main = let g = \x -> x in (g 1i32, g true)
