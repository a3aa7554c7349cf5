#!/usr/bin/env python3
"""Independent oracle for tests/lang/ad/hist_*.fut and opfree_*.fut.

Each primal is written again in plain Python (reduce_by_index as the
sequential loop of its definition, reduce and scan as left folds from the
neutral element) over dual numbers, which give exact first derivatives;
the gradients are also checked against central finite differences. The
expected outputs must appear in the test blocks (relative 1e-9).
Run: python3 tests/lang/oracle/hist_oracle.py (exits non-zero on a problem).
"""
import math
import os
import re
import sys

bad = 0


class D:
    """A dual number: value and partial derivatives by input index."""

    def __init__(self, v, d=None):
        self.v, self.d = float(v), d or {}

    @staticmethod
    def lift(x):
        return x if isinstance(x, D) else D(x)

    def _comb(self, o, v, a, b):
        d = {}
        for k, x in self.d.items():
            d[k] = d.get(k, 0.0) + a * x
        for k, x in o.d.items():
            d[k] = d.get(k, 0.0) + b * x
        return D(v, d)

    def __add__(self, o):
        o = D.lift(o)
        return self._comb(o, self.v + o.v, 1.0, 1.0)

    __radd__ = __add__

    def __sub__(self, o):
        o = D.lift(o)
        return self._comb(o, self.v - o.v, 1.0, -1.0)

    def __rsub__(self, o):
        return D.lift(o) - self

    def __mul__(self, o):
        o = D.lift(o)
        return self._comb(o, self.v * o.v, o.v, self.v)

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = D.lift(o)
        return self._comb(o, self.v / o.v, 1.0 / o.v, -self.v / (o.v * o.v))

    def __rtruediv__(self, o):
        return D.lift(o) / self

    def __gt__(self, o):
        return self.v > D.lift(o).v


def dmax(a, b):
    # f64.max: the first argument on ties (irrelevant here: no ties).
    a, b = D.lift(a), D.lift(b)
    return a if a.v >= b.v else b


def reduce_by_index(dst, op, inds, vals):
    dst = list(dst)
    for i, v in zip(inds, vals):
        if 0 <= i < len(dst):
            dst[i] = op(dst[i], v)
    return dst


def hist(op, ne, w, inds, vals):
    return reduce_by_index([ne] * w, op, inds, vals)


def fold(op, ne, xs):
    acc = ne
    for x in xs:
        acc = op(acc, x)
    return acc


def scan(op, ne, xs):
    out, acc = [], ne
    for x in xs:
        acc = op(acc, x)
        out.append(acc)
    return out


def leaves(x):
    if isinstance(x, (list, tuple)):
        return [l for e in x for l in leaves(e)]
    return [x]


def shape_like(template, flat):
    """Rebuild nested lists shaped like template from the flat list."""
    it = iter(flat)

    def go(t):
        if isinstance(t, (list, tuple)):
            return [go(e) for e in t]
        return next(it)

    return go(template)


def vjp(f, args, seed):
    """The cotangent of every float leaf of args for the result seed."""
    flat = leaves(args)
    duals = [D(x, {i: 1.0}) for i, x in enumerate(flat)]
    out = leaves(f(*shape_like(args, duals)))
    seeds = leaves(seed)
    grad = [0.0] * len(flat)
    for o, s in zip(out, seeds):
        for k, x in D.lift(o).d.items():
            grad[k] += s * x
    return grad


def fd_vjp(f, args, seed, h=1e-6):
    flat = leaves(args)
    seeds = leaves(seed)
    grad = []
    for i in range(len(flat)):
        p, m = list(flat), list(flat)
        p[i] += h
        m[i] -= h
        yp = leaves(f(*shape_like(args, p)))
        ym = leaves(f(*shape_like(args, m)))
        grad.append(sum(s * (D.lift(a).v - D.lift(b).v) / (2 * h) for s, a, b in zip(seeds, yp, ym)))
    return grad


def close(a, b, tol):
    return all(abs(x - y) <= tol * max(1.0, abs(y)) for x, y in zip(a, b)) and len(a) == len(b)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cases(path):
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    text = " ".join(" ".join(l[2:] for l in lines if l.startswith("--")).split())
    out = []
    for block in text.split("entry: ")[1:]:
        entry = block.split()[0]
        for m in re.finditer(r"input \{ ([^}]*) \} output \{ ([^}]*) \}", block):
            out.append((entry, numbers(m.group(1)), numbers(m.group(2))))
    return out


def numbers(text):
    text = re.sub(r"empty\([^)]*\)", " ", text)
    vals = []
    for tok in re.findall(r"-?f64\.inf|-?[0-9][0-9_.eE+-]*(?:[iuf](?:8|16|32|64))?", text):
        if "inf" in tok:
            vals.append(-math.inf if tok.startswith("-") else math.inf)
        else:
            vals.append(float(re.sub(r"[iuf](8|16|32|64)$", "", tok).replace("_", "")))
    return vals


def check(path, entry, f, args, seed, seed_input=True):
    """The gradient of f at args (exact, and by finite differences) must be
    the output of the case of entry whose input is args (and the seed,
    where the entry takes it)."""
    global bad
    g = vjp(f, args, seed)
    num = fd_vjp(f, args, seed)
    ok = close(g, num, 1e-5)
    want = g
    inputs = leaves(args) + (leaves(seed) if seed_input else [])
    found = any(e == entry and close(inp, inputs, 0) and close(out, want, 1e-9)
                for e, inp, out in cases(path))
    if not ok or not found:
        bad += 1
    print("%-4s %s %s: %r (fd %r)%s" % ("ok" if ok and found else "BAD", path, entry, want, num,
                                        "" if found else "  NOT IN THE TEST BLOCKS"))


