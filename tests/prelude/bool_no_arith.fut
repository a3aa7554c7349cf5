-- The bool module only has conversions; bool.+ does not exist.
-- ==
-- error: .

entry main (a: bool) (b: bool) : bool = a bool.+ b
