-- Non-ASCII UTF-8 text in comments and strings (π ≈ 3.14, naïve, 日本) is accepted.
-- ==
-- input { 2.0 } output { 6.283185307179586 3i64 }

-- The circumference of a circle: 2·π·r — with UTF-8 in a comment.
def circumference (r: f64) = 2 * f64.pi * r -- r ≥ 0

def main (r: f64) = (circumference (r / 2) * 2 / 2, length "日")
