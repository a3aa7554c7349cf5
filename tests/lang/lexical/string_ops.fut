-- Strings are ordinary u8 arrays: equality, concatenation, indexing and mapping.
-- ==
-- input { 0u8 } output { true false [104u8, 105u8, 33u8] 105u8 [72u8, 73u8] 3i64 }

def upper (c: u8) : u8 = if c >= 'a' && c <= 'z' then c - 32 else c

def main (k: u8) =
  ( "abc" == "abc"
  , "abc" == "abd"
  , "hi" ++ "!"
  , ("hi")[1] + k
  , map upper "hi"
  , length ("a" ++ "\t\"")
  )
