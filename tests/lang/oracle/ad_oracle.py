#!/usr/bin/env python3
"""Independent oracle for the expected values in tests/lang/ad.

Each entry states the derivative derived by hand (analytic) and checks it
against central finite differences of the primal function written in
Python. Run: python3 tests/lang/oracle/ad_oracle.py (prints every value;
exits non-zero if a hand derivation disagrees with finite differences).
"""
import math
import sys

H = 1e-6
bad = 0


def fd(f, x, dx):
    """Directional derivative of f at x (a list of floats) along dx."""
    xp = [a + H * b for a, b in zip(x, dx)]
    xm = [a - H * b for a, b in zip(x, dx)]
    yp, ym = f(xp), f(xm)
    if isinstance(yp, list):
        return [(p - m) / (2 * H) for p, m in zip(yp, ym)]
    return (yp - ym) / (2 * H)


def close(a, b):
    if isinstance(a, list):
        return all(close(p, q) for p, q in zip(a, b))
    return abs(a - b) <= 1e-5 * max(1.0, abs(a), abs(b))


def check(name, f, x, dx, analytic):
    """Compare the hand-derived directional derivative with finite differences."""
    global bad
    num = fd(f, x, dx)
    ok = close(num, analytic)
    if not ok:
        bad += 1
    print("%-28s %s %r  (fd %r)" % (name, "ok " if ok else "BAD", analytic, num))


def grad(f, x):
    """Gradient by finite differences, one coordinate at a time."""
    out = []
    for i in range(len(x)):
        e = [0.0] * len(x)
        e[i] = 1.0
        out.append(fd(f, x, e))
    return out


def check_grad(name, f, x, analytic, dy=None):
    """vjp check: dy . J(x) against the hand-derived cotangent."""
    global bad
    if dy is None:
        num = grad(f, x)
    else:
        cols = [fd(f, x, [1.0 if j == i else 0.0 for j in range(len(x))]) for i in range(len(x))]
        cols = [c if isinstance(c, list) else [c] for c in cols]
        num = [sum(a * b for a, b in zip(dy, c)) for c in cols]
    ok = close(num, analytic)
    if not ok:
        bad += 1
    print("%-28s %s %r  (fd %r)" % (name, "ok " if ok else "BAD", analytic, num))


sin, cos, exp, log = math.sin, math.cos, math.exp, math.log

# scalars.fut
check("dsin 0.5", lambda v: sin(v[0]), [0.5], [1], cos(0.5))
poly = lambda v: v[0] ** 3 - 2 * v[0] * v[0] + v[0]
check("dpoly 2 1.5", poly, [2.0], [1.5], (3 * 4 - 8 + 1) * 1.5)
print("poly(2) =", poly([2.0]))
check("dexp32 1 2", lambda v: exp(v[0]), [1.0], [2.0], 2 * math.e)
check_grad("vjp x*exp x at 1", lambda v: v[0] * exp(v[0]), [1.0], [2 * math.e])
check_grad("vjp log 2 dy 3", lambda v: log(v[0]), [2.0], [1.5], dy=[3.0])
check_grad("vjp sqrt 4", lambda v: math.sqrt(v[0]), [4.0], [0.25])

# tuples.fut
ft = lambda v: v[0] * v[1] + sin(v[0])
check("jvp tuple", ft, [1.0, 2.0], [0.5, 3.0], (2 + cos(1.0)) * 0.5 + 1.0 * 3)
check_grad("vjp tuple dy 2", ft, [1.0, 2.0], [(2 + cos(1.0)) * 2, 2.0], dy=[2.0])
gt = lambda v: [v[0] * v[0], sin(v[0])]
check("jvp tuple result", gt, [3.0], [1.0], [6.0, cos(3.0)])
check_grad("vjp tuple result", gt, [3.0], [6 + 2 * cos(3.0)], dy=[1.0, 2.0])

# records.fut
fr = lambda v: v[0] * v[1] * v[1]
check_grad("vjp record", fr, [3.0, 2.0], [4.0, 12.0])
check("jvp record x", fr, [3.0, 2.0], [1.0, 0.0], 4.0)
check("jvp record y", fr, [3.0, 2.0], [0.0, 1.0], 12.0)
gr = lambda v: [v[0] + v[1], v[0] * v[1]]
check_grad("vjp record result", gr, [3.0, 2.0], [3.0, 4.0], dy=[1.0, 1.0])

