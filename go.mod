module github.com/fluxion-lang/fluxion

go 1.26
