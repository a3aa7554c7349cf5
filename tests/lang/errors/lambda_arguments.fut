-- A lambda applied to arguments of the wrong type.
-- ==
-- error: :5:58: .*cannot unify bool with a numeric type .*in argument 2

def main = (\(x: i32) (y: bool) -> if y then x else 0) 1 2
