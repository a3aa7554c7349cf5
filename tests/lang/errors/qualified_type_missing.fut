-- A type that a module does not define.
-- ==
-- error: :6:16: .*module M has no type t

module M = { def x = 1i32 }
def main (a: M.t) = a
