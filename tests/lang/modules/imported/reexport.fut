-- Re-exports the shared constants with open import.

open import "../shared/constants"

def scale_twice (x: f64) : f64 = x * unit_scale * unit_scale
