-- GradBench's hello module: square and its derivative by reverse-mode AD.

def sq (x: f64) : f64 = x * x

-- ==
-- entry: square
-- input { 1.5 } output { 2.25 }
-- input { -3.0 } output { 9.0 }
entry square (x: f64) : f64 = sq x

-- ==
-- entry: double
-- input { 2.25 } output { 4.5 }
-- input { -3.0 } output { -6.0 }
entry double (x: f64) : f64 = vjp sq x 1.0
