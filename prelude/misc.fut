-- | Miscellaneous top-level functions (LANGUAGE.md §13.6).

def r32 (x: i32) : f32 = __conv_i32_f32 x

def t32 (x: f32) : i32 = __conv_f32_i32 x

def r64 (x: i32) : f64 = __conv_i32_f64 x

def t64 (x: f64) : i32 = __conv_f64_i32 x

def not (x: bool) : bool = !x

def opaque 't (x: t) : t = x

def trace 't (x: t) : t = __trace x

def break 't (x: t) : t = x
