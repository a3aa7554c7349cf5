-- Redefining a built-in operator shadows it for the rest of the file, including later definitions.
-- ==
-- input { 3 4 } output { 7 12 12 }

def before (a: i32) (b: i32) = a + b

def (+) (a: i32) (b: i32) : i32 = a * b

def after (a: i32) (b: i32) = a + b

def main (x: i32) (y: i32) = (before x y, after x y, reduce (+) 1 [x, y])
