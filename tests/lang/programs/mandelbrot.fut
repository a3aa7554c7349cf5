-- A small complete program: Mandelbrot escape counts with a while loop inside map.
-- ==
-- input { [-2.0, -1.0, 0.0, 0.3, 0.5, 1.0] 20 } output { [20, 20, 20, 12, 5, 3] }

def escape (limit: i32) (cr: f64) (ci: f64) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0.0, 0.0, 0) while i < limit && zr * zr + zi * zi <= 4.0 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

def main (xs: []f64) (limit: i32) : []i32 = map (\x -> escape limit x 0) xs
