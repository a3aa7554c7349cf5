-- Field projection on a primitive value.
-- ==
-- error: :5:23: type i32 has no field foo

def main (x: i32) = x.foo
