-- A record literal with a repeated field.
-- ==
-- error: :5:23: duplicate field a

def main = {a = 1i32, a = 2i32}
