"""Writes the numeric-module test programs of tests/prelude whose expected
outputs are computed here, from prim.py, rather than by hand.

Run from the repository root:  python3 tests/prelude/oracle/numeric.py
The generated files are committed; CI does not run this script."""

import itertools
import math
import os

from prim import *

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def samples(t):
    """Values of integer type t that exercise signs, limits and wrapping."""
    if signed(t):
        return [0, 1, -1, 2, -7, 7, highest(t), lowest(t), lowest(t) + 1, 100, -100]
    return [0, 1, 2, 7, highest(t), highest(t) - 1, 1 << (bits(t) - 1), 200]


def pairs(t, nonzero_y=False):
    vs = samples(t)
    ps = [(x, y) for x, y in itertools.product(vs, vs) if not (nonzero_y and y == 0)]
    return [p[0] for p in ps], [p[1] for p in ps]


class File:
    def __init__(self, name, description):
        self.name = name
        self.parts = ["-- %s\n-- Expected outputs computed by oracle/numeric.py from the rules of\n"
                      "-- LANGUAGE.md §8 and §13.8.\n" % description]

    def entry(self, source, cases):
        """cases: list of (inputs, outputs) strings; outputs may be
        'error: regex'."""
        name = source.split()[1]
        lines = ["-- ==", "-- entry: " + name]
        for inp, out in cases:
            lines.append("-- input { %s }" % inp)
            if out.startswith("error:"):
                lines.append("-- " + out)
            else:
                lines.append("-- output { %s }" % out)
        self.parts.append("\n".join(lines) + "\n" + source.rstrip() + "\n")

    def write(self):
        with open(os.path.join(OUT, self.name), "w") as f:
            f.write("\n".join(self.parts))


def arr(vs, t):
    return fmt_array(vs, t)


