-- The condition of if must be bool.
-- ==
-- error: :5:24: cannot unify bool with i32 in the condition of if

def main (x: i32) = if x then 1 else 2
