-- match with literal patterns (integers, negative, bool, char, float), tuples, records, wildcards and ascription.
-- ==
-- entry: ints
-- input { [0, 1, -1, 97, 7] } output { [100, 101, 99, 97, 7] }

entry ints (xs: []i32) : []i32 =
  map (\x -> match x
             case 0 -> 100
             case 1 -> 101
             case -1 -> 99
             case 'a' -> 97
             case _ -> x) xs

-- ==
-- entry: tuples
-- input { [1.5, 2.5, 0.0] [true, false, true] } output { [1, 2, 3] }

entry tuples (xs: []f64) (bs: []bool) : []i32 =
  map2 (\x b -> match (x, b)
                case (1.5, true) -> 1
                case (_, false) -> 2
                case (_ : f64, _) -> 3) xs bs

-- ==
-- entry: records
-- input { 3 4 } output { 7 12 -1 }

entry records (a: i32) (b: i32) =
  let f (r: {x: i32, y: i32}) : i32 =
    match r
    case {x = 0, y} -> y
    case {x, y = 0} -> x
    case {x = 3, y} -> 3 + y
    case {x, y = _} -> x * 0 - 1
  in (f {x = a, y = b}, f {x = 0, y = 12}, f {x = 5, y = 5})
