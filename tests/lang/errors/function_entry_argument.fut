-- Entry points cannot take functions.
-- ==
-- error: :5:1: Entry point functions may not be higher-order: entry point main cannot take a function argument

entry main (f: i32 -> i32) : i32 = f 1
