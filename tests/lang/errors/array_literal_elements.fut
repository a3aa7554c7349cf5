-- Array literal elements of different types.
-- ==
-- error: :5:16: .*in element 2 of array literal

def main = [1, true]
