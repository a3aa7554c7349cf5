-- A module member that does not exist.
-- ==
-- error: :6:14: module M has no member y

module M = { def x = 1i32 }
def main = M.y
