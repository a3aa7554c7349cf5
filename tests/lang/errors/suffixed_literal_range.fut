-- A suffixed literal that does not fit its type.
-- ==
-- error: :5:12: literal 300u8 does not fit in type u8

def main = 300u8
