-- The size parameters of unflatten occur only in the product n*m, so the
-- length 6 of the argument does not determine them (causality, §9.6).
-- ==
-- error: :7:3: cannot infer size parameters n, m of unflatten

def main (xs: [6]i32) =
  unflatten xs
