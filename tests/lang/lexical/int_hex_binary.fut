-- Hexadecimal and binary integer literals in both letter cases and with underscores.
-- ==
-- input { 0 } output { 255 171 65535 10 3 170 }
-- input { 1 } output { 256 172 65536 11 4 171 }

def main (k: i32) =
  (0xff + k, 0XAb + k, 0xFF_FF + k, 0b1010 + k, 0B11 + k, 0b1010_1010 + k)
