-- Distinct constant sizes are a static error.
-- ==
-- error: :5:12: Sizes "3" and "2" do not match

def main = [1, 2] : [3]i32
