-- An abstract type is distinct from its implementation outside the module.
-- ==
-- error: :7:18: .*cannot unify i32 with M\.t

module type S = { type t val x : t }
module M : S = { type t = i32 def x = 1i32 }
def main : i32 = M.x
