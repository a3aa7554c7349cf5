#!/usr/bin/env python3
"""Second, independent derivation of non-AD expected values in tests/lang.

Each check re-implements a program's computation in plain Python and
compares the flattened numbers with the output of the case that has the
given input. Run: python3 tests/lang/oracle/value_oracle.py
"""
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
bad = 0
count = 0


def cases(path):
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    text = " ".join(" ".join(l[2:] for l in lines if l.startswith("--")).split())
    return [(m.group(1), m.group(2)) for m in
            re.finditer(r"input \{ ([^}]*) \} output \{ ([^}]*) \}", text)]


def numbers(text):
    text = re.sub(r"empty\([^)]*\)", " ", text)
    out = []
    for tok in re.findall(r"-?f(?:16|32|64)\.(?:inf|nan)|true|false|-?[0-9][0-9_.eE+-]*(?:[iuf](?:8|16|32|64))?", text):
        if tok in ("true", "false"):
            out.append(tok == "true")
        elif "inf" in tok:
            out.append(-math.inf if tok.startswith("-") else math.inf)
        elif "nan" in tok:
            out.append(math.nan)
        else:
            out.append(float(re.sub(r"[iuf](8|16|32|64)$", "", tok).replace("_", "")))
    return out


def flat(v):
    if isinstance(v, (list, tuple)):
        r = []
        for x in v:
            r += flat(x)
        return r
    return [v]


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 1e-7 * max(1.0, abs(b))


def expect(path, inp, *outs):
    global bad, count
    count += 1
    want = flat(list(outs))
    found = [o for i, o in cases(path) if i == inp]
    for o in found:
        got = numbers(o)
        if len(got) == len(want) and all(same(g, w) for g, w in zip(got, want)):
            return
    bad += 1
    print("BAD %s { %s }: computed %r, file has %r" % (path, inp, want, found))


def frange(a, b, step, incl):
    """Elements of a range from a with the given step up to (incl.) b."""
    out, x = [], a
    while (x < b or (incl and x == b)) if step > 0 else (x > b or (incl and x == b)):
        out.append(x)
        x += step
    return out


# expressions/ranges.fut (main, k = 0)
expect("expressions/ranges.fut", "0",
       frange(1, 4, 1, False), frange(5, 2, -1, False), frange(0, 7, 2, True), frange(10, 0, -3, True),
       frange(3, 3, 1, False), frange(2, 4, 1, True), frange(1, 10, 3, False), frange(9, 0, -3, False),
       [0, 1], [0, 1, 2], frange(1, 6, 2, True), frange(7, 2, -2, True))


def pyslice(a, i=None, j=None, s=1):
    n = len(a)
    if s > 0:
        i = 0 if i is None else i
        j = n if j is None else j
    else:
        i = n - 1 if i is None else i
        j = -1 if j is None else j
    return [a[k] for k in (range(i, j, s))]


a = [10, 11, 12, 13, 14]
expect("expressions/slicing.fut", "[10, 11, 12, 13, 14]",
       pyslice(a, 1, 3), pyslice(a, None, 2), pyslice(a, 3), pyslice(a, s=2), pyslice(a, s=-1),
       pyslice(a, 3, 0, -1), pyslice(a, 4, None, -2), pyslice(a, 2, 2), pyslice(a, 1, 4, 2))
m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
expect("expressions/slicing.fut", "[[1, 2, 3], [4, 5, 6], [7, 8, 9]]",
       pyslice(m[0], 1), [r[2] for r in m], [pyslice(r, 1, 3) for r in pyslice(m, 1, 3)],
       [pyslice(r, s=2) for r in pyslice(m, s=-2)], [pyslice(r, s=-1) for r in m])

t = [[[i * 12 + j * 6 + k for k in range(6)] for j in range(2)] for i in range(2)]
expect("expressions/slices_3d.fut", "2i64",
       [pyslice(r, 2, 5, 2) for r in t[0]], pyslice(t[0], 1), [[r[0] for r in pyslice(p, s=-1)] for p in t],
       [pyslice(r, 1, 3) for r in t[1]])

x, xs, mm = 10, [1, 2, 3], [[1, 2], [3, 4]]
expect("expressions/sections.fut", "10 [1, 2, 3] [[1, 2], [3, 4]]",
       x + 1, [v + 1 for v in xs], [2 * v for v in xs], [x - v for v in xs], x - 1, [x, x], x,
       [r[1] for r in mm], mm[1][0], [xs[2]] * 2, x - 3, x - 4, 2)

