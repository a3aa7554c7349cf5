-- | Automatic differentiation operators (LANGUAGE.md §13.5, §14).

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
