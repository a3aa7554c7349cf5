-- Entry points must be monomorphic.
-- ==
-- error: :5:1: entry point main is polymorphic

entry main 'a (x: a) : a = x
