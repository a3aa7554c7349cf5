-- for ... in needs an array.
-- ==
-- error: :5:41: .*in the array of a for-in loop

def main (n: i32) = loop s = 0 for x in n do s + x
