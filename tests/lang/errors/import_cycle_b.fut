-- Two files that import each other (the other half of import_cycle_a).
-- ==
-- error: import_cycle_a\.fut:5:8: import cycle: \S*import_cycle_b\.fut -> \S*import_cycle_a\.fut -> \S*import_cycle_b\.fut

import "import_cycle_a"

def main = 2i32