# arrays.fut
sq = lambda v: sum(a * a for a in v)
check_grad("grad sumsq", sq, [1.0, 2.0, 3.0], [2.0, 4.0, 6.0])
check("jvp sumsq", sq, [1.0, 2.0, 3.0], [1.0, 0.0, 1.0], 8.0)
check("jvp map sin", lambda v: [sin(a) for a in v], [0.0, 1.0], [2.0, 3.0], [2.0, 3 * cos(1.0)])
A = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
matvec = lambda v: [r[0] * v[0] + r[1] * v[1] for r in A]
check_grad("vjp matvec", matvec, [1.0, -1.0], [9.0, 12.0], dy=[1.0, 1.0, 1.0])
mm = lambda v: v[0] * v[0] + v[1] * v[2] + v[2] * v[1] + v[3] * v[3]
check_grad("grad sum m*mT", mm, [1.0, 2.0, 3.0, 4.0], [2.0, 6.0, 4.0, 8.0])

# jmp_mjp.fut
fj = lambda v: [v[0] * v[1], v[0] + v[1] * v[1]]
check("jmp e1", fj, [2.0, 3.0], [1, 0], [3.0, 1.0])
check("jmp e2", fj, [2.0, 3.0], [0, 1], [2.0, 6.0])
check_grad("mjp e1", fj, [2.0, 3.0], [3.0, 2.0], dy=[1.0, 0.0])
check_grad("mjp e2", fj, [2.0, 3.0], [1.0, 6.0], dy=[0.0, 1.0])

# higher_order.fut
check("d2 sin", lambda v: cos(v[0]), [0.5], [1], -sin(0.5))
check("d/dx of 3x^2", lambda v: 3 * v[0] ** 2, [2.0], [1], 12.0)
hess_grad = lambda v: [2 * v[0] * v[1], v[0] ** 2 + 3 * v[1] ** 2]
check("hvp", hess_grad, [1.0, 2.0], [1.0, 0.0], [4.0, 2.0])
check("d/dx of 6x", lambda v: 6 * v[0], [1.5], [1], 6.0)

# partial_and_free.fut
check("jvp (g 3) at 2", lambda v: 3 * v[0] * v[0], [2.0], [1], 12.0)
check("jvp (2 **) at 3", lambda v: 2 ** v[0], [3.0], [1], 8 * log(2))
check("jvp sin>->exp at .5", lambda v: exp(sin(v[0])), [0.5], [1], exp(sin(0.5)) * cos(0.5))

# loops.fut
check("x^11 at 1.1", lambda v: v[0] ** 11, [1.1], [1], 11 * 1.1 ** 10)


def lin(x, n):
    a = x
    for _ in range(n):
        a = a * 0.5 + x
    return a


check("stripmine n=10", lambda v: lin(v[0], 10), [3.0], [1], 0.5 ** 10 + (1 - 0.5 ** 10) / 0.5)
check("stripmine n=7", lambda v: lin(v[0], 7), [3.0], [1], 0.5 ** 7 + (1 - 0.5 ** 7) / 0.5)


def wl(x):
    y = x
    while y < 100:
        y = y * 3
    return y


check("while x=2", lambda v: wl(v[0]), [2.0], [1], 81.0)


def accsq(v):
    acc = 0.0
    for x in v:
        acc = acc * 0.5 + x * x
    return acc


check_grad("for-in grad", accsq, [1.0, 2.0, 3.0], [0.5, 2.0, 6.0])