x, m_, a_, b_, c_, arr = 6, 8, 9.0, 16.0, 20.0, [3, 4, 5]
expect("expressions/precedence.fut", "6 8 9.0 16.0 20.0 [3, 4, 5]",
       (2 ** 3) ** 2, (x & m_) == 0, math.sqrt(a_ + b_), not (x == m_), max(a_ + b_, c_), (-x) ** 2,
       -arr[0], (not (x < 0)) and (x > 100), list(range(0, x - 1)), list(range(x - 2, -1, -1)), abs(x) + 3)

xs = [1, 2, 3, 4]
expect("expressions/pipelines.fut", "[1, 2, 3, 4]",
       sum(2 * v for v in xs), sum(v + 1 for v in xs), (3 + 4) * 2, len(xs), len([v - 1 for v in xs if v - 1 > 1]))

inc, dbl = (lambda v: v + 1), (lambda v: v * 2)
expect("expressions/composition.fut", "5", dbl(inc(5)), inc(dbl(5)), dbl(inc(5)), [inc(dbl(inc(5)))],
       dbl(inc(dbl(5))), dbl(inc(5)))

xs, k = [1, 2, 3], 10
expect("expressions/lambdas.fut", "[1, 2, 3] 10",
       [v + k for v in xs], [2 * v for v in xs], [v * i for i, v in enumerate(xs)], sum(xs), [0, 2, 4],
       [3, 7], 2 * 5 + 5)

# loops
xs, m = [1, 2, 3], [[1, 2], [3, 4], [-1, 0]]
expect("loops/for_in.fut", "[1, 2, 3] [[1, 2], [3, 4], [-1, 0]]",
       sum(xs), sum(v * 2 * v for v in xs), 2 ** len(xs), max(sum(r) for r in m), sum(v * (v + 1) for v in xs))


def collatz(n):
    s = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        s += 1
    return s


def halve(n):
    while n > 100:
        n //= 2
    return n


for n in (6, 27, 1000):
    expect("loops/while.fut", "%di64" % n, collatz(n), halve(n))


def fib_pair(n):
    x, y = 1, 0
    for _ in range(n):
        x, y = x + y, x
    return x, y


for n in (5, 0):
    expect("loops/omitted_init.fut", "%di64" % n, fib_pair(n), 10 + 0 + 1 + 2)

A, B = [[1, 2], [3, 4]], [[5, 6], [7, 8]]
expect("loops/nested_loops.fut", "[[1, 2], [3, 4]] [[5, 6], [7, 8]]",
       [[sum(A[i][k] * B[k][j] for k in range(2)) for j in range(2)] for i in range(2)],
       [sum(r) for r in A], [[v + 3 for v in r] for r in A])
expect("loops/sieve.fut", "30i64", [p for p in range(2, 30) if all(p % d for d in range(2, p))])


def rot(xs, r):
    n = len(xs)
    return [xs[(i + r) % n] for i in range(n)]


ys, s = [1, 2, 3], 0
for i in range(2):
    s += sum([1, 2, 3]) + i
    ys = rot(ys, -1)
expect("loops/annotated_sizes.fut", "[1, 2, 3] 2", ys, s)

# prelude
a, b = [1, 2, 3], [10, 20, 30]
expect("prelude/map_reduce.fut", "[1, 2, 3] [10, 20, 30]",
       [x + y for x, y in zip(a, b)], [2 * x + y for x, y in zip(a, b)], [3 * x + y for x, y in zip(a, b)],
       [4 * x + y for x, y in zip(a, b)], sum(a) + sum(b), 6, [1, 3, 6], [10, 200, 6000], 6, 60, [4, 6])
xs = [5, -2, 8, 0, -7, 3]
expect("prelude/filter_partition.fut", "[5, -2, 8, 0, -7, 3]",
       [v for v in xs if v > 0], [v for v in xs if not v > 0], [v for v in xs if v > 0],
       [v for v in xs if v == 0], [v for v in xs if v != 0 and v < 0], [v for v in xs if v != 0 and not v < 0], 3)


def scatter(dest, idx, vals):
    dest = list(dest)
    for i, v in zip(idx, vals):
        if 0 <= i < len(dest):
            dest[i] = v
    return dest


def rbi(dest, op, idx, vals):
    dest = list(dest)
    for i, v in zip(idx, vals):
        if 0 <= i < len(dest):
            dest[i] = op(dest[i], v)
    return dest


