-- Line comments, trailing comments, doc comments on declarations, and comment-only lines between code.
-- ==
-- input { 3 } output { 10 }

-- | A documented function.
-- The doc comment continues on this line,
-- and on this one.
def inc (x: i32) = x + 1 -- a trailing comment: def bogus = 0

-- Plain comment lines between declarations -- containing more dashes.
--
-- |Doc comment without a space after the bar.
def double (x: i32) =
  -- a comment inside an expression
  x * 2 -- another one
  -- and one before the end of the expression

def main (x: i32) =
  double (inc x)
  + 2 --
