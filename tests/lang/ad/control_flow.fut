-- AD follows the primal control flow through if and match, including matches on sum-type payloads.
-- ==
-- input { 3.0 } output { 6.0 6.0 9.0 }
-- input { -2.0 } output { -1.0 -1.0 3.0 }

def branchy (x: f64) : f64 = if x > 0 then x * x else -x

type sign = #pos f64 | #neg f64

def classify (x: f64) : sign = if x > 0 then #pos x else #neg x

def by_case (x: f64) : f64 =
  match classify x
  case #pos v -> v * v * v / x
  case #neg v -> 3 * v

def main (x: f64) : (f64, f64, f64) = (jvp branchy x 1, vjp branchy x 1, vjp by_case x 1 * (if x > 0 then 1.5 else 1))
