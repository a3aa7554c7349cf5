-- Constants shared by the import tests (imported from two directions).

def unit_scale : f64 = 10

type id_t = i32

module token : {
  type t
  val mk : i32 -> t
  val get : t -> i32
} = {
  type t = i32
  def mk (x: i32) : t = x * 10
  def get (x: t) : i32 = x + 1
}
