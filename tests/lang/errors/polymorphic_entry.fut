-- Entry points must be monomorphic.
-- ==
-- error: :5:1: Entry point functions may not be polymorphic: entry point main is polymorphic

entry main 'a (x: a) : a = x
