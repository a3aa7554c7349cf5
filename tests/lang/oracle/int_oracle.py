#!/usr/bin/env python3
"""Independent oracle for the integer semantics tests in tests/lang/semantics.

Recomputes the expected outputs with Python's unbounded integers plus
explicit wrap-around, and checks that each computed case appears verbatim in
the test blocks. Run: python3 tests/lang/oracle/int_oracle.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = {"i8": (8, True), "i16": (16, True), "i32": (32, True), "i64": (64, True),
         "u8": (8, False), "u16": (16, False), "u32": (32, False), "u64": (64, False)}
bad = 0


def wrap(v, t):
    bits, signed = TYPES[t]
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def fmt(v, t):
    if t == "bool":
        return "true" if v else "false"
    v = wrap(v, t)
    return str(v) if t == "i32" else "%d%s" % (v, t)


def fdiv(x, y, t):
    return wrap(x // y, t)


def fmod(x, y, t):
    return wrap(x - (x // y) * y, t)


def tdiv(x, y, t):
    q = abs(x) // abs(y)
    return wrap(q if (x >= 0) == (y >= 0) else -q, t)


def tmod(x, y, t):
    return wrap(x - tdiv(x, y, t) * y, t)


def blocks_text(path):
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    body = [l[2:] for l in lines if l.startswith("--")]
    return " ".join(" ".join(body).split())


def expect(path, inputs, outputs):
    global bad
    text = blocks_text(path)
    case = "input { %s } output { %s }" % (" ".join(inputs), " ".join(outputs))
    ok = case in text
    if not ok:
        bad += 1
    print("%s %s: %s" % ("ok " if ok else "BAD", path, case))


def shl(x, k, t):
    return wrap(x << k, t)


def ashr(x, k, t):
    return wrap(wrap(x, t) >> k, t)  # Python >> on a signed value is arithmetic


def lshr(x, k, t):
    bits, _ = TYPES[t]
    return wrap((x & ((1 << bits) - 1)) >> k, t)


def ashr_bits(x, k, t):
    """Arithmetic shift of the bit pattern, whatever the signedness (the unsigned modules' >>)."""
    bits, _ = TYPES[t]
    s = wrap(x, "i%d" % bits)
    return wrap(s >> k, t)


# int_division.fut
for t, x, y in [("i32", 7, 2), ("i32", -7, 2), ("i32", 7, -2), ("i32", -7, -2), ("i32", 6, 3), ("i32", -6, 3),
                ("i8", -7, 2), ("i8", -128, -1), ("i64", -2 ** 63, -1), ("i64", 100000000000, -7),
                ("u8", 250, 7), ("u8", 255, 2)]:
    expect("semantics/int_division.fut", [fmt(x, t), fmt(y, t)],
           [fmt(fdiv(x, y, t), t), fmt(fmod(x, y, t), t), fmt(tdiv(x, y, t), t), fmt(tmod(x, y, t), t)])

# wraparound.fut
expect("semantics/wraparound.fut", ["127i8", "1500000000", "0u8", "3000000000i64", "-2147483648"],
       [fmt(127 + 1, "i8"), fmt(1500000000 * 2, "i32"), fmt(0 - 1, "u8"), fmt(3000000000 * 4, "i64"),
        fmt(2 ** 31, "i32"), fmt(-2 ** 31 - 1, "i32"), fmt(2 ** 64, "u64"), fmt(32768, "i16")])

# int_power.fut
for x, y in [(3, 40), (2, 10), (0, 0), (-3, 3), (2, 31)]:
    expect("semantics/int_power.fut", [fmt(x, "i32"), fmt(y, "i32")], [fmt(x ** y, "i32")])
for x, y in [(2, 8), (3, 4)]:
    expect("semantics/int_power.fut", [fmt(x, "u8"), fmt(y, "u8")], [fmt(x ** y, "u8")])

# shifts.fut
for x, k in [(-16, 2), (5, 2), (1, 31)]:
    expect("semantics/shifts.fut", [fmt(x, "i32"), fmt(k, "i32")],
           [fmt(ashr(x, k, "i32"), "i32"), fmt(shl(x, k, "i32"), "i32"), fmt(lshr(x, k, "i32"), "i32")])
for x, k in [(4294967280, 4), (16, 2)]:
    t = "u32"
    expect("semantics/shifts.fut", [fmt(x, t), fmt(k, t)],
           [fmt(lshr(x, k, t), t), fmt(shl(x, k, t), t), fmt(lshr(x, k, t), t), fmt(ashr_bits(x, k, t), t)])
expect("semantics/shifts.fut", ["128u8", "-128i8"],
       [fmt(lshr(128, 7, "u8"), "u8"), fmt(ashr(-128, 7, "i8"), "i8"), fmt(shl(128, 1, "u8"), "u8"),
        fmt(shl(-128, 1, "i8"), "i8")])


def conv(v, src, dst):
    """Integer conversion: sign-extend only signed to signed, else zero-extend; then truncate."""
    bits, signed = TYPES[src]
    v = wrap(v, src)
    if not (signed and TYPES[dst][1]):
        v &= (1 << bits) - 1
    return wrap(v, dst)


# int_conversions.fut
s, u, w = -1, 200, 70000
expect("semantics/int_conversions.fut", ["-1i8", "200u8", "70000i64"],
       [fmt(conv(s, "i8", "i64"), "i64"), fmt(conv(u, "u8", "i64"), "i64"), fmt(conv(s, "i8", "u32"), "u32"),
        fmt(conv(s, "i8", "u8"), "u8"), fmt(conv(u, "u8", "i8"), "i8"), fmt(conv(w, "i64", "i16"), "i16"),
        fmt(conv(u, "u8", "i32"), "i32"), fmt(conv(conv(s, "i8", "i32"), "i32", "u64"), "u64"),
        fmt(conv(conv(s, "i8", "i64"), "i64", "i32"), "i32"), fmt(conv(w - 69873, "i64", "i8"), "i8")])


def popc(v, t):
    return bin(v & ((1 << TYPES[t][0]) - 1)).count("1")


def clz(v, t):
    bits = TYPES[t][0]
    v &= (1 << bits) - 1
    return bits - v.bit_length()


def ctz(v, t):
    bits = TYPES[t][0]
    v &= (1 << bits) - 1
    if v == 0:
        return bits
    return (v & -v).bit_length() - 1


def mul_hi(a, b, t):
    bits, _ = TYPES[t]
    return wrap((wrap(a, t) * wrap(b, t)) >> bits, t)


# bitwise.fut
x, y = 10, 12
expect("semantics/bitwise.fut", ["10", "12"],
       [fmt(x & y, "i32"), fmt(x | y, "i32"), fmt(x ^ y, "i32"), fmt(~x, "i32"), fmt(popc(x, "i32"), "i32"),
        fmt(clz(x, "i32"), "i32"), fmt(ctz(y, "i32"), "i32"), fmt((x >> 3) & 1, "i32"), fmt(x | 1, "i32"),
        fmt(x & ~2, "i32"), fmt(clz(1, "i32"), "i32"), fmt(popc(-1, "i32"), "i32"), "32",
        fmt(ctz(0, "i32") - 32, "i32")])
expect("semantics/bitwise.fut", ["100000", "100000", "4294967295u32"],
       [fmt(mul_hi(100000, 100000, "i32"), "i32"), fmt(mul_hi(-1, 1, "i32"), "i32"),
        fmt(mul_hi(2 ** 32 - 1, 2 ** 32 - 1, "u32"), "u32"), fmt(mul_hi(100000, 100000, "i32") + 5, "i32")])

# unsigned.fut
a, b, c = 200, 100, 2 ** 32 - 1
expect("semantics/unsigned.fut", ["200u8", "100u8", "4294967295u32"],
       [fmt(a > b, "bool"), fmt(a + b, "u8"), fmt(b - a, "u8"), fmt(a // b, "u8"), fmt(b // a, "u8"),
        fmt(c > 0, "bool"), fmt(c * 2, "u32"), fmt(c // 2, "u32"), fmt(c * c + 2 * c, "u64")])

# ad/integers.fut: wrap-around of the tangent 3000 * 1000000
expect("ad/integers.fut", ["5", "3000"], [fmt(3000 * 1000000, "i32")])

print("%d mismatches" % bad)
sys.exit(1 if bad else 0)
