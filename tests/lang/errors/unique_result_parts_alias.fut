-- Two unique components of a declared result may not be one array.
-- ==
-- error: :5:1: A unique component of the return value is aliased to some other component

def f (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)
