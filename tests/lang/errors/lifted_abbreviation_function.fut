-- A function type in a non-lifted abbreviation.
-- ==
-- error: :5:6: .*type fn contains a function type, so it must be declared with type\^

type fn = i32 -> i32
