-- A constant entry point whose result has an anonymous size that its
-- body does not determine: the caller would choose that size.
-- ==
-- error: :6:1: Entry point functions must not be size-polymorphic in their return type

entry main : [0][]i32 = []
