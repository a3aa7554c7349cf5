-- Ascription makes a type abstract: values of M.t are only built and inspected through M.
-- ==
-- input { 5 } output { 7 true }

module counter : {
  type t
  val new : i32 -> t
  val incr : t -> t
  val get : t -> i32
  val eq : t -> t -> bool
} = {
  type t = {count: i32}
  def new (x: i32) : t = {count = x}
  def incr (c: t) : t = c with count = c.count + 1
  def get (c: t) = c.count
  def eq (a: t) (b: t) = a.count == b.count
}

type counter = counter.t

def main (x: i32) =
  let c : counter = counter.new x
  let d = counter.incr (counter.incr c)
  in (counter.get d, counter.eq d (counter.new (x + 2)))
