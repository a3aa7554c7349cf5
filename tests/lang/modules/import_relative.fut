-- import "dir/file" is relative to the importing file; imported entries are ordinary functions.
-- ==
-- input { 3.0 4.0 } output { 5.0 30.0 8.0 }

import "imported/geometry"

def main (x: f64) (y: f64) = (norm (x, y), scaled x, doubled y)
