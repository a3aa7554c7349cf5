-- Element types of map2's arrays disagree with the operator.
-- ==
-- error: :5:48: cannot unify f32 with i32 in argument 3 of map2

def main (xs: []f32) (ys: []i32) = map2 (+) xs ys
