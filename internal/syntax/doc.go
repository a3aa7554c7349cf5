// Package syntax is Fluxion's front end: the lexer, the parser and the
// syntax tree of the source language (LANGUAGE.md).
//
// ParseFile parses a .fut file into a *File; ParseExp, ParseType and
// ParsePat parse single phrases (signatures in strings, tests). Errors are
// returned as an ErrorList of *Error, each formatting as file:line:col:
// message; the parser recovers at declaration boundaries and reports
// several errors. No input makes the parser panic or loop: nesting depth
// is bounded and every step consumes input.
//
// The tree keeps what the checker needs: positions (Span) on every node,
// literal source text with exact values (big.Int, big.Rat), and dotted
// name chains a.b.c as one Var node, since only name resolution can tell a
// module path from a field projection. Format prints any node as a fully
// parenthesised S-expression; Walk visits a tree. grammar.txt gives the
// grammar that the parser implements.
package syntax
