-- Syntax error tests. Chunks are separated by lines of three dashes; an
-- expected error is a regular expression after a triple hash on the line
-- where the error is reported. A chunk without one must parse cleanly.
def ok = 1
---
def f = (1, 2 ### expected \) to close parenthesis
---
def x = a..b ### expected \.\.\., \.\.< or \.\.> to finish the range
---
def x = 1..<2..<3 ### ranges do not chain
---
def x = __map f xs ### reserved for intrinsics: __map
---
def x = 0xFFq ### malformed numeric literal 0xFFq
---
def x = 1.5i32 ### integer suffix i32 on a float literal
---
def x = "abc ### unterminated string literal
---
def x = '\q' ### unknown escape sequence
---
---
def x = if a then b ### expected 'else' after then branch
---
def x = let y = 1 ### expected 'in' or another 'let'
---
def x = match x ### expected 'case' after match expression
---
def x = loop y = 0 do y ### expected 'for' or 'while' in loop
---
def = 1 ### expected a pattern, found '='
---
type t = ### expected a type, found end of file
---
module M = ### expected a module expression
---
def x = #[unsafe x ### expected \] to close attribute
---
def x = (1 + ### expected an expression, found end of file
---
def x = \ -> 1 ### expected lambda parameters
---
x = 1 ### expected a declaration, found name x
---
def x = # ### expected a constructor name
---
def x = 'ab' ### expected an expression, found '''
---
def x = λ ### unexpected character 'λ'
---
module type S = { val x } ### expected : in value spec
---
def f (x: i32 = x ### expected \) to close pattern
---
def x = {0} ### expected = after numeric field 0
---
def x = a with = 1 ### expected a field name or \[index\] after 'with'
---
def x = 1 : ### expected a type, found end of file
---
entry f (x: [n]) = x ### expected a type, found '\)'
---
def f x =
  let y = x + 1
  then y ### expected 'in' or another 'let' after let binding, found keyword 'then'
---
def a = )   ### expected an expression, found '\)'
def b = 2
def c = ]   ### expected an expression, found '\]'
def d = 4
---
-- Recovery resumes at the next declaration keyword.
def a = (1 +
def b = 2 ### expected an expression, found keyword 'def'
---
def x = let [n] = 3 in n ### expected a pattern
---
def f = \x : i32 x ### expected -> after lambda parameters
---
def x = loop acc for i < do acc ### expected an expression, found keyword 'do'
---
def x = #[] y ### expected an attribute
---
def x = #[f(1 2)] y ### expected \) to close attribute arguments
---
def x = #[0x1] y ### plain decimal integers
---
def x = f64.(1 ### expected \) to close parenthesis
---
def x = r.0.(e) ### local open needs a module name, not the field 0
---
def x = a[1:2:3:4] ### expected \] to close index
---
def x = {x = 1 y = 2} ### expected \} to close record
---
def x = xs with [0] 1 ### expected = in 'with' update
---
type t = ?.i32 ### expected \[n\] after \?
---
type t = ?[n] i32 ### expected \. after existential sizes
---
module M (P S) = P ### expected : in module parameter
---
module type S = { def x = 1 } ### expected a spec
---
def x = let (a, b = p in a ### expected \) to close tuple pattern
---
def x = match x case {0} -> 1 ### numeric field 0 cannot bind a variable
---
def x = 1 def y = 2 def z = ### expected an expression, found end of file
---
def x = .5 ### expected an expression, found '\.'
---
def x = 5. ### expected a declaration, found '\.'
---
def x = 0x1.8 ### hexadecimal float literal needs a p exponent
---
def x = $ ### expected an expression, found '\$'
---
-- Name rules (primes in entry names, && and || redefinition, absolute
-- imports) are the checker's; they parse.
entry f' x = x
def (&&) a b = a
def (&&&) a b = a
def a ||| b = a
import "/etc/lib"
