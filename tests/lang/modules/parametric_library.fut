-- A library of functors over a parametric module type (`type vec 'a`, a
-- `module V: vec` spec, `include ... with`), refined in a functor parameter.
-- ==
-- input { [1.0, 2.0, 3.0] [4.0, -1.0, 0.5] }
-- output { 3.5 [5.0, 1.0, 3.5] [2.0, 4.0, 6.0] 14.0 -11.0 [3.0, 6.0] }

import "lib/github.com/example/vecs/space"
import "lib/github.com/example/vecs/vec"

module two = append single single
module three = append two single
module s3 = mk_vspace three f64
module p = mk_plane f64

-- A functor whose parameter refines the module type.
module norms (S: vspace with real = f64) = {
  def norm2 (v: S.vector) = S.dot v v
}
module n3 = norms s3

def main (a: [3]f64) (b: [3]f64) =
  let va = s3.V.from_array (a :> [s3.V.len]f64)
  let vb = s3.V.from_array (b :> [s3.V.len]f64)
  let u = {x = 1.0, y = 2.0}
  let w : p.vector = {x = 3.0, y = -5.0}
  in ( s3.dot va vb
     , s3.to_array (s3.add va vb)
     , s3.V.to_array (s3.scale 2 va)
     , n3.norm2 va
     , p.cross u w
     , [(p.scale 3 u).x, (p.scale 3 u).y]
     )
