-- Projecting a field a record does not have.
-- ==
-- error: :5:23: record type \{a: i32\} has no field b

def main = {a = 1i32}.b
