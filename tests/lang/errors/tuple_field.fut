-- Projecting a field a tuple does not have.
-- ==
-- error: :5:19: .*has no field 2

def main = (1, 2).2
