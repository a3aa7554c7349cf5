-- A while loop nested in a for loop updating an array in place (sieve of Eratosthenes).
-- ==
-- input { 30i64 } output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 2i64 } output { empty([0]i64) }

def main (n: i64) : []i64 =
  let is_prime = replicate n true
  let is_prime = if n > 0 then is_prime with [0] = false else is_prime
  let is_prime = if n > 1 then is_prime with [1] = false else is_prime
  let is_prime =
    loop is_prime for i < n do
      if is_prime[i] then
        let (is_prime, _) =
          loop (is_prime, j) = (is_prime, i * i) while j < n do
            (is_prime with [j] = false, j + i)
        in is_prime
      else is_prime
  in filter (\i -> is_prime[i]) (iota n)
