-- An overloaded literal that does not fit its inferred type.
-- ==
-- error: :5:17: .*literal 256 does not fit in type u8

def main : u8 = 256
