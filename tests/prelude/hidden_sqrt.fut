-- Integral modules have no real members: i64.sqrt does not exist.
-- ==
-- error: sqrt

entry main (x: i64) : i64 = i64.sqrt x
