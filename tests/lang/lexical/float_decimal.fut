-- Decimal float literals: fractions, exponents of both letter cases and signs; they default to f64.
-- ==
-- input { 1.0 } output { 3.5 0.001 2.0e10 6.02e23 1000.25 0.5 }
-- input { 2.0 } output { 7.0 0.002 4.0e10 1.204e24 2000.5 1.0 }

def main (k: f64) =
  (3.5 * k, 1e-3 * k, 2E+10 * k, 6.02e23 * k, 1_000.25 * k, 5e-1 * k)
