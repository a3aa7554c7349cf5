-- A unique result may not alias a parameter that is not unique.
-- ==
-- error: :5:1: Unique-typed return value is aliased to "xs", which is not consumable

def f (xs: []i32) : *[]i32 = xs
