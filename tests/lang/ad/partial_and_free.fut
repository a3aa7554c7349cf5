-- Differentiating partial applications, sections and compositions; free variables are constants.
-- ==
-- entry: partial
-- input { 2.0 } output { 12.0 12.0 }

def g (a: f64) (x: f64) : f64 = a * x * x

entry partial (x: f64) : (f64, f64) = (jvp (g 3) x 1, vjp (g 3) x 1)

-- ==
-- entry: free_var
-- input { 1.5 4.0 } output { 3.0 0.0 }

entry free_var (x: f64) (y: f64) : (f64, f64) =
  let c = x * 2
  in (vjp (\y -> c * y) y 1, jvp (\_ -> c * y) x 1)

-- ==
-- entry: sections
-- input { 3.0 } output { 5.0 5.545177444479562 -1.0 }

entry sections (x: f64) : (f64, f64, f64) =
  (vjp (* 5) x 1, jvp (2 **) x 1, jvp (10 -) x 1)

-- ==
-- entry: composed
-- input { 0.5 } output { 1.4174242246593913 }

entry composed (x: f64) : f64 = jvp (f64.sin >-> f64.exp) x 1

-- Point-free entry points: the AD operator's remaining arguments become parameters.
-- ==
-- entry: dsin32
-- input { 0.0f32 2.0f32 } output { 2.0f32 }

entry dsin32 = jvp f32.sin

-- ==
-- entry: grad_sum
-- input { [1.0, 2.0] 3.0 } output { [3.0, 3.0] }

def total [n] (xs: [n]f64) : f64 = f64.sum xs

entry grad_sum = vjp total
