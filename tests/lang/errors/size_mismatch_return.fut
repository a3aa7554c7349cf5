-- The body's size must be the declared result size.
-- ==
-- error: :5:39: Sizes "n" and "n\+n" do not match

def twice [n] (xs: [n]i32) : [n]i32 = xs ++ xs
