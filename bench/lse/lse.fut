-- log-sum-exp (GradBench `lse`): primal(x) = A + log(sum(exp(x - A))) with
-- A = max(x), and its gradient (softmax) by reverse-mode AD.
-- Expected outputs below were computed with the Go oracle in bench/oracle.
-- ==
-- entry: primal
-- input { [1.0, 2.0, 3.0] } output { 3.4076059644443806 }
-- input { [-5.0, 0.5, 0.25, 7.0] } output { 7.0026768769918304 }
-- "n=2500" notest random input { [2500]f64 }
-- "n=40000" notest random input { [40000]f64 }
-- "n=1280000" notest random input { [1280000]f64 }

def lse [n] (x: [n]f64) : f64 =
  let a = f64.maximum x
  in a + f64.log (f64.sum (map (\xi -> f64.exp (xi - a)) x))

entry primal [n] (x: [n]f64) : f64 = lse x

-- ==
-- entry: gradient
-- input { [1.0, 2.0, 3.0] }
-- output { [0.09003057317038046, 0.24472847105479764, 0.6652409557748218] }
-- "n=2500" notest random input { [2500]f64 }
-- "n=40000" notest random input { [40000]f64 }
-- "n=1280000" notest random input { [1280000]f64 }

entry gradient [n] (x: [n]f64) : [n]f64 = vjp lse x 1.0
