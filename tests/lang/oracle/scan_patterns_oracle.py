#!/usr/bin/env python3
"""Independent oracle for tests/lang/ad/scan_patterns.fut.

Small cases: exact forward-mode dual numbers over Fractions (one forward
pass per input element; max/min choose by primal value, inputs have no
ties). Large cases: a tiny tape-based reverse-mode AD in floats, checked
first against the dual numbers on small random inputs. Nothing here
shares code or method with Fluxion's scan rules (no Jacobian composition).
"""
from fractions import Fraction as Fr
import math, random, sys

class D:
    """Dual number a + b eps."""
    def __init__(s, a, b=0): s.a, s.b = a, b
    def __add__(s, o): o = lift(o); return D(s.a + o.a, s.b + o.b)
    __radd__ = __add__
    def __sub__(s, o): o = lift(o); return D(s.a - o.a, s.b - o.b)
    def __rsub__(s, o): return lift(o) - s
    def __mul__(s, o): o = lift(o); return D(s.a * o.a, s.a * o.b + s.b * o.a)
    __rmul__ = __mul__
def lift(x): return x if isinstance(x, D) else D(x)
def val(x): return x.a if isinstance(x, D) else x.v
def gmax(x, y): return x if val(x) >= val(y) else y
def gmin(x, y): return x if val(x) <= val(y) else y

def scan(op, ne, xs):
    acc, out = ne, []
    for x in xs:
        acc = op(acc, x)
        out.append(acc)
    return out

def vjp_dual(op, ne, cols, seeds):
    """Adjoints of sum_c <seeds_c, ys_c> w.r.t. every input element."""
    k, n = len(cols), len(cols[0])
    adj = [[None] * n for _ in range(k)]
    for c in range(k):
        for i in range(n):
            xs = [tuple(D(cols[cc][j], 1 if (cc, j) == (c, i) else 0) for cc in range(k)) for j in range(n)]
            ys = scan(op, tuple(D(v) for v in ne), xs)
            adj[c][i] = sum((seeds[cc][j] * ys[j][cc].b for cc in range(k) for j in range(n)), Fr(0))
    return adj

# --- tape reverse mode (floats) ---
class V:
    def __init__(s, v, parents=()):
        s.v, s.parents, s.g = v, parents, 0.0
    def __add__(s, o): o = vlift(o); return V(s.v + o.v, ((s, 1.0), (o, 1.0)))
    __radd__ = __add__
    def __sub__(s, o): o = vlift(o); return V(s.v - o.v, ((s, 1.0), (o, -1.0)))
    def __mul__(s, o): o = vlift(o); return V(s.v * o.v, ((s, o.v), (o, s.v)))
    __rmul__ = __mul__
def vlift(x): return x if isinstance(x, V) else V(x)
def backward(out_terms):
    # topological order by creation (ids increase); iterative
    order, seen, stack = [], set(), [t for t, _ in out_terms]
    for t, w in out_terms:
        t.g += w
    # collect nodes
    nodes, st = [], [t for t, _ in out_terms]
    while st:
        x = st.pop()
        if id(x) in seen: continue
        seen.add(id(x)); nodes.append(x)
        for p, _ in x.parents: st.append(p)
    nodes.sort(key=lambda x: -x.uid)
    for x in nodes:
        for p, w in x.parents:
            p.g += w * x.g
_uid = [0]
_orig_init = V.__init__
def _init(s, v, parents=()):
    _orig_init(s, v, parents); _uid[0] += 1; s.uid = _uid[0]
V.__init__ = _init

def vjp_tape(op, ne, cols, seeds):
    k, n = len(cols), len(cols[0])
    xs = [[V(float(cols[c][j])) for c in range(k)] for j in range(n)]
    ys = scan(op, tuple(V(float(v)) for v in ne), [tuple(r) for r in xs])
    backward([(ys[j][c], float(seeds[c][j])) for j in range(n) for c in range(k)])
    return [[xs[j][c].g for j in range(n)] for c in range(k)]