vs = [1, 2, 3, 4]
g2 = [[0, 0], [0, 0]]
for (i, j), v in zip([(0, 1), (1, 0), (2, 2)], [7, 9, 5]):
    if i < 2 and j < 2:
        g2[i][j] = v
h2 = [[0, 0], [0, 0]]
for (i, j), v in zip([(0, 0), (0, 1), (1, 1), (1, 5)], vs):
    if i < 2 and j < 2:
        h2[i][j] += v
expect("prelude/scatter_hist.fut", "[1, 2, 3, 4]",
       scatter([0] * 5, [3, 2, -1, 0], vs), g2, scatter([9] * 3, [1, 7], [1, 2]),
       rbi([0] * 3, lambda p, q: p + q, [0, 1, 0, 5], vs), rbi([1, 2, 0], lambda p, q: p * q, [0, 1, 1, 9], [5, 2, 3, 7]), h2)
xs = [1, 2, 3, 4]
expect("prelude/array_functions.fut", "[1, 2, 3, 4]",
       4, False, 1, 4, xs[1:], xs[:-1], xs[:2], xs[2:], xs[::-1], rot(xs, 1), rot(xs, -1), xs + xs[:2],
       [0, 1, 2, 3], xs, True)
am = [[1, 2, 3], [4, 5, 6]]
f = [v for r in am for v in r]
expect("prelude/reshaping.fut", "[[1, 2, 3], [4, 5, 6]]",
       f, [f[0:2], f[2:4], f[4:6]], [[r[j] for r in am] for j in range(3)],
       [[i * 10 + j for j in range(3)] for i in range(2)],
       [[[i * 100 + j * 10 + k for k in range(2)] for j in range(2)] for i in range(2)], f + f,
       [[(f + f)[4 * i + 2 * j: 4 * i + 2 * j + 2] for j in range(2)] for i in range(3)])
expect("prelude/combinators.fut", "3", 10 - 3, 5, 5, 3, 3, 3 * 8, 64, 48)
xs = [1, 2, 3]
expect("prelude/misc_functions.fut", "[1, 2, 3]", True, False, True, False, 123, 1 - (2 - 3), False, 6, xs)
expect("prelude/real_functions.fut", "2.0",
       math.sqrt(2), math.exp(2), math.log(2), math.log2(2), math.pi, math.e, 0.5, 0.75, 2 + (6 - 2) * 0.5,
       7.0, 8.0, -2.0, 2 ** (1 / 3), 5.0)

# types
a = [[1, 2], [3, 4], [5, 6]]
col = [r[0] for r in a]
expect("types/size_params.fut", "[[1, 2], [3, 4], [5, 6]]",
       [v for r in a for v in r], 3, 2, col + [0], col[1:], [[r[j] for r in a] for j in range(2)])
expect("types/sum_types.fut", "2.0 3.0", 6.0, math.pi * 4, 1.0, 3, True, False)

# semantics (floats)
expect("semantics/float_rounding.fut", "[2.5, 3.5, -2.5, -1.5, 0.4, -1.7]",
       [round(v) for v in [2.5, 3.5, -2.5, -1.5, 0.4, -1.7]],
       [math.floor(v) for v in [2.5, 3.5, -2.5, -1.5, 0.4, -1.7]],
       [math.ceil(v) for v in [2.5, 3.5, -2.5, -1.5, 0.4, -1.7]],
       [math.trunc(v) for v in [2.5, 3.5, -2.5, -1.5, 0.4, -1.7]])
expect("semantics/float_semantics.fut", "5.5 2.0",
       math.fmod(5.5, 2), math.fmod(-5.5, 2), math.fmod(5.5, -2), math.sqrt(2), False, True, False, True,
       1.0, 2.0, True, True, True, False)

# lexical
for k in (1, 2):
    expect("lexical/int_decimal.fut", str(k), 42 * k, 7 * k, 1000000 * k, 123456 * k, 0)
for k in (0, 1):
    expect("lexical/int_hex_binary.fut", str(k), 0xff + k, 0xab + k, 0xffff + k, 0b1010 + k, 0b11 + k, 0b10101010 + k)
    expect("lexical/char_literals.fut", str(k), [ord(c) + k for c in "a\n\t\\'A\""])
for k in (1.0, 2.0):
    expect("lexical/float_decimal.fut", "%.1f" % k, 3.5 * k, 1e-3 * k, 2e10 * k, 6.02e23 * k, 1000.25 * k, 0.5 * k)
