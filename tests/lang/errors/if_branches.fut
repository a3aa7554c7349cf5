-- Both branches of if must have the same type.
-- ==
-- error: :5:42: cannot unify i32 with bool in the branches of if

def main (b: bool) = if b then 1i32 else true
