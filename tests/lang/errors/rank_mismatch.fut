-- Arrays of different rank.
-- ==
-- error: :5:36: .*arrays of rank 1 and 2

def main (x: [2][3]i32) : [2]i32 = x
