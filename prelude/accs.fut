-- | Accumulators (LANGUAGE-V2 §3) and the flat views, also reachable as
-- `intrinsics.*` and with `import "intrinsics"`.

import "array"

module intrinsics = {
  -- | A write-only handle on an array of type `t`, passed to the function
  -- of `scatter_stream` or `hist_stream`.
  type acc 't = __acc t

  -- | Write `v` at index `i` (ignored if out of range): replace the
  -- element under `scatter_stream`, combine with the operator under
  -- `hist_stream`.
  def acc_write [k] 'a (acc: *acc ([k]a)) (i: i64) (v: a) : *acc ([k]a) =
    __acc_write acc i v

  -- | `scatter_stream dest f bs` applies `f` to an accumulator on `dest`
  -- and each element of `bs`, and returns `dest` with the writes done.
  def scatter_stream [k] [n] 'a 'b (dest: *[k]a) (f: *acc ([k]a) -> b -> acc ([k]a)) (bs: [n]b) : *[k]a =
    __scatter_stream dest f bs

  -- | As `scatter_stream`, but writes combine with the element by `op`,
  -- which must be associative and commutative with neutral element `ne`.
  def hist_stream [k] [n] 'a 'b (dest: *[k]a) (op: a -> a -> a) (ne: a) (f: *acc ([k]a) -> b -> acc ([k]a)) (bs: [n]b) : *[k]a =
    __hist_stream dest op ne f bs

  def flat_index_2d = flat_index_2d
  def flat_update_2d = flat_update_2d
  def flat_index_3d = flat_index_3d
  def flat_update_3d = flat_update_3d
  def flat_index_4d = flat_index_4d
  def flat_update_4d = flat_update_4d
}