def checkv(path, entry, inputs, want):
    """A value computed here must be the output of the case with inputs."""
    global bad
    found = any(e == entry and close(inp, leaves(inputs), 0) and close(out, leaves(want), 1e-9)
                for e, inp, out in cases(path))
    if not found:
        bad += 1
    print("%-4s %s %s: %r" % ("ok" if found else "BAD", path, entry, want))


H = "ad/hist_generic.fut"


def affine(a, b):
    r = hist(lambda x, y: (x[0] * y[0], x[1] * y[0] + y[1]), (1, 0), 2, [0, 1, 0, 5, 0], list(zip(a, b)))
    return [x[0] for x in r] + [x[1] for x in r]


check(H, "affine", affine, [[2.0, 3.0, 4.0, 5.0, 1.0], [1.0, 0.0, 2.0, 7.0, 3.0]], [1.0, 1.0, 1.0, 1.0])


def free_scalar(d, v, c):
    return reduce_by_index(d, lambda x, y: x + y + c * x * y, [1, 0, 1, 3, 1], v)


check(H, "free_scalar", free_scalar, [[1.0, 2.0, 0.5], [0.5, 1.0, 2.0, 3.0, 1.0], 2.0], [1.0, 10.0, 100.0])


def free_array(v, w):
    return sum(hist(lambda x, y: x + y + w[0] * x * y, 0, 1, [0, 7, 0, -1], v), D(0))


check(H, "free_array", free_array, [[0.5, 1.0, 2.0, 1.5], [3.0, 2.0]], [1.0], False)


def rows(m):
    r = hist(lambda x, y: [p * q for p, q in zip(x, y)], [1, 1], 3, [2, 3, 2], m)
    return leaves(r)


check(H, "rows", rows, [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]], [1.0] * 6, False)


def rows_max(d, v):
    return leaves(reduce_by_index(d, lambda x, y: [dmax(p, q) for p, q in zip(x, y)], [0, 2, 1], v))


check(H, "rows_max", rows_max, [[[5.0, 0.0], [1.0, 1.0]], [[3.0, 4.0], [7.0, -1.0], [2.0, 2.0]]], [1.0] * 4, False)


def counted(v, c):
    r = hist(lambda x, y: (x[0] + y[0] + c * x[0] * y[0], x[1] + y[1]), (0, 0), 2, [0, 1, 0, -3], [(x, 1) for x in v])
    return sum((s * k for s, k in r), D(0))


check(H, "counted", counted, [[1.0, 2.0, 3.0, 4.0], 0.5], [1.0], False)


def hessian_row(v, c, h=1e-5):
    """d/dc of the gradient with respect to v (exact gradients, central
    differences in c; the gradient is linear in c here)."""
    f = lambda c: (lambda v: sum(hist(lambda x, y: x + y + c * x * y, 0, 2, [0, 1, 0], v), D(0)))
    gp, gm = vjp(f(c + h), [v], [1.0]), vjp(f(c - h), [v], [1.0])
    return [(p - m) / (2 * h) for p, m in zip(gp, gm)]


checkv(H, "hessian", [[1.0, 2.0, 3.0], 0.5], [round(x, 9) for x in hessian_row([1.0, 2.0, 3.0], 0.5)])

O = "ad/opfree_ops.fut"
check(O, "reduce_free_array", lambda xs, w: fold(lambda a, b: a + b + w[1] * a * b, 0, xs),
      [[0.5, 1.0, 2.0], [5.0, 0.5]], [1.0], False)
check(O, "scan_free", lambda xs, c: sum(scan(lambda a, b: a + b + c * a * b, 0, xs), D(0)),
      [[1.0, 2.0, 0.5], 0.5], [1.0], False)
check(O, "hist_free", lambda xs, c: sum(hist(lambda a, b: a + b + c * a * b, 0, 2, [0, 1, 0, 5], xs), D(0)),
      [[1.0, 2.0, 0.5, 4.0], 0.5], [1.0], False)


def reduce_ne(xs, c):
    # The reduction as a function: c^(n-1) * product xs, and 1/c for n = 0.
    # (fold(op, 1/c, xs) has the same values, and the same derivatives
    # since 1/c is neutral for every c.)
    return fold(lambda a, b: a * b * c, 1 / D.lift(c), xs)


check(O, "reduce_ne", reduce_ne, [[1.0, 2.0, 3.0], 2.0], [1.0], False)
check(O, "reduce_ne", reduce_ne, [[], 2.0], [1.0], False)
check(O, "scan_ne", lambda xs, c: scan(lambda a, b: a * b * c, 1 / D.lift(c), xs), [[1.0, 2.0, 3.0], 2.0], [1.0, 1.0, 1.0])
check(O, "hist_ne", lambda d, v, c: reduce_by_index(d, lambda a, b: a * b * c, [0, 2, 0], v),
      [[1.0, 2.0, 3.0], [2.0, 4.0, 0.5], 2.0], [1.0, 1.0, 1.0], False)
check(O, "hist_in_map", lambda xs, c: sum((sum(hist(lambda a, b: a + b + x * c * a * b, 0, 2, [0, 1, 0], xs), D(0)) for x in xs), D(0)),
      [[1.0, 2.0, 0.5], 0.5], [1.0], False)

print("%d problems" % bad)
sys.exit(1 if bad else 0)