for k in (1.0, 0.5):
    expect("lexical/hex_float.fut", "%g" % k if k != 1.0 else "1.0", 1.5 * 2 * k, 0.25 * k, 10.5 * k, 3.0, 0.5 * 2 * k)
expect("lexical/string_literals.fut", "0u8", list(b"hi"), list(b"a--b"), list(b'"\n\\'), 2, list("\u00e9".encode()))
expect("lexical/operator_lexing.fut", "7 2", 5, 5, True, False, 7 * 1 + 1 + 1, 7 % 2)

# declarations
x, y = 10, 3
sub = lambda p, q: p - q
expect("declarations/operator_fixity.fut", "10 3",
       2 * sub(x, 2), 20 - sub(x, y) + 1, sub(20 - x, y), sub(x, y * 2), sub(1 << 4, y), (1 | 2) == y,
       (x + 1) != 11, True != (True and False), (x - 5) + 10, (3 + 1 + 1) * 2 * 2, (y * 2 * 2) + 2)
a, b = [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]
expect("declarations/infix_definition.fut", "[1.0, 2.0, 3.0] [4.0, 5.0, 6.0]",
       [p + q for p, q in zip(a, b)], sum(p * q for p, q in zip(a, b)), [4 * p for p in a], sum(p * p for p in a),
       [p * q for p, q in zip(a, b)])
expect("declarations/recursion.fut", "10 [1i64, 2, 3, 4, 5]", math.factorial(10), 55, 15)
expect("declarations/local_functions.fut", "3 2.5", 3, 2.5, 6, 2.5 / 2 * 4, 9, 3)
expect("declarations/shadow_builtin_op.fut", "3 4", 7, 12, 12)
expect("declarations/param_forms.fut", "3i64", [0.0] * 3, 7, 11, 5, 12, -1)

# expressions
m = [[1, 2, 3], [4, 5, 6]]
expect("expressions/with_updates.fut", "[[1, 2, 3], [4, 5, 6]] 5",
       m, [[6, 2, 3], m[1]], [m[0], [0, 0, 0]], [[1, 9, 9], m[1]], [[7, 2, 3], [7, 5, 6]], [5, 2, 3])
expect("expressions/let_inplace.fut", "4i64", [i * i for i in range(4)], [[0, 7], [0, 8], [5, 6]], [1, 0, 9, 9, 0])
expect("expressions/record_update.fut", "1.0 2.0", 5.0, 2.0, 1.0, 9.0, [1.0, 7.0, 3.0], 3.0)
expect("expressions/array_literals.fut", "3", [[1, 2], [3, 4]], [3, 4], 0, [0, 3], [1, 3], [True, False], 2)
expect("expressions/equality.fut", "[1, 2, 3] [1, 2, 3] [1, 2]",
       True, False, True, True, True, False, False, True, False, True)

# types and modules
expect("types/records.fut", "3 4", 7, 12, True, 3, 4, 25)
expect("types/type_abbreviations.fut", "[[1, 2, 3], [4, 5, 6]]", [6, 15], 21, [1, 4], 7)
expect("types/existential_sizes.fut", "[3, -1, 4, -1, 5]", [3, 4, 5], 3, [3, 4, 5, 1])
expect("modules/functor_single.fut", "[1.0f32, 2.0f32, 3.0f32] [1.0, 2.0, 4.0] [3, 4]", 2.0, 14.0, 7 / 3, 7)
va, vb = [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]
expect("modules/import_vendored.fut", "[1.0, 2.0, 3.0] [4.0, 5.0, 6.0]",
       sum(p * q for p, q in zip(va, vb)), [2 * p + q for p, q in zip(va, vb)], [3 * p for p in va], [0.0, 0.0],
       [1.0] * 3, 7.0)
expect("modules/import_relative.fut", "3.0 4.0", 5.0, 30.0, 8.0)
expect("modules/open_import.fut", "2.0 4", 200.0, 20.0, 41)

# inference
expect("inference/size_inference.fut", "[1, 2, 3, 4, 5, 6, 7, 8]",
       [1, 2, 3], [4, 5, 6, 7, 8], [[1, 2, 3, 4], [5, 6, 7, 8]], [0] * 4, 8, list(range(1, 9)))
expect("inference/record_fields.fut", "[1, 2, 3]", [3, 6, 9], 6, [2, 3, 4])
expect("inference/size_from_args.fut", "2i64 3i64", list(range(6)), [[0.0] * 3] * 2, [0, 1, 2], 6)

print("%d checks, %d mismatches" % (count, bad))
sys.exit(1 if bad else 0)
