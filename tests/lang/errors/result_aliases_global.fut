-- A function result may not alias a top-level array.
-- ==
-- error: :7:1: Function result aliases the free variable "table"

def table = [1, 2, 3]

def pick (i: i64) = if i > 0 then table else table
