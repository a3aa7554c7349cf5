-- A module type that is not bound.
-- ==
-- error: :5:12: unknown module type S

module M : S = {}
