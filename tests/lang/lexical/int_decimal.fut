-- Decimal integer literals, leading zeros and underscores; unsuffixed ones default to i32.
-- ==
-- input { 1 } output { 42 7 1000000 123456 0 }
-- input { 2 } output { 84 14 2000000 246912 0 }

def main (k: i32) =
  (42 * k, 007 * k, 1_000_000 * k, 12_34_56 * k, 0 * k)
