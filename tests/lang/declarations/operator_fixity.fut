-- User operators take the fixity of their longest built-in prefix (LANGUAGE.md §2.4, §7.3).
-- ==
-- input { 10 3 } output { 16 14 7 4 13 true false true 15 20 14 }

def (a: i32) **. (b: i32) : i32 = a - b
def (a: i32) *. (b: i32) : i32 = a - b
def (a: i32) +^ (b: i32) : i32 = a - b
def (a: i32) <<. (b: i32) : i32 = a - b
def (a: i32) &. (b: i32) : i32 = a - b
def (a: i32) ==. (b: i32) : bool = a == b
def (a: i32) !== (b: i32) : bool = a != b
def (a: bool) &&. (b: bool) : bool = a && b
def (a: bool) ||. (b: bool) : bool = a != b
def (x: i32) |>> (f: i32 -> i32) : i32 = f (f x)
def (f: i32 -> i32) <|< (x: i32) : i32 = f (f x)

def main (x: i32) (y: i32) =
  ( 2 * x **. 2                 -- 2 * (10 - 2)
  , 20 - x *. y + 1             -- (20 - 7) + 1
  , 20 - x <<. y                -- (20 - 10) - 3
  , x +^ y * 2                  -- 10 - 6
  , 1 << 4 &. y                 -- 16 - 3
  , 1 | 2 ==. y                 -- (1 | 2) == 3
  , x + 1 !== 11                -- 11 != 11
  , true ||. true &&. false     -- true xor (true && false)
  , x - 5 |>> (+ 5)             -- (+5) ((+5) 5)
  , 3 |>> (+ 1) |>> (* 2)        -- (3 |>> (+1)) |>> (*2)
  , (+ 1) <|< (* 2) <|< y       -- (+1) <|< ((*2) <|< 3)
  )
