-- open import re-exports names; a file imported along two paths is loaded once, so its abstract type is shared.
-- ==
-- input { 2.0 4 } output { 200.0 20.0 41 }

import "imported/reexport"
import "imported/geometry"

def main (x: f64) (k: i32) : (f64, f64, id_t) =
  (scale_twice x, x * unit_scale, token.get (make_token k))