def write_int_arith():
    f = File("int_arith.fut", "Wrap-around + - * and neg of the integer modules.")
    for t in INTS:
        xs, ys = pairs(t)
        out = " ".join([
            arr([wrap(x + y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(x - y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(x * y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(-x, t) for x in xs], t),
        ])
        f.entry("entry arith_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s.+) xs ys, map2 (%s.-) xs ys, map2 (%s.*) xs ys, map %s.neg xs)\n"
                % (t, t, t, t, t, t, t),
                [(arr(xs, t) + " " + arr(ys, t), out)])
    f.write()


def write_int_pow():
    f = File("int_pow.fut", "Integer ** (repeated multiplication with wrap-around).")
    for t in INTS:
        xs = [x for x in samples(t)]
        es = [0, 1, 2, 3, 7, 8, 31, 63]
        px = [x for x in xs for _ in es]
        pe = [e for _ in xs for e in es]
        cases = [(arr(px, t) + " " + arr(pe, t), arr([ipow(x, e, t) for x, e in zip(px, pe)], t))]
        if signed(t):
            cases.append(("[2%s] [-1%s]" % (t, t), "error: negative exponent"))
        f.entry("entry pow_%s (xs: []%s) (es: []%s) = map2 (%s.**) xs es\n" % (t, t, t, t), cases)
    f.write()


def write_int_division():
    f = File("int_division.fut",
             "Integer / % (floor) and // %% (truncating) of the modules, the table\n-- of §8.2, "
             "lowest / -1, and division by zero.")
    for t in INTS:
        xs, ys = pairs(t, nonzero_y=True)
        out = " ".join([
            arr([wrap(floor_div(x, y), t) for x, y in zip(xs, ys)], t),
            arr([wrap(floor_mod(x, y), t) for x, y in zip(xs, ys)], t),
            arr([wrap(trunc_div(x, y), t) for x, y in zip(xs, ys)], t),
            arr([wrap(trunc_rem(x, y), t) for x, y in zip(xs, ys)], t),
        ])
        f.entry("entry div_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s./) xs ys, map2 (%s.%%) xs ys, map2 (%s.//) xs ys, map2 (%s.%%%%) xs ys)\n"
                % (t, t, t, t, t, t, t),
                [(arr(xs, t) + " " + arr(ys, t), out)])
    for op, name in [("/", "div"), ("%", "mod"), ("//", "quot"), ("%%", "rem")]:
        f.entry("entry %s_by_zero (x: i32) (y: i32) : i32 = x i32.%s y\n" % (name, op),
                [("7 0", "error: division by zero"), ("-7 2", fmt_value(
                    {"div": floor_div, "mod": floor_mod, "quot": trunc_div, "rem": trunc_rem}[name](-7, 2),
                    "i32"))])
    f.entry("entry u8_div_by_zero (x: u8) (y: u8) : u8 = x u8./ y\n",
            [("7u8 0u8", "error: division by zero")])
    f.write()


def write_int_shifts():
    f = File("int_shifts.fut",
             "Shifts: <<, the modules' >> (arithmetic on the bit pattern, also for\n-- unsigned "
             "types), >>> (logical), and the built-in >> (logical on unsigned).")
    for t in INTS:
        vs = samples(t)
        ss = [0, 1, 3, bits(t) - 1]
        xs = [x for x in vs for _ in ss]
        ys = [s for _ in vs for s in ss]
        out = " ".join([
            arr([shl(x, y, t) for x, y in zip(xs, ys)], t),
            arr([shr_arith_pattern(x, y, t) for x, y in zip(xs, ys)], t),
            arr([lshr(x, y, t) for x, y in zip(xs, ys)], t),
            arr([shr_builtin(x, y, t) for x, y in zip(xs, ys)], t),
        ])
        f.entry("entry shifts_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s.<<) xs ys, map2 (%s.>>) xs ys, map2 (%s.>>>) xs ys,\n"
                "   map2 (\\x y -> x >> y) xs ys)\n" % (t, t, t, t, t, t),
                [(arr(xs, t) + " " + arr(ys, t), out)])
    f.entry("entry qualified_forms (x: u32) : (u32, u32, u32) =\n"
            "  (x u32.>>> 4, u32.(x >> 4), u32.(x >>> 4))\n",
            [("0x80000000u32", " ".join(fmt_value(v, "u32") for v in [
                lshr(0x80000000, 4, "u32"), shr_arith_pattern(0x80000000, 4, "u32"),
                lshr(0x80000000, 4, "u32")]))])
    f.write()


def write_int_bitwise():
    f = File("int_bitwise.fut", "Bitwise & | ^ and not of the integer modules.")
    for t in INTS:
        xs, ys = pairs(t)
        out = " ".join([
            arr([wrap(x & y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(x | y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(x ^ y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(~x, t) for x in xs], t),
        ])
        f.entry("entry bitwise_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s.&) xs ys, map2 (%s.|) xs ys, map2 (%s.^) xs ys, map %s.not xs)\n"
                % (t, t, t, t, t, t, t),
                [(arr(xs, t) + " " + arr(ys, t), out)])
    f.write()


def write_int_bits():
    f = File("int_bits.fut", "num_bits, get_bit, set_bit, popc, clz and ctz (0 gives num_bits).")
    for t in INTS:
        vs = samples(t)
        bs = [0, 1, bits(t) - 1]
        gx = [x for x in vs for _ in bs]
        gb = [b for _ in vs for b in bs]
        get = [(pattern(x, t) >> b) & 1 for x, b in zip(gx, gb)]
        set1 = [wrap(pattern(x, t) | (1 << b), t) for x, b in zip(gx, gb)]
        set0 = [wrap(pattern(x, t) & ~(1 << b), t) for x, b in zip(gx, gb)]
        out = " ".join([
            fmt_value(bits(t), "i32"),
            arr(get, "i32"), arr(set1, t), arr(set0, t),
            arr([popc(x, t) for x in vs], "i32"),
            arr([clz(x, t) for x in vs], "i32"),
            arr([ctz(x, t) for x in vs], "i32"),
        ])
        f.entry("entry bits_%s (xs: []%s) (bs: []i32) (vs: []%s) =\n"
                "  (%s.num_bits,\n"
                "   map2 %s.get_bit bs xs,\n"
                "   map2 (\\b x -> %s.set_bit b x 1) bs xs,\n"
                "   map2 (\\b x -> %s.set_bit b x 0) bs xs,\n"
                "   map %s.popc vs, map %s.clz vs, map %s.ctz vs)\n" % ((t,) * 10),
                [(arr(gx, t) + " " + arr(gb, "i32") + " " + arr(vs, t), out)])
    f.write()


def write_int_mulhi():
    f = File("int_mulhi.fut", "mul_hi and mad_hi: the high half of the double-width product.")
    for t in INTS:
        xs, ys = pairs(t)
        zs = [samples(t)[i % len(samples(t))] for i in range(len(xs))]
        out = " ".join([
            arr([mul_hi(x, y, t) for x, y in zip(xs, ys)], t),
            arr([wrap(mul_hi(x, y, t) + z, t) for x, y, z in zip(xs, ys, zs)], t),
        ])
        f.entry("entry mulhi_%s (xs: []%s) (ys: []%s) (zs: []%s) =\n"
                "  (map2 %s.mul_hi xs ys, map3 %s.mad_hi xs ys zs)\n" % ((t,) * 6),
                [(arr(xs, t) + " " + arr(ys, t) + " " + arr(zs, t), out)])
    f.write()


def write_int_abs_sgn():
    f = File("int_abs_sgn.fut", "abs (abs lowest == lowest; identity when unsigned) and sgn.")
    for t in INTS:
        vs = samples(t)
        out = arr([wrap(abs(x), t) for x in vs], t) + " " + arr([sgn(x) for x in vs], t)
        f.entry("entry abs_sgn_%s (xs: []%s) = (map %s.abs xs, map %s.sgn xs)\n" % (t, t, t, t),
                [(arr(vs, t), out)])
    f.write()


def write_int_minmax():
    f = File("int_minmax.fut",
             "max, min, highest, lowest, and sum/product/maximum/minimum with\n-- wrap-around "
             "and empty arrays.")
    for t in INTS:
        vs = samples(t)
        xs, ys = pairs(t)
        total = wrap(sum(vs), t)
        prod = 1
        for v in vs[1:]:
            prod = wrap(prod * v, t)
        out = " ".join([
            arr([max(x, y) for x, y in zip(xs, ys)], t),
            arr([min(x, y) for x, y in zip(xs, ys)], t),
            fmt_value(highest(t), t), fmt_value(lowest(t), t),
            fmt_value(total, t), fmt_value(prod, t),
            fmt_value(max(vs), t), fmt_value(min(vs), t),
        ])
        f.entry("entry minmax_%s (xs: []%s) (ys: []%s) (vs: []%s) =\n"
                "  (map2 %s.max xs ys, map2 %s.min xs ys, %s.highest, %s.lowest,\n"
                "   %s.sum vs, %s.product vs[1:], %s.maximum vs, %s.minimum vs)\n" % ((t,) * 12),
                [(arr(xs, t) + " " + arr(ys, t) + " " + arr(vs, t), out)])
        f.entry("entry empty_%s (vs: []%s) = (%s.sum vs, %s.product vs, %s.maximum vs, %s.minimum vs)\n"
                % ((t,) * 6),
                [(arr([], t), " ".join([fmt_value(0, t), fmt_value(1, t),
                                        fmt_value(lowest(t), t), fmt_value(highest(t), t)]))])
    f.write()


def write_int_compare():
    f = File("int_compare.fut", "Comparison members of the integer modules (signed vs unsigned order).")
    for t in INTS:
        xs, ys = pairs(t)
        ops = [(lambda a, b: a == b), (lambda a, b: a != b), (lambda a, b: a < b),
               (lambda a, b: a <= b), (lambda a, b: a > b), (lambda a, b: a >= b)]
        out = " ".join(arr([op(x, y) for x, y in zip(xs, ys)], "bool") for op in ops)
        f.entry("entry cmp_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s.==) xs ys, map2 (%s.!=) xs ys, map2 (%s.<) xs ys,\n"
                "   map2 (%s.<=) xs ys, map2 (%s.>) xs ys, map2 (%s.>=) xs ys)\n" % ((t,) * 9),
                [(arr(xs, t) + " " + arr(ys, t), out)])
    f.write()


def write_conv_int():
    f = File("conv_int.fut",
             "Integer to integer conversions (§8.6): sign extension only between\n-- signed "
             "types, truncation to the low bits, reinterpretation.")
    for dst in INTS:
        params = " ".join("(%s: []%s)" % ("x" + s, s) for s in INTS)
        body = ", ".join("map %s.%s x%s" % (dst, s, s) for s in INTS)
        inputs = " ".join(arr(samples(s), s) for s in INTS)
        out = " ".join(arr([conv_int(v, s, dst) for v in samples(s)], dst) for s in INTS)
        f.entry("entry to_%s %s =\n  (%s)\n" % (dst, params, body), [(inputs, out)])
    f.write()


FLOAT_SAMPLES = [0.0, -0.0, 1.5, -1.5, 2.75, -2.75, 100.9, -100.9, 0.4, -0.99]


def write_conv_float_int():
    f = File("conv_float_int.fut",
             "Float to integer conversions: truncation toward zero, NaN and\n-- infinities give "
             "0, unsigned targets go through the signed type.")
    for src in FLOATS:
        vals = [round_float(v, src) for v in FLOAT_SAMPLES] + [math.nan, math.inf, -math.inf]
        params = "(xs: []%s)" % src
        body = ", ".join("map %s.%s xs" % (dst, src) for dst in INTS)
        out = " ".join(arr([float_to_int(v, dst) for v in vals], dst) for dst in INTS)
        f.entry("entry from_%s %s =\n  (%s)\n" % (src, params, body), [(arr(vals, src), out)])
    f.write()


def write_conv_int_float():
    f = File("conv_int_float.fut",
             "Integer to float conversions (unsigned sources are non-negative) and\n-- float "
             "to float rounding.")
    for dst in FLOATS:
        params = " ".join("(%s: []%s)" % ("x" + s, s) for s in INTS)
        body = ", ".join("map %s.%s x%s" % (dst, s, s) for s in INTS)
        ins = {s: [v for v in samples(s) if abs(v) < 60000 or dst != "f16"] for s in INTS}
        inputs = " ".join(arr(ins[s], s) for s in INTS)
        out = " ".join(arr([round_float(float(v), dst) for v in ins[s]], dst) for s in INTS)
        f.entry("entry ints_to_%s %s =\n  (%s)\n" % (dst, params, body), [(inputs, out)])
    vals = [0.1, -2.5, 1e10, 65519.0, 3.0e38, 1e-8]
    for dst in FLOATS:
        params = " ".join("(%s: []%s)" % ("x" + s, s) for s in FLOATS)
        body = ", ".join("map %s.%s x%s" % (dst, s, s) for s in FLOATS)
        ins = {s: [round_float(v, s) for v in vals] for s in FLOATS}
        inputs = " ".join(arr(ins[s], s) for s in FLOATS)
        out = " ".join(arr([round_float(v, dst) for v in ins[s]], dst) for s in FLOATS)
        f.entry("entry floats_to_%s %s =\n  (%s)\n" % (dst, params, body), [(inputs, out)])
    f.write()


def write_to_i64():
    f = File("to_i64.fut", "T.to_i64 for every numeric module (floats truncate).")
    params = " ".join("(%s: []%s)" % ("x" + s, s) for s in INTS + FLOATS)
    body = ", ".join("map %s.to_i64 x%s" % (s, s) for s in INTS + FLOATS)
    ins = {s: samples(s) for s in INTS}
    for s in FLOATS:
        ins[s] = [round_float(v, s) for v in FLOAT_SAMPLES]
    inputs = " ".join(arr(ins[s], s) for s in INTS + FLOATS)
    outs = [arr([conv_int(v, s, "i64") for v in ins[s]], "i64") for s in INTS]
    outs += [arr([float_to_int(v, "i64") for v in ins[s]], "i64") for s in FLOATS]
    f.entry("entry all_to_i64 %s =\n  (%s)\n" % (params, body), [(inputs, " ".join(outs))])
    f.write()


def write_float_bits():
    f = File("float_bits.fut",
             "to_bits/from_bits, num_bits, get_bit/set_bit on the bit pattern,\n-- nextafter, "
             "ldexp, copysign, epsilon, inf, nan.")
    for t in FLOATS:
        it = {"f16": "u16", "f32": "u32", "f64": "u64"}[t]
        n = bits(t)
        vals = [round_float(v, t) for v in [1.0, -2.0, 0.1, 0.0, -0.0]]
        bs = [0, n - 1, n - 2]
        gx = [v for v in vals for _ in bs]
        gb = [b for _ in vals for b in bs]
        get = [(to_bits(x, t) >> b) & 1 for x, b in zip(gx, gb)]
        set1 = [to_bits(x, t) | (1 << b) for x, b in zip(gx, gb)]
        set0 = [to_bits(x, t) & ~(1 << b) for x, b in zip(gx, gb)]
        eps = {"f16": 2.0 ** -10, "f32": 2.0 ** -23, "f64": 2.0 ** -52}[t]
        out = " ".join([
            arr([to_bits(v, t) for v in vals], it),
            arr(vals, t),
            fmt_value(n, "i32"),
            arr(get, "i32"), arr(set1, it), arr(set0, it),
            fmt_value(to_bits(eps, t), it),
            fmt_value(to_bits(1.0 + eps, t), it),
            fmt_value(True, "bool"), fmt_value(True, "bool"),
        ])
        f.entry("entry bits_%s (xs: []%s) (ps: []%s) (gx: []%s) (gb: []i32) =\n"
                "  (map %s.to_bits xs, map %s.from_bits ps, %s.num_bits,\n"
                "   map2 %s.get_bit gb gx,\n"
                "   map2 (\\b x -> %s.to_bits (%s.set_bit b x 1)) gb gx,\n"
                "   map2 (\\b x -> %s.to_bits (%s.set_bit b x 0)) gb gx,\n"
                "   %s.to_bits %s.epsilon, %s.to_bits (%s.i32 1 %s.+ %s.epsilon),\n"
                "   %s.isinf %s.inf, %s.isnan %s.nan)\n"
                % ((t, t, it, t) + (t,) * 18),
                [(" ".join([arr(vals, t), arr([to_bits(v, t) for v in vals], it), arr(gx, t), arr(gb, "i32")]),
                  out)])
        one = 1.0
        up = from_bits(to_bits(one, t) + 1, t)
        down = from_bits(to_bits(one, t) - 1, t)
        ks = [2, -3, 3, 0]
        ms = [3.0, 3.0, -5.0, -5.0]
        ss = [-0.5, 0.5, -0.0, 1.0]
        out = " ".join([
            fmt_value(to_bits(up, t), it), fmt_value(to_bits(down, t), it),
            fmt_value(to_bits(one, t), it),
            arr([math.ldexp(m, k) for m, k in zip(ms, ks)], t),
            arr([math.copysign(m, s) for m, s in zip(ms, ss)], t),
        ])
        f.entry("entry adjust_%s (x: %s) (ks: []i32) (ms: []%s) (ss: []%s) =\n"
                "  (%s.to_bits (%s.nextafter x %s.inf), %s.to_bits (%s.nextafter x (%s.neg %s.inf)),\n"
                "   %s.to_bits (%s.nextafter x x),\n"
                "   map2 (\\k m -> %s.ldexp m k) ks ms,\n"
                "   map2 %s.copysign ms ss)\n" % ((t, t, t, t) + (t,) * 11),
                [(" ".join([fmt_value(1.0, t), arr(ks, "i32"), arr(ms, t), arr(ss, t)]), out)])
    f.write()


def sinpi(x):
    # Exact at integers and half-integers, like the specified sin(pi x).
    if x == math.floor(x):
        return math.copysign(0.0, x)
    return math.sin(math.pi * x)


REAL_UNARY = [
    # (member, reference, sample set)
    ("sqrt", math.sqrt, "ps"), ("rsqrt", lambda x: 1 / math.sqrt(x), "ps"),
    ("cbrt", math.cbrt, "xs"), ("exp", math.exp, "xs"),
    ("log", math.log, "ps"), ("log2", math.log2, "ps"), ("log10", math.log10, "ps"),
    ("log1p", math.log1p, "ps"),
    ("sin", math.sin, "xs"), ("cos", math.cos, "xs"), ("tan", math.tan, "xs"),
    ("sinpi", sinpi, "xs"), ("cospi", lambda x: sinpi(x + 0.5) if x != math.floor(x) + 0.5 else 0.0, "xs"),
    ("tanpi", lambda x: math.tan(math.pi * x), "ts"),
    ("asin", math.asin, "us"), ("acos", math.acos, "us"), ("atan", math.atan, "xs"),
    ("asinpi", lambda x: math.asin(x) / math.pi, "us"),
    ("acospi", lambda x: math.acos(x) / math.pi, "us"),
    ("atanpi", lambda x: math.atan(x) / math.pi, "xs"),
    ("sinh", math.sinh, "xs"), ("cosh", math.cosh, "xs"), ("tanh", math.tanh, "xs"),
    ("asinh", math.asinh, "xs"), ("acosh", math.acosh, "gs"), ("atanh", math.atanh, "us"),
    ("gamma", math.gamma, "xs"), ("lgamma", math.lgamma, "xs"),
    ("erf", math.erf, "xs"), ("erfc", math.erfc, "xs"),
    ("ceil", math.ceil, "xs"), ("floor", math.floor, "xs"), ("trunc", math.trunc, "xs"),
    ("round", round, "xs"),
]

REAL_SETS = {
    "xs": [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7, -3.2, 0.3],
    "ps": [0.25, 1.0, 2.0, 10.0, 1000.0, 0.001],
    "us": [-0.9, -0.5, 0.0, 0.3, 0.99],
    "gs": [1.0, 1.5, 10.0],
    "ts": [0.0, 0.25, -0.25, 0.1, 0.4],
}


def write_float_math():
    f = File("float_math.fut",
             "The unary functions of the real module type, on inputs inside each\n-- function's "
             "domain (round: ties to even).")
    for t in FLOATS:
        sets = {k: [round_float(v, t) for v in vs] for k, vs in REAL_SETS.items()}
        body = ",\n   ".join("map %s.%s %s" % (t, m, s) for m, _, s in REAL_UNARY)
        out = " ".join(arr([round_float(float(ref(x)), t) for x in sets[s]], t)
                       for _, ref, s in REAL_UNARY)
        inputs = " ".join(arr(sets[k], t) for k in ["xs", "ps", "us", "gs", "ts"])
        f.entry("entry unary_%s (xs: []%s) (ps: []%s) (us: []%s) (gs: []%s) (ts: []%s) =\n  (%s)\n"
                % (t, t, t, t, t, t, body), [(inputs, out)])
    f.write()


def fmod(x, y):
    return math.fmod(x, y)


def write_float_binary():
    f = File("float_binary.fut",
             "Binary and ternary float members: % (C fmod), ** (pow), atan2 (first\n-- argument "
             "is y), atan2pi, hypot without overflow, lerp, mad, fma.")
    xs = [7.5, -7.5, 7.5, -7.5, 1.0, 0.0, 2.0]
    ys = [2.0, 2.0, -2.0, -2.0, 3.0, 5.0, 0.5]
    for t in FLOATS:
        a = [round_float(v, t) for v in xs]
        b = [round_float(v, t) for v in ys]
        big = {"f16": 30000.0, "f32": 2e38, "f64": 1e300}[t]
        out = " ".join([
            arr([round_float(fmod(x, y), t) for x, y in zip(a, b)], t),
            arr([round_float(math.pow(x, y), t) if x >= 0 else round_float(x ** y, t)
                 for x, y in zip(a, b)], t),
            arr([round_float(math.atan2(y, x), t) for x, y in zip(a, b)], t),
            arr([round_float(math.atan2(y, x) / math.pi, t) for x, y in zip(a, b)], t),
            arr([round_float(math.hypot(x, y), t) for x, y in zip(a, b)], t),
            fmt_value(round_float(math.hypot(big, big) / big, t), t),
            arr([round_float(x + (y - x) * 0.25, t) for x, y in zip(a, b)], t),
            arr([round_float(x * y + 1.0, t) for x, y in zip(a, b)], t),
        ])
        f.entry("entry binary_%s (xs: []%s) (ys: []%s) (big: %s) =\n"
                "  (map2 (%s.%%) xs ys, map2 (%s.**) xs ys,\n"
                "   map2 (\\x y -> %s.atan2 y x) xs ys, map2 (\\x y -> %s.atan2pi y x) xs ys,\n"
                "   map2 %s.hypot xs ys, %s.hypot big big %s./ big,\n"
                "   map2 (\\x y -> %s.lerp x y 0.25) xs ys,\n"
                "   map2 (\\x y -> %s.mad x y 1) xs ys)\n" % ((t,) * 13),
                [(arr(a, t) + " " + arr(b, t) + " " + fmt_value(big, t), out)])
    # fma rounds once: (1 + 2^-k)(1 - 2^-k) - 1 is -2^-2k exactly, while a
    # separately rounded product gives 0 when 2^-2k is below half an ulp of
    # numbers just under 1.  The result is scaled by 2^2k.
    for t, k in [("f32", 13), ("f64", 30)]:
        f.entry("entry fma_%s (k: i32) : (%s, %s) =\n"
                "  let h = %s.ldexp 1 (-k)\n"
                "  let r = %s.fma (1 %s.+ h) (1 %s.- h) (-1)\n"
                "  in (%s.ldexp r (2 * k), %s.ldexp ((1 %s.+ h) %s.* (1 %s.- h) %s.- 1) (2 * k))\n"
                % ((t,) * 13),
                [("%di32" % k, fmt_value(-1.0, t) + " " + fmt_value(0.0, t))])
    f.write()


def write_float_arith():
    f = File("float_arith.fut",
             "Float + - * / (IEEE, rounded to the type), comparisons, neg, recip,\n"
             "-- from_fraction and to_f64.")
    xs = [1.5, -2.25, 0.1, 3.0, 1e4, -0.0, 7.0]
    ys = [0.5, 4.0, 0.2, -3.0, 3.0, 0.0, 7.0]
    for t in FLOATS:
        a = [round_float(v, t) for v in xs]
        b = [round_float(v, t) for v in ys]
        def r(v):
            return round_float(v, t)
        def div(x, y):
            if y == 0:
                return math.nan if x == 0 else math.copysign(math.inf, x) * math.copysign(1, y)
            return x / y
        out = " ".join([
            arr([r(x + y) for x, y in zip(a, b)], t),
            arr([r(x - y) for x, y in zip(a, b)], t),
            arr([r(x * y) for x, y in zip(a, b)], t),
            arr([r(div(x, y)) for x, y in zip(a, b)], t),
            arr([x == y for x, y in zip(a, b)], "bool"),
            arr([x != y for x, y in zip(a, b)], "bool"),
            arr([x < y for x, y in zip(a, b)], "bool"),
            arr([x <= y for x, y in zip(a, b)], "bool"),
            arr([x > y for x, y in zip(a, b)], "bool"),
            arr([x >= y for x, y in zip(a, b)], "bool"),
            arr([-x for x in a], t),
            arr([r(div(1.0, y)) for y in b], t),
        ])
        f.entry("entry arith_%s (xs: []%s) (ys: []%s) =\n"
                "  (map2 (%s.+) xs ys, map2 (%s.-) xs ys, map2 (%s.*) xs ys, map2 (%s./) xs ys,\n"
                "   map2 (%s.==) xs ys, map2 (%s.!=) xs ys, map2 (%s.<) xs ys,\n"
                "   map2 (%s.<=) xs ys, map2 (%s.>) xs ys, map2 (%s.>=) xs ys,\n"
                "   map %s.neg xs, map %s.recip ys)\n" % ((t,) * 15),
                [(arr(a, t) + " " + arr(b, t), out)])
        nums = [1, -7, 10, 0, 5]
        dens = [3, 2, -4, 5, 0]
        fr = [r(div(r(float(p)), r(float(q)))) for p, q in zip(nums, dens)]
        f.entry("entry fraction_%s (ps: []i64) (qs: []i64) (xs: []%s) =\n"
                "  (map2 %s.from_fraction ps qs, map (\\x -> f64.to_bits (%s.to_f64 x)) xs)\n"
                % (t, t, t, t),
                [(arr(nums, "i64") + " " + arr(dens, "i64") + " " + arr(a, t),
                  arr(fr, t) + " " + arr([to_bits(x, "f64") for x in a], "u64"))])
    f.write()


if __name__ == "__main__":
    write_int_arith()
    write_int_pow()
    write_int_division()
    write_int_shifts()
    write_int_bitwise()
    write_int_bits()
    write_int_mulhi()
    write_int_abs_sgn()
    write_int_minmax()
    write_int_compare()
    write_conv_int()
    write_conv_float_int()
    write_conv_int_float()
    write_to_i64()
    write_float_bits()
    write_float_math()
    write_float_binary()
    write_float_arith()
