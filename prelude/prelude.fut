-- | The prelude (LANGUAGE.md §13), implicitly opened in every file.  Each
-- file below opens only files listed before it.

open import "functional"
open import "zip"
open import "array"
open import "soacs"
open import "ad"
open import "misc"
open import "modtypes"
open import "modules"
open import "accs"
