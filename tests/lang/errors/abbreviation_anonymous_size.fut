-- An anonymous size in the parameter of a function type in an
-- abbreviation is existential there, and no array of the value has it.
-- ==
-- error: :6:7: Type abbreviation contains an anonymous size not used constructively as an array size

type^ pred = []bool -> bool

def main (b: bool) = b
