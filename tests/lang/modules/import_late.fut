-- import may appear after other declarations, and the same file may be imported more than once.
-- ==
-- input { 2.0 } output { 3.0 20.0 }

def early (x: f64) = x + 1

import "imported/geometry"
import "imported/geometry"

module again = import "imported/geometry"

def main (x: f64) = (early x, again.scaled (x / 2) + scaled (x / 2))
