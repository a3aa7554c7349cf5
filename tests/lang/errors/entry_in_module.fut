-- Entry points are declared at the top level of a file, not inside a
-- module.
-- ==
-- error: :7:3: Entry points may not be declared inside modules

module m = {
  entry f (x: i32) = x + 1
}
