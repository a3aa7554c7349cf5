-- Entry point names cannot contain a prime.
-- ==
-- error: :5:1: .*entry point name f' must not contain '

entry f' (x: i32) = x
