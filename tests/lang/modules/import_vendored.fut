-- Importing a vendored lib/github.com/<owner>/<repo>/file.fut package and instantiating its functor with f64.
-- ==
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { 32.0 [6.0, 9.0, 12.0] [3.0, 6.0, 9.0] [0.0, 0.0] [1.0, 1.0, 1.0] 7.0 }

import "lib/github.com/example/vspace/vspace"

module V = mk_vector_space f64

def main [n] (a: [n]f64) (b: [n]f64) =
  let va = V.from_array a
  let vb = V.from_array b
  let w = witness_of a
  in ( V.dot va vb
     , V.to_array (V.axpy 2 va vb)
     , V.to_array (V.scale 3 va)
     , V.to_array (V.zero 2)
     , ones_for w
     , V.(i64 3 + i64 4)
     )