# operators (generic over D, V and plain numbers)
def indep(x, y): return (x[0] + y[0], x[1] * y[1], gmax(x[2], y[2]), gmin(x[3], y[3]))
def mixed(x, y): return (x[0] + y[0], x[2] * y[1] + y[2] * x[1], x[2] * y[2])
def pairs(x, y): return (x[1] * y[0] + y[1] * x[0], x[1] * y[1], x[3] * y[2] + y[3] * x[2], x[3] * y[3])
def affine(x, y): return (x[0] * y[2] + y[0], x[1] * y[2] + y[1], x[2] * y[2])
def mm2(x, y):  # x times y, row-major
    a1, b1, c1, d1 = x; a2, b2, c2, d2 = y
    return (a1*a2 + b1*c2, a1*b2 + b1*d2, c1*a2 + d1*c2, c1*b2 + d1*d2)
def mm2_swapped(x, y): return mm2(y, x)
def mm3(x, y):
    return tuple(sum((x[3*r + j] * y[3*j + c] for j in range(1, 3)), x[3*r] * y[c]) for r in range(3) for c in range(3))

def fmt(v):
    if isinstance(v, Fr):
        f = float(v)
        assert Fr(f) == v or abs(f) > 1e6, v  # the values below are exact in binary
        return repr(f)
    return repr(v)

def block(name, args, outs):
    print("-- entry: " + name)
    print("-- input { " + " ".join("[" + ", ".join(fmt(Fr(x)) for x in a) + "]" for a in args) + " }")
    print("-- output { " + " ".join("[" + ", ".join(fmt(x) for x in o) + "]" for o in outs) + " }")

def F(xs): return [Fr(x) for x in xs]

def small(name, op, ne, cols, seeds):
    cols = [F(c) for c in cols]; seeds = [F(s) for s in seeds]
    adj = vjp_dual(op, ne, cols, seeds)
    tape = vjp_tape(op, ne, cols, seeds)
    for c in range(len(adj)):
        for i in range(len(adj[c])):
            assert abs(float(adj[c][i]) - tape[c][i]) <= 1e-9 * max(1, abs(tape[c][i])), (name, c, i)
    return adj

# Cross-check the two methods on random inputs first.
rnd = random.Random(1)
def mm8s(x, y): return mm2(x[:4], y[:4]) + mm2(y[4:], x[4:])
for op, ne, k in [(mm8s, (1, 0, 0, 1, 1, 0, 0, 1), 8), (indep, (0, 1, -10**9, 10**9), 4), (pairs, (0, 1, 0, 1), 4), (mm2, (1, 0, 0, 1), 4),
                  (mm2_swapped, (1, 0, 0, 1), 4), (mm3, (1, 0, 0, 0, 1, 0, 0, 0, 1), 9), (mixed, (0, 0, 1), 3),
                  (affine, (0, 0, 1), 3)]:
    n = 6
    cols = [[Fr(rnd.randint(-20, 20), 8) for _ in range(n)] for _ in range(k)]
    seeds = [[Fr(rnd.randint(-20, 20), 4) for _ in range(n)] for _ in range(k)]
    d = vjp_dual(op, ne, cols, seeds)
    t = vjp_tape(op, ne, cols, seeds)
    for c in range(k):
        for i in range(n):
            assert abs(float(d[c][i]) - t[c][i]) <= 1e-9 * max(1, abs(t[c][i])), (c, i)
print("-- (dual numbers and tape agree on random inputs)", file=sys.stderr)

