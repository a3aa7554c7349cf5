-- A while condition must be bool.
-- ==
-- error: :5:32: .*in the condition of a while loop

def main = loop x = 0i32 while x do x + 1
