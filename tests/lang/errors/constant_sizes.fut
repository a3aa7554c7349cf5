-- Distinct constant sizes are a static error.
-- ==
-- error: :5:12: .*sizes 3 and 2 differ

def main = [1, 2] : [3]i32