# reductions.fut
check_grad("product grad", lambda v: v[0] * v[1] * v[2], [2.0, 3.0, 4.0], [12.0, 8.0, 6.0])
scan_add = lambda v: [v[0], v[0] + v[1], v[0] + v[1] + v[2]]
check_grad("scan + vjp", scan_add, [1.0, 2.0, 3.0], [3.0, 2.0, 1.0], dy=[1.0, 1.0, 1.0])
scan_mul = lambda v: [v[0], v[0] * v[1], v[0] * v[1] * v[2]]
check("scan * jvp", scan_mul, [1.0, 2.0, 3.0], [1.0, 0.0, 0.0], [1.0, 2.0, 6.0])
check("scan * jvp all", scan_mul, [1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [1.0, 2.0 + 1.0, 6.0 + 3.0 + 2.0])

# map_free.fut
mf = lambda v: v[2] * (v[0] ** 2 + v[1] ** 2)
check_grad("map with free c", mf, [1.0, 2.0, 3.0], [6.0, 12.0, 5.0])

# control_flow.fut
check("if branch x>0", lambda v: v[0] * v[0] if v[0] > 0 else -v[0], [3.0], [1], 6.0)
check("if branch x<0", lambda v: v[0] * v[0] if v[0] > 0 else -v[0], [-2.0], [1], -1.0)

# elementary.fut (x = 0.7, dx = 1)
x = 0.7
unary = [
    ("sqrt", math.sqrt, 1 / (2 * math.sqrt(x))),
    ("rsqrt", lambda t: 1 / math.sqrt(t), -1 / (2 * x ** 1.5)),
    ("cbrt", lambda t: t ** (1 / 3), 1 / (3 * x ** (2 / 3))),
    ("exp", exp, exp(x)),
    ("log", log, 1 / x),
    ("log2", math.log2, 1 / (x * log(2))),
    ("log10", math.log10, 1 / (x * log(10))),
    ("log1p", math.log1p, 1 / (1 + x)),
    ("sin", sin, cos(x)),
    ("cos", cos, -sin(x)),
    ("tan", math.tan, 1 / cos(x) ** 2),
    ("asin", math.asin, 1 / math.sqrt(1 - x * x)),
    ("acos", math.acos, -1 / math.sqrt(1 - x * x)),
    ("atan", math.atan, 1 / (1 + x * x)),
    ("sinh", math.sinh, math.cosh(x)),
    ("cosh", math.cosh, math.sinh(x)),
    ("tanh", math.tanh, 1 - math.tanh(x) ** 2),
    ("asinh", math.asinh, 1 / math.sqrt(x * x + 1)),
    ("acosh(x+1)", lambda t: math.acosh(t + 1), 1 / math.sqrt((x + 1) ** 2 - 1)),
    ("atanh", math.atanh, 1 / (1 - x * x)),
    ("erf", math.erf, 2 / math.sqrt(math.pi) * exp(-x * x)),
    ("erfc", math.erfc, -2 / math.sqrt(math.pi) * exp(-x * x)),
    ("sinpi", lambda t: sin(math.pi * t), math.pi * cos(math.pi * x)),
    ("cospi", lambda t: cos(math.pi * t), -math.pi * sin(math.pi * x)),
    ("abs(-x)", lambda t: abs(-t), 1.0),
]
for name, fn, d in unary:
    check(name, lambda v, fn=fn: fn(v[0]), [x], [1], d)
y = 1.3
binary = [
    ("atan2 y x (d first)", lambda a, b: math.atan2(a, b), [1, 0], x / (x * x + y * y)),
    ("atan2 y x (d second)", lambda a, b: math.atan2(a, b), [0, 1], -y / (x * x + y * y)),
    ("hypot (d first)", math.hypot, [1, 0], y / math.hypot(y, x)),
    ("hypot (d second)", math.hypot, [0, 1], x / math.hypot(y, x)),
    ("pow (d first)", lambda a, b: a ** b, [1, 0], x * y ** (x - 1)),
    ("pow (d second)", lambda a, b: a ** b, [0, 1], y ** x * log(y)),
    ("div (both)", lambda a, b: a / b, [1, 1], 1 / x - y / (x * x)),
]
for name, fn, d, val in binary:
    check(name, lambda v, fn=fn: fn(v[0], v[1]), [y, x], d, val)
check("fma a b c", lambda v: v[0] * v[1] + v[2], [2.0, 3.0, 4.0], [1.0, 1.0, 1.0], 3.0 + 2.0 + 1.0)
check("lerp t in range", lambda v: v[0] + (v[1] - v[0]) * v[2], [1.0, 5.0, 0.25], [1.0, 2.0, 4.0],
      (1 - 0.25) * 1 + 0.25 * 2 + (5 - 1) * 4)

print("x =", x, "y =", y)
print("unary values:")
for name, fn, d in unary:
    print("  %-12s %.17g" % (name, d))
print("binary values:")
for name, fn, d, val in binary:
    print("  %-22s %.17g" % (name, val))
print("misc: cos(.5)=%.17g sin(.5)=%.17g 2+cos1=%.17g cos3=%.17g 8ln2=%.17g"
      % (cos(0.5), sin(0.5), 2 + cos(1.0), cos(3.0), 8 * log(2)))
print("misc: exp(sin .5)cos .5=%.17g 11*1.1^10=%.17g 2e=%.17g"
      % (exp(sin(0.5)) * cos(0.5), 11 * 1.1 ** 10, 2 * math.e))
print("misc: cos(0)=1 cos(1)=%.17g cos(2)=%.17g" % (cos(1.0), cos(2.0)))

# Cross-check: the hand-derived values above, recomputed here from the
# formulas, must appear in the test blocks of the AD programs.
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cases(path):
    """(input text, output numbers) of every single-line-normalised case."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    text = " ".join(" ".join(l[2:] for l in lines if l.startswith("--")).split())
    out = []
    for m in re.finditer(r"input \{ ([^}]*) \} output \{ ([^}]*) \}", text):
        out.append((m.group(1), numbers(m.group(2))))
    return out


def numbers(text):
    text = re.sub(r"empty\([^)]*\)", " ", text)
    vals = []
    for tok in re.findall(r"-?f(?:16|32|64)\.(?:inf|nan)|true|false|-?[0-9][0-9_.eE+-]*(?:[iuf](?:8|16|32|64))?", text):
        if tok in ("true", "false"):
            vals.append(1.0 if tok == "true" else 0.0)
        elif "inf" in tok:
            vals.append(-math.inf if tok.startswith("-") else math.inf)
        elif "nan" in tok:
            vals.append(math.nan)
        else:
            vals.append(float(re.sub(r"[iuf](8|16|32|64)$", "", tok).replace("_", "")))
    return vals


def in_file(path, inp, want):
    """Some case of path with input inp must have outputs want (rel. 1e-6)."""
    global bad
    for i, got in cases(path):
        if i == inp and len(got) == len(want) and all(
                abs(g - w) <= 1e-6 * max(1.0, abs(w)) for g, w in zip(got, want)):
            print("ok  %s { %s } %r" % (path, inp, want))
            return
    bad += 1
    print("BAD %s { %s } expected %r; cases: %r" % (path, inp, want, [c for c in cases(path) if c[0] == inp]))


E = math.e
c1, c3, s3 = cos(1.0), cos(3.0), sin(3.0)
in_file("ad/scalars.fut", "0.5", [cos(0.5)])
in_file("ad/scalars.fut", "0.0", [1.0])
in_file("ad/scalars.fut", "2.0 1.5", [(3 * 4 - 4 * 2 + 1) * 1.5])
in_file("ad/scalars.fut", "2.0 1.5", [2.0 ** 3 - 2 * 4 + 2, 7.5])
in_file("ad/scalars.fut", "1.0f32 2.0f32", [2 * E])
in_file("ad/scalars.fut", "1.0", [2 * E])
in_file("ad/scalars.fut", "2.0 3.0", [log(2), 3 / 2])
in_file("ad/scalars.fut", "4.0f32", [1 / (2 * 2)])
in_file("ad/tuples.fut", "1.0 2.0 0.5 3.0", [(2 + c1) * 0.5 + 1 * 3])
in_file("ad/tuples.fut", "1.0 2.0 2.0", [(2 + c1) * 2, 1 * 2])
in_file("ad/tuples.fut", "3.0", [6.0, c3])
in_file("ad/tuples.fut", "3.0 1.0 2.0", [6 + 2 * c3])
in_file("ad/tuples.fut", "3.0", [9.0, s3, 6 + 2 * c3])
in_file("ad/records.fut", "3.0 2.0", [2.0 ** 2, 2 * 3 * 2.0])
in_file("ad/records.fut", "3.0 2.0", [1 + 2.0, 1 + 3.0, 1 + 4, 2 + 4])
in_file("ad/arrays.fut", "[1.0, 2.0, 3.0]", [2, 4, 6])
in_file("ad/arrays.fut", "[1.0, 2.0, 3.0] [1.0, 0.0, 1.0]", [2 * 1 + 2 * 3])
in_file("ad/arrays.fut", "[0.0, 1.0] [2.0, 3.0]", [2 * cos(0), 3 * c1])
in_file("ad/arrays.fut", "[1.0, 2.0] [3.0, 4.0]", [3, 4, 1, 2])
in_file("ad/arrays.fut", "[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] [1.0, -1.0] [1.0, 1.0, 1.0]", [1 + 3 + 5, 2 + 4 + 6])
in_file("ad/arrays.fut", "[[1.0, 2.0], [3.0, 4.0]]", [2, 6, 4, 8])
in_file("ad/jmp_mjp.fut", "0.5 [1.0, 2.0, -1.0]", [cos(0.5), 2 * cos(0.5), -cos(0.5)])
in_file("ad/higher_order.fut", "0.5", [-sin(0.5)])
in_file("ad/higher_order.fut", "2.0", [6 * 2.0])
in_file("ad/higher_order.fut", "1.0 2.0 1.0 0.0", [2 * 2.0, 2 * 1.0])
in_file("ad/higher_order.fut", "1.0 2.0 0.0 1.0", [2 * 1.0, 6 * 2.0])
in_file("ad/higher_order.fut", "[0.0, 1.0, 2.0]", [cos(0), cos(1), cos(2)])
in_file("ad/higher_order.fut", "1.5", [6.0])
in_file("ad/partial_and_free.fut", "2.0", [2 * 3 * 2.0, 2 * 3 * 2.0])
in_file("ad/partial_and_free.fut", "1.5 4.0", [1.5 * 2, 0.0])
in_file("ad/partial_and_free.fut", "3.0", [5.0, 2 ** 3 * log(2), -1.0])
in_file("ad/partial_and_free.fut", "0.5", [exp(sin(0.5)) * cos(0.5)])
in_file("ad/partial_and_free.fut", "0.0f32 2.0f32", [2 * cos(0)])
in_file("ad/with_vjp.fut", "0.5 2.0", [sin(0.5), 100 * 2.0])
in_file("ad/with_vjp.fut", "0.5", [cos(0.5)])
in_file("ad/with_vjp.fut", "1.0", [E, E])
in_file("ad/with_vjp.fut", "2.0", [100 * 3 * 2.0 * 0.1])
in_file("ad/loops.fut", "1.1 10", [11 * 1.1 ** 10] * 2)
in_file("ad/loops.fut", "3.0 10i64", [0.5 ** 10 + sum(0.5 ** k for k in range(10))] * 2)
in_file("ad/loops.fut", "3.0 7i64", [0.5 ** 7 + sum(0.5 ** k for k in range(7))] * 2)
in_file("ad/loops.fut", "2.0", [3.0 ** 4] * 2)
in_file("ad/loops.fut", "[1.0, 2.0, 3.0]", [2 * 1 * 0.25, 2 * 2 * 0.5, 2 * 3 * 1.0])
in_file("ad/power_edges.fut", "2.0 3.0", [3 * 2.0 ** 2, 2.0 ** 3 * log(2)])
in_file("ad/power_edges.fut", "-2.0 3.0", [3 * 4.0, 0.0])
in_file("ad/loop_updates.fut", "[2.0, 3.0, 4.0] [1.0, 1.0, 1.0]", [1 + 3 + 3 * 4, 2 + 2 * 4, 2 * 3, 2 + 2 * 4])
in_file("ad/elementary.fut", "0.7", [d for _, _, d in unary[:8]])
in_file("ad/elementary.fut", "0.7", [d for _, _, d in unary[8:14]] + [d for _, _, d in unary[22:24]])
in_file("ad/elementary.fut", "0.7", [d for _, _, d in unary[14:22]])
in_file("ad/elementary.fut", "1.3 0.7", [v for _, _, _, v in binary])
in_file("ad/control_flow.fut", "3.0", [6.0, 6.0, 2 * 3.0 * 1.5])
in_file("ad/map_free.fut", "[1.0, 2.0] 3.0", [2 * 3 * 1.0, 2 * 3 * 2.0, 1.0 + 4.0])
def affine_sum(v):
    """scan_hist_ops.fut: sum of the offsets of the prefix compositions of y -> a*y + b."""
    n = len(v) // 2
    A, B, total = 1.0, 0.0, 0.0
    for a, b in zip(v[:n], v[n:]):
        A, B = A * a, B * a + b
        total += B
    return total


a2, a3, b1, b2 = 3.0, 4.0, 1.0, 5.0
check_grad("affine scan", affine_sum, [2.0, 3.0, 4.0, 1.0, 5.0, 7.0],
           [0.0, b1 + b1 * a3, b1 * a2 + b2, 1 + a2 + a2 * a3, 1 + a3, 1.0])
in_file("ad/scan_hist_ops.fut", "[2.0, 3.0, 4.0] [1.0, 5.0, 7.0]", [0.0, b1 + b1 * a3, b1 * a2 + b2, 1 + a2 + a2 * a3, 1 + a3, 1.0])
check_grad("hist *", lambda v: [v[0] * v[1], v[2]], [2.0, 3.0, 5.0], [3.0, 2.0, 1.0], dy=[1.0, 1.0])
in_file("ad/scan_hist_ops.fut", "[2.0, 3.0, 5.0]", [3.0, 2.0, 1.0])
print("%d problems" % bad)
sys.exit(1 if bad else 0)
