-- Derivatives of gamma and lgamma through digamma and trigamma
-- (LANGUAGE.md §14.4 lets an implementation use ψ). Expected values are
-- closed forms: ψ(1) = -γ, ψ(1/2) = -γ - 2 ln 2, ψ(4) = -γ + 1 + 1/2 + 1/3,
-- Γ'(x) = Γ(x) ψ(x), ψ'(1) = π²/6, ψ'(1/2) = π²/2.
-- ==
-- entry: dlgamma
-- input { 1.0 } output { -0.5772156649015329 }
-- input { 0.5 } output { -1.9635100260214235 }
-- input { 4.0 } output { 1.2561176684318005 }

entry dlgamma (x: f64) : f64 = jvp f64.lgamma x 1

-- ==
-- entry: grad_gamma
-- input { 0.5 } output { -3.480230906913262 }
-- input { 1.0 } output { -0.5772156649015329 }

entry grad_gamma (x: f64) : f64 = vjp f64.gamma x 1

-- ==
-- entry: d2lgamma
-- input { 1.0 } output { 1.6449340668482264 }
-- input { 0.5 } output { 4.934802200544679 }

entry d2lgamma (x: f64) : f64 = jvp (\y -> vjp f64.lgamma y 1) x 1

-- ==
-- entry: grad_lgamma_f32
-- input { [1f32, 0.5f32, 4f32] } output { [-0.5772157f32, -1.9635100f32, 1.2561177f32] }

entry grad_lgamma_f32 [n] (xs: [n]f32) : [n]f32 = vjp (\xs -> f32.sum (map f32.lgamma xs)) xs 1
