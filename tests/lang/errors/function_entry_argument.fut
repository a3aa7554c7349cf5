-- Entry points cannot take functions.
-- ==
-- error: :5:1: entry point main cannot take a function argument

entry main (f: i32 -> i32) : i32 = f 1
