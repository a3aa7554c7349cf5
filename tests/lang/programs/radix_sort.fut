-- A small complete program: least-significant-digit radix sort by bits, using scan and scatter.
-- ==
-- input { [5u32, 2, 7, 0, 3, 6] 3 } output { [0u32, 2u32, 3u32, 5u32, 6u32, 7u32] }
-- input { [9u32, 1, 8, 1] 4 } output { [1u32, 1u32, 8u32, 9u32] }
-- input { empty([0]u32) 4 } output { empty([0]u32) }

def split_bit [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (\x -> i64.u32 ((x >> u32.i32 b) & 1)) xs
  let zeros = map (1 -) bits
  let zero_pos = map2 (-) (scan (+) 0 zeros) zeros
  let num_zeros = i64.sum zeros
  let one_pos = map2 (-) (scan (+) 0 bits) bits |> map (+ num_zeros)
  let dest = map3 (\bit zp op -> if bit == 0 then zp else op) bits zero_pos one_pos
  in scatter (copy xs) dest xs

def main [n] (xs: [n]u32) (nbits: i32) : [n]u32 =
  loop xs for b < nbits do split_bit b xs
