-- Ascription hides everything the module type does not list: i32 has no
-- to_i32 member (LANGUAGE.md §13.8).
-- ==
-- error: to_i32

entry main (x: i32) : i32 = i32.to_i32 x
