-- Functions cannot be compared.
-- ==
-- error: :5:13: .*not an equality type

def main = (\(x: i32) -> x) == (\y -> y)
