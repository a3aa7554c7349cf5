-- Declarations without entry points or test blocks; the file only has to type-check.

def id2 'a (x: a) : a = x

type~ dyn = []f32

local def hidden = 1i32

module type empty_sig = {}

module empty_mod : empty_sig = {}

def unit_fun () : () = ()

def uses_all = (id2 hidden, unit_fun ())
