-- Geometry functions for the import tests; reaches a sibling directory through "..".

import "../shared/constants"

type vec2 = (f64, f64)

def norm ((x, y): vec2) : f64 = f64.sqrt (x * x + y * y)

def scaled (k: f64) : f64 = k * unit_scale

def make_token (x: i32) : token.t = token.mk x

-- An entry point in an imported file is an ordinary function.
entry doubled (x: f64) : f64 = x * 2
