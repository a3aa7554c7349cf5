-- x |> f consumes x when f does, as f x would: using x afterwards is an
-- error.
-- ==
-- error: :7:35: Using variable "ys", but this was consumed at 7:23\.

def set0 (xs: *[]i32) : []i32 = xs with [0] = 5
def f (ys: *[]i32) = (ys |> set0, ys)
