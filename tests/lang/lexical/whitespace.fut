-- Tabs, blank lines and expressions spread over many lines are plain whitespace.
-- ==
-- input { 2 } output { 9 }

def	main	(x: i32)

  =
	let	y
	  =	x
	    +

	1
  in

  y
  *
  y
