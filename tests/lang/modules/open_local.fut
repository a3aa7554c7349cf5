-- Declaration-level open, local open, local declarations, and open inside a structure re-exporting names.
-- ==
-- input { 5 } output { 6 10 15 17 }

module A = {
  def inc (x: i32) = x + 1
  local def hidden (x: i32) = x * 3
  def triple (x: i32) = hidden x
}

module B = {
  open A
  def inc_then_double (x: i32) = inc x * 2
}

local open A

module C = {
  local open B
  def plus_one (x: i32) = B.inc x
}

def main (x: i32) = (inc x, B.inc_then_double x - 2, triple x, C.plus_one (B.inc (triple x)))