print("== small cases")
cases = [
    ("indep", indep, (0, 1, -10**9, 10**9),
     [[1, 2, 3, 0.5], [2, 0.5, 3, -1], [5, 1, 7, 6], [4, 2, 3, 1]],
     [[1, 2, 3, 4], [1, -1, 2, 0.5], [1, 1, 1, 1], [2, 1, 0.5, 1]]),
    ("mixed_blocks", mixed, (0, 0, 1),
     [[1, 2, 3], [1, 3, 5], [2, 4, 6]],
     [[1, 1, 1], [1, 0, 1], [0, 1, 1]]),
    ("pairs", pairs, (0, 1, 0, 1),
     [[1, 3, 5], [2, 4, 6], [0.5, 1, -1], [2, 0.5, 3]],
     [[1, 0, 1], [0, 1, 1], [1, 1, 1], [1, 2, 0.5]]),
    ("affine_shared", affine, (0, 0, 1),
     [[1, 2, 3], [0.5, -1, 2], [2, 3, 0.5]],
     [[1, 1, 1], [1, 0, 2], [0.5, 1, 1]]),
    ("mm_swapped", mm2_swapped, (1, 0, 0, 1),
     [[1, 0, 2], [2, 1, 0], [3, 1, 0], [4, 0, 2]],
     [[1, 0, 1], [0, 1, 1], [0, 0, 1], [0, 0, 1]]),
]
for name, op, ne, cols, seeds in cases:
    adj = small(name, op, ne, cols, seeds)
    block(name, cols + seeds, adj)

# mm3 on rows of 9
m = [[1, 2, 0, 0, 1, 1, 1, 0, 1], [2, 0, 1, 1, 1, 0, 0, 1, 1], [1, 1, 0, 0, 2, 1, 1, 0, 0.5]]
s = [[1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 1, 1, 0, 0, 0, 0, 0, 0], [0.5, 1, 1, 1, 1, 1, 1, 1, 2]]
adj = small("mm3", mm3, (1, 0, 0, 0, 1, 0, 0, 0, 1), [list(c) for c in zip(*m)], [list(c) for c in zip(*s)])
rows = [list(r) for r in zip(*adj)]
print("-- entry: mm3")
print("-- input { [" + ", ".join("[" + ", ".join(fmt(Fr(x)) for x in r) + "]" for r in m) + "] [" +
      ", ".join("[" + ", ".join(fmt(Fr(x)) for x in r) + "]" for r in s) + "] }")
print("-- output { [" + ", ".join("[" + ", ".join(fmt(x) for x in r) + "]" for r in rows) + "] }")

print("== large cases (n = 10000): sums of adjoints per component")
n = 10000
# Reflections by angles 0.37 i: orthogonal (products stay bounded) and,
# unlike rotations, not commuting, so that the product order of the
# adjoint scan's matrices matters.
ph = [0.37 * i for i in range(n)]
cols = [[math.cos(t) for t in ph], [math.sin(t) for t in ph], [math.sin(t) for t in ph], [-math.cos(t) for t in ph]]
seeds = [[math.sin(0.01 * i) for i in range(n)], [1.0] * n, [0.5] * n, [math.cos(0.02 * i) for i in range(n)]]
A = lambda i: [cols[c][i] for c in range(4)]
comm = max(abs(p - q) for p, q in zip(mm2(A(1), A(2)), mm2(A(2), A(1))))
print("-- (two elements' commutator: %g)" % comm, file=sys.stderr)
adj = vjp_tape(mm2, (1, 0, 0, 1), cols, seeds)
print("-- entry: mm_big  input { 10000i64 }  output {", " ".join(repr(sum(a)) for a in adj), "}")
def mm8(x, y): return mm2(x[:4], y[:4]) + mm2(y[4:], x[4:])
ps = [0.53 * i + 0.2 for i in range(n)]
cols8 = cols + [[math.cos(t) for t in ps], [math.sin(t) for t in ps], [math.sin(t) for t in ps], [-math.cos(t) for t in ps]]
seeds8 = seeds + [[1.0] * n, [math.sin(0.03 * i) for i in range(n)], [2.0] * n, [-1.0] * n]
adj = vjp_tape(mm8, (1, 0, 0, 1, 1, 0, 0, 1), cols8, seeds8)
print("-- entry: mm8_big  input { 10000i64 }  output {", " ".join(repr(sum(a)) for a in adj), "}")
