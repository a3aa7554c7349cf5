-- Slice bounds must be i64.
-- ==
-- error: :5:27: .*cannot unify i64 with i32 in a slice bound

def main (xs: []i32) = xs[1i32:]
