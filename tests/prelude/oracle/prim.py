"""Reference semantics of Fluxion's primitive types (LANGUAGE.md §8),
written from the specification and independent of the Go implementation.
Used by numeric.py to compute the expected outputs of the tests."""

import math
import struct

INTS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
FLOATS = ["f16", "f32", "f64"]


def bits(t):
    return int(t[1:])


def signed(t):
    return t[0] == "i"


def wrap(v, t):
    """Reduce the integer v modulo 2**bits into the range of t."""
    n = bits(t)
    v &= (1 << n) - 1
    if signed(t) and v >= 1 << (n - 1):
        v -= 1 << n
    return v


def pattern(v, t):
    """The bit pattern of v as an unsigned number."""
    return v & ((1 << bits(t)) - 1)


def lowest(t):
    return -(1 << (bits(t) - 1)) if signed(t) else 0


def highest(t):
    return (1 << (bits(t) - 1)) - 1 if signed(t) else (1 << bits(t)) - 1


def floor_div(x, y):
    return x // y


def floor_mod(x, y):
    return x % y


def trunc_div(x, y):
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y >= 0) else -q


def trunc_rem(x, y):
    return x - y * trunc_div(x, y)


def ipow(x, y, t):
    return wrap(pow(x, y, 1 << bits(t)), t)


def shl(x, y, t):
    return wrap(x << y, t)


def shr_builtin(x, y, t):
    # Arithmetic for signed (Python's >> on negative numbers), logical for
    # unsigned (the value is non-negative).
    return wrap(x >> y, t)


def shr_arith_pattern(x, y, t):
    # The unsigned modules' >> member: arithmetic shift of the bit pattern.
    s = "i" + t[1:]
    return wrap(wrap(x, s) >> y, t)


def lshr(x, y, t):
    return wrap(pattern(x, t) >> y, t)


def popc(x, t):
    return bin(pattern(x, t)).count("1")


def clz(x, t):
    p = pattern(x, t)
    return bits(t) - p.bit_length()


def ctz(x, t):
    p = pattern(x, t)
    if p == 0:
        return bits(t)
    return (p & -p).bit_length() - 1


def mul_hi(x, y, t):
    return wrap((x * y) >> bits(t), t)


def sgn(x):
    return (x > 0) - (x < 0)


def conv_int(v, src, dst):
    """§8.6: sign-extend only if both are signed, else zero-extend; then
    keep the low bits."""
    if signed(src) and signed(dst):
        return wrap(v, dst)
    return wrap(pattern(v, src), dst)


def round_float(x, t):
    """Round a Python float (a double) to type t."""
    if t == "f64":
        return x
    fmt = "<e" if t == "f16" else "<f"
    try:
        return struct.unpack(fmt, struct.pack(fmt, x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def float_to_int(x, dst):
    """§8.6: truncate toward zero; NaN and infinities give 0; unsigned
    targets go through the signed type of the same width."""
    if math.isnan(x) or math.isinf(x):
        return 0
    return wrap(int(x), dst)


def to_bits(x, t):
    fmt = {"f16": ("<e", "<H"), "f32": ("<f", "<I"), "f64": ("<d", "<Q")}[t]
    return struct.unpack(fmt[1], struct.pack(fmt[0], x))[0]


def from_bits(b, t):
    fmt = {"f16": ("<e", "<H"), "f32": ("<f", "<I"), "f64": ("<d", "<Q")}[t]
    return struct.unpack(fmt[0], struct.pack(fmt[1], b))[0]


def fmt_value(v, t):
    """A scalar in the textual value format (FORMATS.md §1)."""
    if t == "bool":
        return "true" if v else "false"
    if t in INTS:
        return "%d%s" % (v, t)
    if math.isnan(v):
        return "%s.nan" % t
    if math.isinf(v):
        return ("-" if v < 0 else "") + "%s.inf" % t
    if v == 0:
        return ("-0.0" if math.copysign(1, v) < 0 else "0.0") + t
    digits = 17 if t == "f64" else 9
    return ("%%.%dg" % digits) % v + t


def fmt_array(vs, t):
    if not vs:
        return "empty([0]%s)" % t
    return "[" + ", ".join(fmt_value(v, t) for v in vs) + "]"
