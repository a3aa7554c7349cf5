-- A pair pattern bound to a triple.
-- ==
-- error: :5:31: cannot unify a tuple of 2 elements with a tuple of 3 elements .* in let binding

def main : i32 = let (a, _) = (1, 2, 3) in a
