-- module M = import "file" binds a file's contents as a module.
-- ==
-- input { 6.0 8.0 } output { 10.0 60.0 }

module G = import "imported/geometry"

def main (x: f64) (y: f64) =
  let v : G.vec2 = (x, y)
  in (G.norm v, G.scaled x)
