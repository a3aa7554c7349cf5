-- A field projection whose record type is never known.
-- ==
-- error: :5:15: .*cannot infer the record type

def f = \x -> x.a
