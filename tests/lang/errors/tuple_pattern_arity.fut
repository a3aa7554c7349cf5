-- A pair pattern bound to a triple.
-- ==
-- error: :5:31: .*cannot unify .* in let binding

def main : i32 = let (a, _) = (1, 2, 3) in a
