-- with_vjp and with_vjp_tape: the primal value is f x, but reverse mode
-- uses the supplied derivative, which here differs from the true one.
-- ==
-- entry: with_vjp_test
-- input { 3.0 1.0 } output { 9.0 9.0 }
-- input { 3.0 2.0 } output { 9.0 18.0 }

entry with_vjp_test (x: f64) (dy: f64) : (f64, f64) =
  -- The custom derivative receives f x (here 9), not x.
  let g = with_vjp (\v -> v * v) (\y d -> y * d)
  in (g x, vjp g x dy)

-- ==
-- entry: with_vjp_tape_test
-- input { 3.0 1.0 } output { 9.0 103.0 }
-- input { 3.0 2.0 } output { 9.0 206.0 }

entry with_vjp_tape_test (x: f64) (dy: f64) : (f64, f64) =
  let g = with_vjp_tape (\v -> (v + 100, v * v)) (\(tape, d) -> tape * d)
  in (g x, vjp g x dy)

-- Forward mode differentiates with_vjp as if it were just f (§14.5).
-- ==
-- entry: with_vjp_forward
-- input { 3.0 1.0 } output { 6.0 }

entry with_vjp_forward (x: f64) (dx: f64) : f64 =
  jvp (with_vjp (\v -> v * v) (\y d -> y * d)) x dx
