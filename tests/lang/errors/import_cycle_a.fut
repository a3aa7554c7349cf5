-- Two files that import each other.
-- ==
-- error: import_cycle_b\.fut:5:8: import cycle: \S*import_cycle_a\.fut -> \S*import_cycle_b\.fut -> \S*import_cycle_a\.fut

import "import_cycle_b"

def main = 1i32
