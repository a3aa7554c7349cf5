-- Forward derivatives of the elementary functions of LANGUAGE.md §14.4 at x = 0.7 (oracle/ad_oracle.py).
-- ==
-- entry: roots_logs
-- input { 0.7 }
-- output { 0.5976143046671968 -0.8537347209531384 0.42281142940123845 2.0137527074704766 1.4285714285714286 2.060992915555662 0.620420688433217 0.5882352941176471 }

entry roots_logs (x: f64) =
  ( jvp f64.sqrt x 1, jvp f64.rsqrt x 1, jvp f64.cbrt x 1, jvp f64.exp x 1
  , jvp f64.log x 1, jvp f64.log2 x 1, jvp f64.log10 x 1, jvp f64.log1p x 1 )

-- ==
-- entry: trig
-- input { 0.7 }
-- output { 0.7648421872844885 -0.644217687237691 1.709449715863117 1.4002800840280099 -1.4002800840280099 0.6711409395973155 -1.8465818304904564 -2.5416018461576297 }

entry trig (x: f64) =
  ( jvp f64.sin x 1, jvp f64.cos x 1, jvp f64.tan x 1, jvp f64.asin x 1
  , jvp f64.acos x 1, jvp f64.atan x 1, jvp f64.sinpi x 1, jvp f64.cospi x 1 )

-- ==
-- entry: hyperbolic
-- input { 0.7 }
-- output { 1.255169005630943 0.7585837018395334 0.6347395899824584 0.8192319205190405 0.7273929674533081 1.9607843137254901 0.6912748604105386 -0.6912748604105386 }

entry hyperbolic (x: f64) =
  ( jvp f64.sinh x 1, jvp f64.cosh x 1, jvp f64.tanh x 1, jvp f64.asinh x 1
  , jvp (\x -> f64.acosh (x + 1)) x 1, jvp f64.atanh x 1, jvp f64.erf x 1, jvp f64.erfc x 1 )

-- ==
-- entry: piecewise
-- input { 0.7 } output { -1.0 0.0 0.0 0.0 0.0 0.0 1.0 0.0 }

entry piecewise (x: f64) =
  ( jvp (\x -> f64.abs (-x)) x (-1), jvp f64.abs 0 1, jvp f64.sgn x 1, jvp f64.floor x 1
  , jvp f64.ceil x 1, jvp f64.round x 1, jvp f64.trunc x 1 + jvp (\x -> f64.min 5 x) x 1
  , jvp (\x -> f64.max 5 x) x 1 )

-- ==
-- entry: binary
-- input { 1.3 0.7 }
-- output { 0.3211009174311926 -0.5963302752293578 0.8804710999221753 0.4740998230350174 0.6470160206962051 0.31525721011319385 -1.2244897959183676 }

entry binary (y: f64) (x: f64) =
  ( jvp (\a -> f64.atan2 a x) y 1, jvp (\b -> f64.atan2 y b) x 1
  , jvp (\a -> f64.hypot a x) y 1, jvp (\b -> f64.hypot y b) x 1
  , jvp (\a -> a ** x) y 1, jvp (\b -> y ** b) x 1
  , jvp (\(a, b) -> a / b) (y, x) (1, 1) )

-- ==
-- entry: ternary
-- input { 2.0 3.0 4.0 } output { 6.0 6.0 17.25 2.0 1.0 }

entry ternary (a: f64) (b: f64) (c: f64) =
  ( jvp (\(a, b, c) -> f64.fma a b c) (a, b, c) (1, 1, 1)
  , jvp (\(a, b, c) -> f64.mad a b c) (a, b, c) (1, 1, 1)
  , jvp (\(v0, v1, t) -> f64.lerp v0 v1 t) (1, 5, 0.25) (1, 2, 4)
  , jvp (\t -> f64.lerp a b t) 0.5 2
  , vjp (\v -> f64.copysign v 1) (-3) 1 )
