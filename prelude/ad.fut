-- | Automatic differentiation operators (LANGUAGE.md §13.5, §14).

import "array"

def jvp2 'a 'b (f: a -> b) (x: a) (dx: a) : (b, b) = __jvp2 f x dx

def jvp 'a 'b (f: a -> b) (x: a) (dx: a) : b = (__jvp2 f x dx).1

def vjp2 'a 'b (f: a -> b) (x: a) (dy: b) : (b, a) = __vjp2 f x dy

def vjp 'a 'b (f: a -> b) (x: a) (dy: b) : a = (__vjp2 f x dy).1

def jmp2 'a 'b [n] (f: a -> b) (x: a) (dxs: [n]a) : (b, [n]b) = __jmp2 f x dxs

def jmp 'a 'b [n] (f: a -> b) (x: a) (dxs: [n]a) : [n]b = (__jmp2 f x dxs).1

def mjp2 'a 'b [n] (f: a -> b) (x: a) (dys: [n]b) : (b, [n]a) = __mjp2 f x dys

def mjp 'a 'b [n] (f: a -> b) (x: a) (dys: [n]b) : [n]a = (__mjp2 f x dys).1

def with_vjp 'a 'b (f: a -> b) (f': b -> b -> a) (x: a) : b = __with_vjp f f' x

-- | The tape travels as an extra primal output, so the custom derivative
-- of the pair-valued function can read it; its own cotangent is ignored.
def with_vjp_tape 'a 'b 'c (f: a -> (c, b)) (f': (c, b) -> a) (x: a) : b =
  (__with_vjp f (\(tape, _) (_, dy) -> f' (tape, dy)) x).1

-- Derivatives by shape (in the manner of JAX's grad, jacfwd and jacrev):
-- each picks the mode whose cost is a small multiple of one evaluation of
-- f for its shape of Jacobian.

-- The n one-hot seeds of an n-vector, as rows.
local def onehots (n: i64) : [n][n]f64 =
  tabulate n (\i -> tabulate n (\j -> if i == j then 1 else 0))

-- | The gradient of a function with one `f64` result, by reverse mode:
-- about the cost of a few evaluations of `f`, whatever the size of `x`.
def grad 'a (f: a -> f64) (x: a) : a = (__vjp2 f x 1).1

-- | `f x` and its gradient, from one evaluation.
def grad2 'a (f: a -> f64) (x: a) : (f64, a) = __vjp2 f x 1

-- | The derivative of a function of one `f64`, whatever its result (a
-- scalar, an array, a tuple), by forward mode.
def deriv 'b (f: f64 -> b) (x: f64) : b = (__jvp2 f x 1).1

-- | `f x` and its derivative, from one evaluation.
def deriv2 'b (f: f64 -> b) (x: f64) : (b, b) = __jvp2 f x 1

-- | The Jacobian of `f` at `x`, `[m][n]` with `d f(x)[i] / d x[j]` at
-- `[i, j]`, by forward mode: one vectorised pass carries all `n` tangents
-- (`jmp`), so it suits Jacobians with few columns.
def jacfwd [n] [m] (f: [n]f64 -> [m]f64) (x: [n]f64) : [m][n]f64 =
  transpose (__jmp2 f x (onehots n)).1

-- | The Jacobian of `f` at `x` by reverse mode: one forward sweep and the
-- return sweeps of all `m` results together (`mjp`), so it suits
-- Jacobians with few rows. `x` may be of any type: row `i` is the
-- gradient of `f x` element `i`, shaped like `x`; for `x: [n]f64` the
-- result is the `[m][n]` Jacobian, as `jacfwd` gives it.
def jacrev 'a [m] (f: a -> [m]f64) (x: a) : [m]a = (__mjp2 f x (onehots m)).1

-- | The product of the Hessian of `f` at `x` with `v`, by forward over
-- reverse mode: about the cost of a few gradients.
def hvp 'a (f: a -> f64) (x: a) (v: a) : a = (__jvp2 (grad f) x v).1

-- | The Hessian of `f` at `x`, `[n][n]`, by forward over reverse mode:
-- one vectorised pass of `n` tangents through the gradient.
def hessian [n] (f: [n]f64 -> f64) (x: [n]f64) : [n][n]f64 =
  transpose (__jmp2 (grad f) x (onehots n)).1
