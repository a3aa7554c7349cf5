-- The if gives x, a parameter of f, the type b of a parameter of the local
-- function g: b is not in scope where x is bound.
-- ==
-- error: :7:41: Cannot unify type b with "[a-z0-9]+" \(scope violation\)\. This is because "b" is rigidly bound in a deeper scope\.

def f x =
  let g 'b (y: b) = if true then y else x
  in g
