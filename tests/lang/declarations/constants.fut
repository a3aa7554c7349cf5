-- Top-level constants, including ones defined from other constants and prelude members.
-- ==
-- input { 1.0 } output { 7.283185307179586 100 }

def tau : f64 = 2 * f64.pi
def hundred = 10 * 10
def table = [hundred, hundred + 1]

def main (x: f64) = (tau + x, table[0])
