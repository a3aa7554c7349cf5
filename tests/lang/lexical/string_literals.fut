-- String literals are [n]u8 arrays of UTF-8 bytes; escapes and "--" inside strings.
-- ==
-- input { 0u8 } output { [104u8, 105u8] [97u8, 45u8, 45u8, 98u8] [34u8, 10u8, 92u8] 2i64 [195u8, 169u8] }
-- input { 1u8 } output { [105u8, 106u8] [97u8, 45u8, 45u8, 98u8] [34u8, 10u8, 92u8] 2i64 [195u8, 169u8] }

def main (k: u8) =
  (map (+ k) "hi", "a--b", "\"\n\\", length "é", "é")
