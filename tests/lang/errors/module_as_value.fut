-- A module used where a value is expected.
-- ==
-- error: :6:12: .*M is a module, not a value

module M = { def x = 1i32 }
def main = M
