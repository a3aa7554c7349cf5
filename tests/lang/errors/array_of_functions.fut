-- Arrays cannot hold functions.
-- ==
-- error: :5:9: arrays of functions are not allowed

def f = [\x -> x + 1i32]
